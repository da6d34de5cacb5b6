import { Alert, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { BatchDetail, BatchRecipientItem, batchRecipientListColumns } from '@parceldesk/shared/schemas/batch-emails';
import { DataTable } from '../../../components/data-table/data-table';
import type { ListTableColumns } from '../../../components/data-table/types';
import { formatDate } from '../../../components/ui/format-date';
import { errorMessage } from '../../../lib/api-client';
import { recipientsEndpoint, useBatch } from '../api/batch-emails';

const STATUS_LABELS: Record<BatchRecipientItem['status'], string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed (retrying)', skipped: 'Skipped (opted out)' };
const BATCH_STATUS: Record<BatchDetail['status'], string> = { queued: 'Queuing', sending: 'Sending', completed: 'Completed' };

const columns: ListTableColumns<BatchRecipientItem, typeof batchRecipientListColumns> = [
  { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
  { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
  { field: 'email', label: 'Email', sortable: true, filterable: true },
  {
    field: 'status', label: 'Status', sortable: true, filterable: true,
    render: (row) => <span title={row.error ?? undefined}>{STATUS_LABELS[row.status]}{row.error && row.status === 'failed' ? `: ${row.error}` : ''}</span>,
    exportValue: (row) => STATUS_LABELS[row.status],
  },
  { field: 'sentAt', label: 'Sent', sortable: true, render: (row) => (row.sentAt ? formatDate(row.sentAt) : ''), exportValue: (row) => row.sentAt ?? '' },
];

const pct = (part: number, total: number) => (total === 0 ? 0 : (part / total) * 100);

/** One batch: a live progress bar (sent / failed / skipped of all) and its recipients. */
export function BatchProgress({ batchId }: { batchId: string }) {
  const batch = useBatch(batchId);
  if (batch.isError) return <Alert color="red" title="Could not load the batch">{errorMessage(batch.error, 'Please try again.')}</Alert>;
  if (!batch.data) return <Text>Loading the batch…</Text>;
  const { counts } = batch.data;
  const done = counts.sent + counts.failed + counts.skipped;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="batch-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="batch-heading">{batch.data.batchNo}: {batch.data.subject}</Title>
          <Badge variant="light" color={batch.data.status === 'completed' ? 'teal' : 'blue'}>{BATCH_STATUS[batch.data.status]}</Badge>
        </Group>
        <Text size="sm">{batch.data.audienceLabel} · by {batch.data.createdByName}</Text>
        <Progress.Root size="xl" aria-label={`Sending progress: ${counts.sent} of ${counts.total} sent`} role="progressbar"
          aria-valuemin={0} aria-valuemax={counts.total} aria-valuenow={counts.sent}>
          <Progress.Section value={pct(counts.sent, counts.total)} color="teal" />
          <Progress.Section value={pct(counts.failed, counts.total)} color="red" />
          <Progress.Section value={pct(counts.skipped, counts.total)} color="gray" />
        </Progress.Root>
        <Text size="sm" aria-live="polite" data-testid="batch-counts">
          {`${counts.sent} sent · ${counts.queued} queued · ${counts.failed} failed · ${counts.skipped} skipped · ${done} of ${counts.total} done`}
        </Text>
        <DataTable<BatchRecipientItem>
          endpoint={recipientsEndpoint(batchId)}
          columns={columns}
          rowKey={(row) => row.id}
          title="Recipients"
          urlPrefix="r_"
          exportFileName={`batch-${batch.data.batchNo}-recipients`}
          searchPlaceholder="Search by name, mailbox or email"
        />
      </Stack>
    </Card>
  );
}
