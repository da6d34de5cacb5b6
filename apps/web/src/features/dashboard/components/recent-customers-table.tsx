import { Card, Table, Text, Title } from '@mantine/core';
import type { DashboardSummary } from '@parceldesk/shared/schemas/dashboard';

interface RecentCustomersTableProps {
  customers: NonNullable<DashboardSummary['recentCustomers']>;
  /** The super admin sees customers of every courier. */
  showCourier?: boolean;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function RecentCustomersTable({ customers, showCourier = false }: RecentCustomersTableProps) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Newest customers
      </Title>
      {customers.length === 0 ? (
        <Text c="dimmed">No customers yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={showCourier ? 520 : 400}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Mailbox number</Table.Th>
                {showCourier ? <Table.Th>Courier</Table.Th> : null}
                <Table.Th>Joined</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customers.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td>{customer.name}</Table.Td>
                  <Table.Td>{customer.mailboxNumber}</Table.Td>
                  {showCourier ? <Table.Td>{customer.courierName}</Table.Td> : null}
                  <Table.Td>{formatDate(customer.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
