import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Card, Checkbox, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { API_SCOPE_LABELS, API_SCOPES } from '@parceldesk/shared/api-scopes';
import { createApiKeySchema, INTEGRATIONS_MSG, type ApiKeyCreated } from '@parceldesk/shared/schemas/integrations';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { QueryState } from '../../../../components/ui/query-state';
import { errorMessage } from '../../../../lib/api-client';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { notify } from '../../../../lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/integrations';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-JM', { timeZone: 'America/Jamaica' }) : 'Never');

/** The courier's API keys: create (the token is shown once), list with last use, revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const form = useForm({ resolver: zodResolver(createApiKeySchema), defaultValues: { name: '', scopes: [] as (typeof API_SCOPES)[number][] } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await submitWithFeedback(form.setError, ['name', 'scopes'], () => create.mutateAsync(values), {
      success: INTEGRATIONS_MSG.keyCreated, failure: 'Failed to create the API key',
    });
    if (!answer) return;
    setCreated(answer);
    form.reset({ name: '', scopes: [] });
  });

  const onRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notify.success(`${INTEGRATIONS_MSG.keyRevoked}: ${revoking.name}`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to revoke the API key'));
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="api-keys-heading">
      <Title order={2} size="h4" mb="md" id="api-keys-heading">API keys</Title>
      <form onSubmit={onSubmit} noValidate aria-label="Create an API key">
        <Stack gap="sm">
          <TextInput label="Key name" placeholder="Tasoko warehouse" error={errors.name?.message} {...form.register('name')} />
          <Controller
            control={form.control}
            name="scopes"
            render={({ field }) => (
              <Checkbox.Group label="Scopes" value={field.value} onChange={(value) => field.onChange(value)} error={errors.scopes?.message}>
                <Stack gap={4} mt={4}>
                  {API_SCOPES.map((scope) => <Checkbox key={scope} value={scope} label={`${scope}: ${API_SCOPE_LABELS[scope]}`} />)}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>Create API key</Button>
          </Group>
        </Stack>
      </form>

      <QueryState query={keys} what="the API keys">
        {({ data }) => (data.length === 0 ? <Text c="dimmed" mt="md">No API keys yet.</Text> : (
          <Table.ScrollContainer minWidth={560} mt="md">
            <Table striped aria-label="API keys">
              <Table.Thead>
                <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Key</Table.Th><Table.Th>Scopes</Table.Th><Table.Th>Last used</Table.Th><Table.Th>Status</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td>{key.name}</Table.Td>
                    <Table.Td><Code>{key.prefix}…</Code></Table.Td>
                    <Table.Td>{key.scopes.join(', ')}</Table.Td>
                    <Table.Td>{when(key.lastUsedAt)}{key.lastUsedIp ? ` from ${key.lastUsedIp}` : ''}</Table.Td>
                    <Table.Td>{key.revokedAt ? <Badge color="gray">Revoked</Badge> : <Badge color="green">Active</Badge>}</Table.Td>
                    <Table.Td>
                      {!key.revokedAt && (
                        <Button size="xs" color="red" variant="light" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking({ id: key.id, name: key.name })}>
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      </QueryState>

      <ConfirmModal
        opened={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'the key'}?`}
        message="Every system using this key is refused from now on, including a packing system connected with it. This cannot be undone: create a new key to reconnect."
        confirmLabel="Revoke key"
        danger
        isWorking={revoke.isPending}
        onConfirm={() => void onRevoke()}
        onCancel={() => setRevoking(null)}
      />

      <Modal opened={created !== null} onClose={() => setCreated(null)} title="Your new API key" centered>
        {created && (
          <Stack gap="sm">
            <Text size="sm">Copy it now: it will not be shown again. Give it to the system that calls ParcelDesk as <Code>Authorization: Bearer …</Code>.</Text>
            <Code block aria-label="New API key">{created.token}</Code>
            <Group justify="flex-end">
              <CopyButton value={created.token}>
                {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy key'}</Button>}
              </CopyButton>
              <Button onClick={() => setCreated(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
