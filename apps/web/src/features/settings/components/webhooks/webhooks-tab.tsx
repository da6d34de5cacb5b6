import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { WEBHOOK_HEADERS, WEBHOOK_MSG, type WebhookEndpoint } from '@parceldesk/shared/schemas/webhooks';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { QueryState } from '../../../../components/ui/query-state';
import { useConfirmedDelete } from '../../../../components/ui/use-confirmed-delete';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { WebhookForm } from './webhook-form';

/** Settings → Webhooks (issue 17): URLs the courier's events are POSTed to, signed, with their delivery logs. */
export function WebhooksTab() {
  const query = useWebhooks();
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const remover = useConfirmedDelete<WebhookEndpoint>(useDeleteWebhook(), { deleted: WEBHOOK_MSG.deleted, failed: 'Failed to delete the webhook' });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="webhooks-heading">
        <Title order={2} size="h4" id="webhooks-heading" mb="xs">
          Webhooks
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Each event is POSTed as JSON, signed with HMAC-SHA256 over <Code>{'{timestamp}.{body}'}</Code>: check <Code>{WEBHOOK_HEADERS.signature}</Code> (v1=hex)
          with the endpoint's secret and refuse a <Code>{WEBHOOK_HEADERS.timestamp}</Code> older than 5 minutes. <Code>{WEBHOOK_HEADERS.id}</Code> is the
          event's id: the same on a retry or resend. See the API documentation for the details.
        </Text>
        {secret ? (
          <Alert color="yellow" title="Signing secret (shown once)" mb="md" role="status" withCloseButton onClose={() => setSecret(null)} closeButtonLabel="Hide the secret">
            <Text size="sm" mb="xs">Copy the secret for {secret.url} now: it is not shown again.</Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }} aria-label="Signing secret">{secret.secret}</Code>
              <CopyButton value={secret.secret}>
                {({ copied, copy }) => <Button size="xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
              </CopyButton>
            </Group>
          </Alert>
        ) : null}
        <WebhookForm onCreated={(value, url) => setSecret({ secret: value, url })} />
      </Card>
      <QueryState query={query} what="the webhooks" rows={3}>
        {(endpoints) => endpoints.length === 0 ? (
          <Text size="sm" c="dimmed">No webhooks yet.</Text>
        ) : (
          <Stack gap="md">
            {endpoints.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} onDelete={() => remover.ask(endpoint)} />)}
          </Stack>
        )}
      </QueryState>
      <ConfirmModal {...remover.modal} title="Delete webhook" message="Its delivery log goes with it. Events are no longer sent to this URL." />
    </Stack>
  );
}

function EndpointCard({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete: () => void }) {
  const update = useUpdateWebhook();
  const [showLog, setShowLog] = useState(false);
  const toggle = async (isActive: boolean) => {
    try {
      const answer = await update.mutateAsync({ id: endpoint.id, input: { url: endpoint.url, description: endpoint.description, events: endpoint.events, isActive } });
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to update the webhook'));
    }
  };
  return (
    <Card withBorder padding="md" component="article" aria-label={`Webhook ${endpoint.url}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ wordBreak: 'break-all' }}>{endpoint.url}</Text>
          {endpoint.description ? <Text size="sm" c="dimmed">{endpoint.description}</Text> : null}
          <Group gap={4}>
            {endpoint.events.map((event) => <Badge key={event} variant="outline" size="sm">{event}</Badge>)}
          </Group>
          {endpoint.failedCount > 0 ? <Text size="sm" c="red">{endpoint.failedCount} failed {endpoint.failedCount === 1 ? 'delivery' : 'deliveries'}</Text> : null}
        </Stack>
        <Group gap="xs">
          <Switch label="Active" checked={endpoint.isActive} disabled={update.isPending} onChange={(event) => void toggle(event.currentTarget.checked)} />
          <Button size="xs" variant="light" onClick={() => setShowLog((value) => !value)} aria-expanded={showLog}>
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete}>Delete</Button>
        </Group>
      </Group>
      {showLog ? <Stack mt="md"><DeliveryLog endpointId={endpoint.id} /></Stack> : null}
    </Card>
  );
}
