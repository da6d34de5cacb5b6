import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { BatchListItem, batchListColumns } from '@parceldesk/shared/schemas/batch-emails';
import { DataTable } from '../../../components/data-table/data-table';
import type { ListTableColumns } from '../../../components/data-table/types';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { BATCH_EMAILS_ENDPOINT } from '../api/batch-emails';
import { BatchProgress } from './batch-progress';
import { ComposeBatchForm } from './compose-batch-form';

const STATUS: Record<BatchListItem['status'], string> = { queued: 'Queuing', sending: 'Sending', completed: 'Completed' };

const columns: ListTableColumns<BatchListItem, typeof batchListColumns, 'status' | 'sent' | 'failed'> = [
  { field: 'batchNo', label: 'Batch', sortable: true, filterable: true },
  { field: 'subject', label: 'Subject', sortable: true, filterable: true },
  { field: 'audienceLabel', label: 'Audience', sortable: true, filterable: true },
  { field: 'recipientCount', label: 'Recipients', sortable: true, filterable: true },
  { field: 'sent', label: 'Sent' },
  { field: 'failed', label: 'Failed' },
  { field: 'status', label: 'Status', render: (row) => STATUS[row.status], exportValue: (row) => STATUS[row.status] },
  { field: 'createdByName', label: 'Sent by', sortable: true, filterable: true },
  { field: 'createdAt', label: 'Date (YYYY-MM-DD)', sortable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
];

/** /admin/batch-emails (issue 14): compose and send, follow a batch live, and the history of batches. */
export function BatchEmailsPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const open = (id: string) => setParams((current) => {
    const next = new URLSearchParams(current);
    next.set('batch', id);
    return next;
  });
  return (
    <Stack gap="lg">
      <PageHeader title="Batch Emails" subtitle="Email your customers: each one gets it once, through your own email server, with a link to unsubscribe" />
      <ComposeBatchForm onSent={open} />
      {batchId && <BatchProgress key={batchId} batchId={batchId} />}
      <DataTable<BatchListItem>
        endpoint={BATCH_EMAILS_ENDPOINT}
        columns={columns}
        rowKey={(row) => row.id}
        onRowClick={(row) => open(row.id)}
        title="Batch history"
        exportFileName="batch-emails"
        searchPlaceholder="Search by subject or batch number"
      />
    </Stack>
  );
}
