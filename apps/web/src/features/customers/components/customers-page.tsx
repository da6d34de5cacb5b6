import { Button, Stack } from '@mantine/core';
import { IconCalendarMonth } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CustomerListItem } from '@parceldesk/shared/schemas/customers';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { BUSINESS_CUSTOMERS_ENDPOINT, CUSTOMERS_ENDPOINT } from '../api/customers';
import { customerColumns } from './customer-columns';

/** /admin/customers and /staff/customers (customers_view). */
export function CustomersPage() {
  const root = useAreaRoot();
  const now = new Date();
  // Only the admin area has the month screen (spec section 2).
  const monthLink = root === '/admin' ? (
    <Button component={Link} to={`${root}/customers/month/${now.getFullYear()}/${now.getMonth() + 1}`} variant="default" leftSection={<IconCalendarMonth size={16} aria-hidden />}>
      Sign-ups by Month
    </Button>
  ) : undefined;
  return (
    <Stack gap="lg">
      <PageHeader title="Customers" />
      <DataTable<CustomerListItem>
        endpoint={CUSTOMERS_ENDPOINT}
        columns={customerColumns({ isBusiness: false })}
        rowKey={(row) => row.id}
        rowHref={(row) => `${root}/customers/${row.id}`}
        exportFileName="customers"
        searchPlaceholder="Search by mailbox, name, email or phone"
        toolbar={monthLink}
      />
    </Stack>
  );
}

/** /admin/business-customers and /staff/business-customers (customers_business). */
export function BusinessCustomersPage() {
  const root = useAreaRoot();
  return (
    <Stack gap="lg">
      <PageHeader title="Business Customers" />
      <DataTable<CustomerListItem>
        endpoint={BUSINESS_CUSTOMERS_ENDPOINT}
        columns={customerColumns({ isBusiness: true })}
        rowKey={(row) => row.id}
        rowHref={(row) => `${root}/business-customers/${row.id}`}
        exportFileName="business-customers"
        searchPlaceholder="Search by mailbox, name, business, email or phone"
      />
    </Stack>
  );
}
