import { Badge } from '@mantine/core';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import type { staffListColumns, StaffListItem } from '@parceldesk/shared/schemas/staff';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { StatusBadge } from '../../../components/ui/status-badge';

export function staffColumns(showCourier: boolean): ListTableColumns<StaffListItem, typeof staffListColumns> {
  return [
    { field: 'name', label: 'Name', sortable: true, filterable: true },
    { field: 'email', label: 'Email', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    {
      field: 'role', label: 'Position', sortable: true, filterable: true,
      render: (row) => <Badge variant="light">{ROLE_LABELS[row.role]}</Badge>,
      exportValue: (row) => ROLE_LABELS[row.role],
    },
    { field: 'roleName', label: 'Role', sortable: true, filterable: true },
    { field: 'branchName', label: 'Branch', sortable: true, filterable: true },
    {
      field: 'isActive', label: 'Status', sortable: true, filterable: true,
      render: (row) => <StatusBadge isActive={row.isActive} />,
      exportValue: (row) => (row.isActive ? 'Active' : 'Inactive'),
    },
    { field: 'createdAt', label: 'Created', sortable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
  ];
}
