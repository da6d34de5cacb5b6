import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import type { customerListColumns, CustomerListItem } from '@parceldesk/shared/schemas/customers';
import { DataTable, type ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusBadge } from '../../../components/ui/status-badge';
import { courierCustomersEndpoint, useCourier } from '../api/couriers';

const columns: ListTableColumns<CustomerListItem, typeof customerListColumns> = [
  { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
  { field: 'name', label: 'Name', sortable: true, filterable: true },
  { field: 'email', label: 'Email', sortable: true, filterable: true },
  { field: 'phone', label: 'Phone', sortable: true, filterable: true },
  { field: 'branchName', label: 'Branch', sortable: true, filterable: true },
  { field: 'accountType', label: 'Account Type', sortable: true, filterable: true, render: (row) => (row.accountType === 'business' ? 'Business' : 'Individual') },
  {
    field: 'isActive', label: 'Status', sortable: true, filterable: true,
    render: (row) => <StatusBadge isActive={row.isActive} />,
    exportValue: (row) => (row.isActive ? 'Active' : 'Inactive'),
  },
  { field: 'createdAt', label: 'Created', sortable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
];

/** /superadmin/couriers/{id}/customers: one courier's customers; a row opens the customer. */
export function CourierCustomersPage() {
  const { id = '' } = useParams();
  const courier = useCourier(id);
  return (
    <Stack gap="lg">
      <PageHeader
        title={courier.data ? `${courier.data.name} customers` : 'Courier customers'}
        back={{ to: `/superadmin/couriers/${id}`, label: courier.data?.name ?? 'Courier' }}
      />
      <DataTable<CustomerListItem>
        endpoint={courierCustomersEndpoint(id)}
        columns={columns}
        rowKey={(row) => row.id}
        rowHref={(row) => `/superadmin/couriers/${id}/customers/${row.id}`}
        exportFileName="courier-customers"
        searchPlaceholder="Search by mailbox, name, email or phone"
      />
    </Stack>
  );
}
