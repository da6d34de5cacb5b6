import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Code, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_SERVICE_MAP, INTEGRATIONS_MSG, PACKING_PROFILE_LABELS, PACKING_SERVICE_TYPES, packingConnectionInputSchema,
  type ApiKey, type PackingConnection,
} from '@parceldesk/shared/schemas/integrations';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import { QueryState } from '../../../../components/ui/query-state';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useApiKeys, usePackingConnection, useSavePackingConnection } from '../../api/integrations';

const SERVICE_OPTIONS = Object.entries(SERVICE_LABELS).map(([value, label]) => ({ value, label }));

function ConnectionForm({ connection, keys }: { connection: PackingConnection['connection']; keys: ApiKey[] }) {
  const save = useSavePackingConnection();
  const form = useForm({
    resolver: zodResolver(packingConnectionInputSchema),
    defaultValues: { profile: connection?.profile ?? 'packing_v2', keyId: connection?.keyId ?? '', serviceMap: connection?.serviceMap ?? DEFAULT_SERVICE_MAP },
  });
  const { errors, isSubmitting } = form.formState;
  const usable = keys.filter((k) => !k.revokedAt);
  const onSubmit = form.handleSubmit(async (values) => {
    await submitWithFeedback(form.setError, ['keyId', 'profile'], () => save.mutateAsync(values), {
      success: INTEGRATIONS_MSG.connectionSaved, failure: 'Failed to save the packing system connection',
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Packing system connection">
      <Stack gap="sm">
        <Controller control={form.control} name="profile" render={({ field }) => (
          <Select label="Contract" data={Object.entries(PACKING_PROFILE_LABELS).map(([value, label]) => ({ value, label }))} value={field.value} onChange={(v) => field.onChange(v ?? 'packing_v2')} allowDeselect={false} />
        )} />
        <Controller control={form.control} name="keyId" render={({ field }) => (
          <Select
            label="API key the packing system uses"
            description="It needs the warehouse:push and customers:read scopes"
            placeholder={usable.length ? 'Choose a key' : 'Create a key above first'}
            data={usable.map((k) => ({ value: k.id, label: `${k.name} (${k.prefix}…)` }))}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={errors.keyId?.message}
          />
        )} />
        <Text fw={600} size="sm">Service types</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {PACKING_SERVICE_TYPES.map((type) => (
            <Controller key={type} control={form.control} name={`serviceMap.${type}`} render={({ field }) => (
              <Select label={type} data={SERVICE_OPTIONS} value={field.value} onChange={(v) => field.onChange(v ?? 'air')} allowDeselect={false} />
            )} />
          ))}
        </SimpleGrid>
        {connection && (
          <Text size="sm" c="dimmed">
            Give the packing system these addresses: customers <Code>{connection.endpoints.customers}</Code>, parcels <Code>{connection.endpoints.packages}</Code>, manifests <Code>{connection.endpoints.manifests}</Code>.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>{connection ? 'Save connection' : 'Connect packing system'}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The packing-system connection: contract, key, and its service types mapped to ours. */
export function PackingConnectionSection() {
  const connection = usePackingConnection();
  const keys = useApiKeys();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="packing-heading">
      <Title order={2} size="h4" mb="md" id="packing-heading">Packing system (Miami warehouse)</Title>
      <QueryState query={connection} what="the packing system connection">
        {(current) => (
          <QueryState query={keys} what="the API keys">
            {({ data }) => <ConnectionForm key={current.connection?.updatedAt ?? 'new'} connection={current.connection} keys={data} />}
          </QueryState>
        )}
      </QueryState>
    </Card>
  );
}
