import type { branchListColumns, BranchListItem } from '@parceldesk/shared/schemas/branches';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { StatusBadge } from '../../../components/ui/status-badge';

/** The branch list's columns; the super admin also sees and filters by courier (issue 3). */
export function branchColumns(showCourier: boolean): ListTableColumns<BranchListItem, typeof branchListColumns> {
  return [
    { field: 'name', label: 'Name', sortable: true, filterable: true },
    { field: 'code', label: 'Code', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    { field: 'address', label: 'Address', sortable: true, filterable: true, wrap: true },
    { field: 'phone', label: 'Phone', sortable: true, filterable: true },
    {
      field: 'isActive', label: 'Status', sortable: true, filterable: true,
      render: (row) => <StatusBadge isActive={row.isActive} />,
      exportValue: (row) => (row.isActive ? 'Active' : 'Inactive'),
    },
    { field: 'customersCount', label: 'Customers', sortable: true },
    { field: 'createdAt', label: 'Created', sortable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
  ];
}
