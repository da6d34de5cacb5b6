import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, List, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { AGING_BUCKET_LABELS } from '@parceldesk/shared/domain/billing';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import type { DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import { formatJmd } from '../../../components/ui/format-money';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import type { ChartSeries } from './dashboard-charts';

const DashboardChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.DashboardChart })));

const monthLabel = (month: string) => {
  const [year, mm] = month.split('-').map(Number);
  return new Date(year ?? 2000, (mm ?? 1) - 1, 1).toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
};

export function LazyChart({ series }: { series: ChartSeries }) {
  return (
    <Suspense fallback={<Skeleton h={300} aria-label={`Loading ${series.title}`} />}>
      <DashboardChart series={series} />
    </Suspense>
  );
}

export const statusSeries = (rows: NonNullable<DashboardSummary['packagesByStatus']>, labels: Record<string, string> = PACKAGE_STATUS_LABELS): ChartSeries => ({
  title: 'Parcels by status', columns: ['Status', 'Parcels'], format: (v) => v.toLocaleString(),
  rows: rows.map((row) => ({ label: labels[row.status] ?? row.status, value: row.count })),
});

/** Charts, unpaid invoices by age, and what happened lately, each part only when the reader may see it. */
export function DashboardInsights({ summary }: { summary: DashboardSummary }) {
  const root = useAreaRoot();
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {summary.revenueByMonth ? (
          <LazyChart series={{
            title: 'Revenue by month', columns: ['Month', 'Revenue'], format: formatJmd,
            rows: summary.revenueByMonth.map((m) => ({ label: monthLabel(m.month), value: m.cents })),
          }} />
        ) : null}
        {summary.packagesByStatus ? <LazyChart series={statusSeries(summary.packagesByStatus)} /> : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {summary.unpaidAging ? (
          <Card withBorder padding="lg" component="section" aria-labelledby="aging-heading">
            <Title order={2} size="h4" mb="sm" id="aging-heading">Unpaid invoices by age</Title>
            <Table.ScrollContainer minWidth={280}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr><Table.Th>Age</Table.Th><Table.Th>Invoices</Table.Th><Table.Th style={{ textAlign: 'right' }}>Balance</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {summary.unpaidAging.map((row) => (
                    <Table.Tr key={row.bucket}>
                      <Table.Td>
                        <Anchor component={Link} to={`${root}/invoices?filters=${encodeURIComponent(JSON.stringify({ aging: row.bucket }))}`}>
                          {AGING_BUCKET_LABELS[row.bucket]}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{row.count.toLocaleString()}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatJmd(row.balanceCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        ) : null}
        {summary.recentActivity ? <RecentActivity items={summary.recentActivity} root={root} /> : null}
      </SimpleGrid>
    </>
  );
}

export function RecentActivity({ items, root }: { items: NonNullable<DashboardSummary['recentActivity']>; root: string }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="activity-heading">
      <Title order={2} size="h4" mb="sm" id="activity-heading">Recent activity</Title>
      {items.length === 0 ? <Text c="dimmed">Nothing has happened yet.</Text> : (
        <List spacing="xs" listStyleType="none">
          {items.map((item) => (
            <List.Item key={`${item.at}-${item.text}`}>
              <Text size="xs" c="dimmed" component="span" display="block">{new Date(item.at).toLocaleString()}</Text>
              {item.link ? <Anchor component={Link} to={`${root}/${item.link}`} size="sm">{item.text}</Anchor> : <Text size="sm">{item.text}</Text>}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
