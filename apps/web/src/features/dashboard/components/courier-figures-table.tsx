import { Card, Table, Text, Title } from '@mantine/core';
import type { DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import { formatJmd } from '../../../components/ui/format-money';

/** Issue 14: the super admin's network, one row of key figures per courier. */
export function CourierFiguresTable({ couriers }: { couriers: NonNullable<DashboardSummary['couriers']> }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="network-heading">
      <Title order={2} size="h4" mb="sm" id="network-heading">
        Couriers at a glance
      </Title>
      {couriers.length === 0 ? (
        <Text c="dimmed">No couriers yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-labelledby="network-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Courier</Table.Th>
                <Table.Th>Customers</Table.Th>
                <Table.Th>Received this week</Table.Th>
                <Table.Th>Ready for pickup</Table.Th>
                <Table.Th>Unknown</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Unpaid</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Revenue this month</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {couriers.map((row) => (
                <Table.Tr key={row.courierId}>
                  <Table.Td>{row.courierName}</Table.Td>
                  <Table.Td>{row.customers.toLocaleString()}</Table.Td>
                  <Table.Td>{row.receivedThisWeek.toLocaleString()}</Table.Td>
                  <Table.Td>{row.readyForPickup.toLocaleString()}</Table.Td>
                  <Table.Td>{row.unknown.toLocaleString()}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatJmd(row.unpaidCents)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatJmd(row.revenueThisMonthCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
