import { Button, Group, Stack } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { CustomerListItem } from '@parceldesk/shared/schemas/customers';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { monthEndpoint } from '../api/customers';
import { customerColumns } from './customer-columns';

function parseMonth(yearText: string | undefined, monthText: string | undefined) {
  const year = Number(yearText);
  const month = Number(monthText);
  const isValid = Number.isInteger(year) && year >= 2000 && year <= 2100 && Number.isInteger(month) && month >= 1 && month <= 12;
  if (isValid) return { year, month };
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

const shift = ({ year, month }: { year: number; month: number }, by: number) => {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** /admin/customers/month/{year}/{month}: customers who signed up that month. */
export function CustomersMonthPage() {
  const params = useParams();
  const root = useAreaRoot();
  const current = parseMonth(params.year, params.month);
  const label = new Date(current.year, current.month - 1, 1).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  const previous = shift(current, -1);
  const next = shift(current, 1);
  const to = (m: { year: number; month: number }) => `${root}/customers/month/${m.year}/${m.month}`;
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Customers who signed up in ${label}`}
        back={{ to: `${root}/customers`, label: 'All customers' }}
        actions={
          <Group gap="xs">
            <Button component={Link} to={to(previous)} variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />}>
              Previous month
            </Button>
            <Button component={Link} to={to(next)} variant="default" rightSection={<IconChevronRight size={16} aria-hidden />}>
              Next month
            </Button>
          </Group>
        }
      />
      <DataTable<CustomerListItem>
        key={`${current.year}-${current.month}`}
        endpoint={monthEndpoint(current.year, current.month)}
        columns={customerColumns({ isBusiness: false })}
        rowKey={(row) => row.id}
        rowHref={(row) => `${root}/customers/${row.id}`}
        exportFileName={`customers-${current.year}-${String(current.month).padStart(2, '0')}`}
        searchPlaceholder="Search by mailbox, name, email or phone"
      />
    </Stack>
  );
}
