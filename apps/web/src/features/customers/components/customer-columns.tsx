import type { customerListColumns, CustomerListItem } from '@parceldesk/shared/schemas/customers';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { StatusBadge } from '../../../components/ui/status-badge';
import { accountTypeLabel, membershipLabel } from './customer-labels';

/** Mailbox number, name, email, phone, branch, account type, membership, created date (issue 3). */
export function customerColumns({ isBusiness }: { isBusiness: boolean }): ListTableColumns<CustomerListItem, typeof customerListColumns> {
  return [
    { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
    { field: 'name', label: 'Name', sortable: true, filterable: true },
    ...(isBusiness ? [{ field: 'businessName', label: 'Business', sortable: true, filterable: true } as const] : []),
    { field: 'email', label: 'Email', sortable: true, filterable: true },
    { field: 'phone', label: 'Phone', sortable: true, filterable: true },
    { field: 'branchName', label: 'Branch', sortable: true, filterable: true },
    ...(isBusiness
      ? []
      : [{ field: 'accountType', label: 'Account Type', sortable: true, filterable: true, render: (row: CustomerListItem) => accountTypeLabel(row.accountType), exportValue: (row: CustomerListItem) => accountTypeLabel(row.accountType) } as const]),
    { field: 'membershipType', label: 'Membership', sortable: true, filterable: true, render: (row) => membershipLabel(row.membershipType), exportValue: (row) => membershipLabel(row.membershipType) },
    {
      field: 'isActive', label: 'Status', sortable: true, filterable: true,
      render: (row) => <StatusBadge isActive={row.isActive} />,
      exportValue: (row) => (row.isActive ? 'Active' : 'Inactive'),
    },
    { field: 'createdAt', label: 'Created', sortable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
  ];
}
