import { Alert, Badge, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCESS } from '@parceldesk/shared/access';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import { RECONCILIATION_STATE_LABELS, type ReconciliationListItem, type reconciliationListColumns } from '@parceldesk/shared/schemas/reconciliation';
import { DataTable, type ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useCanAccess } from '../../../lib/use-access';
import { RECONCILIATIONS_ENDPOINT } from '../api/reconciliation';
import { ReconciliationScreen } from './reconciliation-screen';

const STATE_COLORS: Record<ReconciliationListItem['reconciliationStatus'], string> = { not_started: 'yellow', in_progress: 'blue', finished: 'green' };

const columns: ListTableColumns<ReconciliationListItem, typeof reconciliationListColumns> = [
  { field: 'number', label: 'Manifest', sortable: true, filterable: true },
  { field: 'service', label: 'Service', sortable: true, filterable: true, render: (row) => SERVICE_LABELS[row.service], exportValue: (row) => SERVICE_LABELS[row.service] },
  { field: 'origin', label: 'From', sortable: true, filterable: true },
  { field: 'destination', label: 'To', sortable: true, filterable: true },
  { field: 'arrivalDate', label: 'Arrived (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => (row.arrivalDate ? formatDate(row.arrivalDate) : '') },
  {
    field: 'reconciliationStatus', label: 'Reconciliation', sortable: true, filterable: true,
    render: (row) => <Badge color={STATE_COLORS[row.reconciliationStatus]} variant="light" style={{ textTransform: 'none' }}>{RECONCILIATION_STATE_LABELS[row.reconciliationStatus]}</Badge>,
    exportValue: (row) => RECONCILIATION_STATE_LABELS[row.reconciliationStatus],
  },
  { field: 'expected', label: 'Parcels', sortable: true },
  { field: 'scanned', label: 'Scanned', sortable: true },
];

/** /admin/reconciliation and /staff/reconciliation (issue 12): arrived manifests to check in; `?manifest=` opens one. */
export function ReconciliationPage() {
  const canAccess = useCanAccess();
  const [params] = useSearchParams();
  const manifestId = params.get('manifest');
  if (!canAccess(ACCESS.reconciliationView)) {
    return (
      <Alert color="yellow" icon={<IconLock size={18} aria-hidden />} title="No access to reconciliation">
        Your account does not have the permission to reconcile manifests. Ask your administrator if you need it.
      </Alert>
    );
  }
  return manifestId ? <ReconciliationScreen manifestId={manifestId} /> : <ReconciliationList />;
}

function ReconciliationList() {
  const root = useAreaRoot();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PageHeader title="Reconciliation" subtitle="Check arrived shipments in against their manifest: scan every parcel, then finish." />
      <DataTable
        endpoint={RECONCILIATIONS_ENDPOINT}
        title="Arrived manifests"
        columns={columns}
        rowKey={(row) => row.id}
        onRowClick={(row) => void navigate(`${root}/reconciliation?manifest=${row.id}`)}
        exportFileName="reconciliations"
        searchPlaceholder="Search by manifest number"
      />
    </Stack>
  );
}
