import { useState } from 'react';
import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { ACCESS } from '@parceldesk/shared/access';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { SweepResult, UncollectedListItem, uncollectedListColumns } from '@parceldesk/shared/schemas/uncollected';
import { DataTable } from '../../../components/data-table/data-table';
import type { ListTableColumn } from '../../../components/data-table/types';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { useCanAccess } from '../../../lib/use-access';
import { notify } from '../../../lib/toast';
import { UNCOLLECTED_ENDPOINT, useRunSweep } from '../api/uncollected';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

const columns: ListTableColumn<UncollectedListItem, typeof uncollectedListColumns>[] = [
  { field: 'packageNumber', label: 'Package', sortable: true, filterable: true },
  { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
  { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
  { field: 'branchName', label: 'Branch', sortable: true, filterable: true },
  { field: 'readySince', label: 'Ready since (YYYY-MM-DD)', sortable: true, render: (row) => formatDate(row.readySince), exportValue: (row) => row.readySince },
  { field: 'daysWaiting', label: 'Days waiting', sortable: true, filterable: true, render: (row) => days(row.daysWaiting), exportValue: (row) => row.daysWaiting },
  { field: 'feesCents', label: 'Fees so far', sortable: true, filterable: true, render: (row) => formatMoney(row.feesCents), exportValue: (row) => row.feesCents / 100 },
  {
    field: 'lastReminderAt', label: 'Last reminder', sortable: true,
    render: (row) => (row.lastReminderAt ? formatDate(row.lastReminderAt) : 'None yet'), exportValue: (row) => row.lastReminderAt ?? '',
  },
];

/** What one run did, in words. */
export function sweepSummary(result: SweepResult): string[] {
  return [
    `${result.packages} ${result.packages === 1 ? 'parcel' : 'parcels'} ready for pickup checked`,
    `${result.reminders} ${result.reminders === 1 ? 'reminder' : 'reminders'} and ${result.finalNotices} final ${result.finalNotices === 1 ? 'notice' : 'notices'} sent`,
    `${days(result.charges)} charged (${formatMoney(result.chargedCents)})${result.pendingCharges > 0 ? `, ${result.pendingCharges} pending: the invoice has payments` : ''}`,
    `${result.abandoned} ${result.abandoned === 1 ? 'parcel' : 'parcels'} abandoned`,
    ...(result.failed > 0 ? [`${result.failed} failed and will be retried on the next run`] : []),
  ];
}

function RunNow() {
  const run = useRunSweep();
  const [result, setResult] = useState<SweepResult | null>(null);
  const start = () => run.mutate(undefined, {
    onSuccess: (answer) => {
      setResult(answer);
      notify.success(answer.message);
    },
    onError: (error) => notify.error(error instanceof Error ? error.message : 'The sweep failed'),
  });
  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={start} loading={run.isPending}>Run now</Button>
      </Group>
      {result && (
        <Alert color="teal" title="Sweep finished" data-testid="sweep-result">
          <List size="sm">{sweepSummary(result).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
        </Alert>
      )}
    </Stack>
  );
}

/** /admin/uncollected and /staff/uncollected (packages_uncollected): parcels waiting past the threshold; the courier admin can run the daily sweep now. */
export function UncollectedPage() {
  const canAccess = useCanAccess();
  if (!canAccess(ACCESS.uncollected)) {
    return (
      <Alert color="yellow" title="No access to this screen">
        You need the &quot;Uncollected packages&quot; permission. Ask your administrator if you need it.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader title="Uncollected" subtitle="Parcels ready for pickup longer than your threshold, with reminders and storage fees charged every morning" />
      {canAccess(ACCESS.uncollectedSweep) && <RunNow />}
      <DataTable<UncollectedListItem>
        endpoint={UNCOLLECTED_ENDPOINT}
        columns={columns}
        rowKey={(row) => row.id}
        title="Uncollected parcels"
        exportFileName="uncollected"
        searchPlaceholder="Search by package, tracking number, customer or mailbox"
      />
    </Stack>
  );
}
