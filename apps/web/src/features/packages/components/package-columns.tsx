import { Checkbox } from '@mantine/core';
import { CARRIER_LABELS } from '@parceldesk/shared/domain/packages';
import { SERVICE_LABELS, type packageListColumns, type PackageListItem } from '@parceldesk/shared/schemas/packages';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { formatWeight } from './format';
import { PackageStatusBadge, packageStatusLabel } from './package-status-badge';

export interface RowSelection {
  isSelected: (id: string) => boolean;
  toggle: (row: PackageListItem) => void;
}

/** The staff list (issue 11): filters status, service, branch, date received, carrier; the super admin also sees the courier. */
export function packageColumns({ showCourier, selection }: { showCourier: boolean; selection?: RowSelection }): ListTableColumns<PackageListItem, typeof packageListColumns, 'select'> {
  const columns: ListTableColumns<PackageListItem, typeof packageListColumns, 'select'> = [
    { field: 'packageNumber', label: 'Package', sortable: true, filterable: true },
    { field: 'trackingNumber', label: 'Tracking number', sortable: true, filterable: true },
    { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
    { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    {
      field: 'status', label: 'Status', sortable: true, filterable: true, wrap: true,
      render: (row) => <PackageStatusBadge status={row.status} wording="staff" />, exportValue: (row) => packageStatusLabel(row.status, 'staff'),
    },
    { field: 'service', label: 'Service', sortable: true, filterable: true, render: (row) => SERVICE_LABELS[row.service], exportValue: (row) => SERVICE_LABELS[row.service] },
    { field: 'carrier', label: 'Carrier', sortable: true, filterable: true, render: (row) => CARRIER_LABELS[row.carrier], exportValue: (row) => CARRIER_LABELS[row.carrier] },
    { field: 'branchName', label: 'Branch', sortable: true, filterable: true },
    { field: 'weight', label: 'Weight (lb)', sortable: true, render: (row) => formatWeight(row.weight), exportValue: (row) => row.weight },
    { field: 'receivedAt', label: 'Received (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDate(row.receivedAt), exportValue: (row) => row.receivedAt },
  ];
  if (!selection) return columns;
  // Last, so the first cell stays the row's link; a checkbox click is the checkbox's, not the row's.
  return [
    ...columns,
    {
      field: 'select', label: 'Select', exportable: false,
      render: (row) => (
        <Checkbox
          aria-label={`Select ${row.packageNumber}`}
          checked={selection.isSelected(row.id)}
          onChange={() => selection.toggle(row)}
        />
      ),
    },
  ];
}
