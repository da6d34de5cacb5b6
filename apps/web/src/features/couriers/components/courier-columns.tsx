import type { networkCourierListColumns, NetworkCourierListItem } from '@parceldesk/shared/schemas/people';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { StatusBadge } from '../../../components/ui/status-badge';

const statusLabel = (row: NetworkCourierListItem) => (row.status === 'active' ? 'Active' : 'Suspended');

export const courierColumns: ListTableColumns<NetworkCourierListItem, typeof networkCourierListColumns> = [
  { field: 'name', label: 'Name', sortable: true, filterable: true },
  { field: 'code', label: 'Code', sortable: true, filterable: true },
  {
    field: 'status', label: 'Status', sortable: true, filterable: true,
    render: (row) => <StatusBadge isActive={row.status === 'active'} inactiveLabel="Suspended" />,
    exportValue: statusLabel,
  },
  { field: 'contactEmail', label: 'Contact Email', sortable: true, filterable: true },
  { field: 'customersCount', label: 'Customers', sortable: true },
  { field: 'createdAt', label: 'Created', sortable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
];
