import { Badge, Button, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { WEBHOOK_MSG, type WebhookDelivery } from '@parceldesk/shared/schemas/webhooks';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { formatDateTime } from '../../../../components/ui/format-date';
import { QueryState } from '../../../../components/ui/query-state';
import { useDeliveries, useResendDelivery } from '../../api/webhooks';

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

const answerOf = (row: WebhookDelivery) => (row.lastStatusCode !== null ? `HTTP ${row.lastStatusCode}` : row.lastError ?? '—');

/** The endpoint's latest deliveries: what each attempt was answered, how long it took, and Resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const query = useDeliveries(endpointId);
  const resend = useResendDelivery(endpointId);
  const onResend = async (row: WebhookDelivery) => {
    try {
      const answer = await resend.mutateAsync(row.id);
      notify.success(answer.message ?? WEBHOOK_MSG.resent);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to resend the delivery'));
    }
  };

  return (
    <QueryState query={query} what="the delivery log" rows={3}>
      {(rows) => rows.length === 0 ? (
        <Text size="sm" c="dimmed">No deliveries yet. Events you subscribed to appear here as they happen.</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={640} aria-label="Delivery log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.eventType}</Table.Td>
                  <Table.Td><Badge color={STATUS[row.status].color} variant="light">{STATUS[row.status].label}</Badge></Table.Td>
                  <Table.Td>{answerOf(row)}</Table.Td>
                  <Table.Td>{row.lastDurationMs !== null ? `${row.lastDurationMs} ms` : '—'}</Table.Td>
                  <Table.Td>{row.attempts}</Table.Td>
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" disabled={row.status === 'pending'} loading={resend.isPending && resend.variables === row.id}
                      onClick={() => void onResend(row)} aria-label={`Resend ${row.eventType} of ${formatDateTime(row.createdAt)}`}>
                      Resend
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </QueryState>
  );
}
