import { MANIFEST_STATUS_LABELS } from '@parceldesk/shared/domain/manifests';
import type { manifestListColumns, ManifestListItem } from '@parceldesk/shared/schemas/manifests';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { ManifestStatusBadge } from './manifest-status-badge';

/** Issue 12: the manifest list; filters service, status, departure and arrival days; the super admin also sees the courier. */
export function manifestColumns({ showCourier }: { showCourier: boolean }): ListTableColumns<ManifestListItem, typeof manifestListColumns> {
  return [
    { field: 'number', label: 'Manifest', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    { field: 'service', label: 'Service', sortable: true, filterable: true, render: (row) => SERVICE_LABELS[row.service], exportValue: (row) => SERVICE_LABELS[row.service] },
    { field: 'status', label: 'Status', sortable: true, filterable: true, render: (row) => <ManifestStatusBadge status={row.status} />, exportValue: (row) => MANIFEST_STATUS_LABELS[row.status] },
    { field: 'carrier', label: 'Carrier', sortable: true, filterable: true },
    { field: 'waybill', label: 'MAWB / B/L', sortable: true, filterable: true },
    { field: 'origin', label: 'From', sortable: true, filterable: true },
    { field: 'destination', label: 'To', sortable: true, filterable: true },
    { field: 'departureDate', label: 'Departure (YYYY-MM-DD)', sortable: true, filterable: true },
    { field: 'arrivalDate', label: 'Arrival (YYYY-MM-DD)', sortable: true, filterable: true },
    { field: 'packageCount', label: 'Packages', sortable: true, filterable: true },
    { field: 'createdAt', label: 'Created (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
  ];
}
