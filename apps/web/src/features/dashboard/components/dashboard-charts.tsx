import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';

export interface ChartSeries {
  /** The chart's heading and accessible name. */
  title: string;
  /** Column headings of the table view: the category and the value. */
  columns: [string, string];
  rows: { label: string; value: number }[];
  format: (value: number) => string;
}

/**
 * Issue 14: a chart for those who would rather look, and the same numbers as a table for those who
 * would rather read (and for screen readers). Loaded lazily: recharts stays out of the entry chunk.
 */
export function DashboardChart({ series }: { series: ChartSeries }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const id = `chart-${series.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {series.title}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={`${series.title}: show as`}
          value={view}
          onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
          data={[{ value: 'chart', label: 'Chart' }, { value: 'table', label: 'Table' }]}
        />
      </Group>
      {series.rows.length === 0 ? (
        <Text c="dimmed">Nothing to show yet.</Text>
      ) : view === 'chart' ? (
        <BarChart
          h={240}
          role="img"
          aria-label={`${series.title}: ${series.rows.map((row) => `${row.label} ${series.format(row.value)}`).join(', ')}`}
          data={series.rows.map((row) => ({ label: row.label, value: row.value }))}
          dataKey="label"
          series={[{ name: 'value', label: series.columns[1], color: 'blue.6' }]}
          valueFormatter={series.format}
          withTooltip
        />
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table striped aria-label={series.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{series.columns[0]}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{series.columns[1]}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{series.format(row.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
