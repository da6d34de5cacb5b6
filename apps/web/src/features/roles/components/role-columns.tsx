import { Badge } from '@mantine/core';
import type { roleListColumns, RoleListItem } from '@parceldesk/shared/schemas/roles';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';

const kindOf = (row: RoleListItem) => (row.builtin ? 'Built-in' : 'Custom');

export function roleColumns(showCourier: boolean): ListTableColumns<RoleListItem, typeof roleListColumns, 'permissions'> {
  return [
    { field: 'name', label: 'Name', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    { field: 'description', label: 'Description', filterable: true, wrap: true },
    {
      field: 'builtin', label: 'Type', sortable: true, filterable: true,
      render: (row) => <Badge variant="light" color={row.builtin ? 'gray' : 'blue'}>{kindOf(row)}</Badge>,
      exportValue: kindOf,
    },
    {
      field: 'permissions', label: 'Permissions',
      render: (row) => String(row.permissions.length),
      exportValue: (row) => row.permissions.join(', '),
    },
    { field: 'usersCount', label: 'Staff', sortable: true },
    { field: 'createdAt', label: 'Created', sortable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
  ];
}
