import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { ReportTable } from '@parceldesk/shared/schemas/reports';
import { formatCell } from './report-cells';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'red.6', 'cyan.6'];

/**
 * A report table drawn as bars (loaded on its own, after the table: recharts is large and the
 * entry chunk must not grow). Screen readers get the table view beside it, so the chart is an image
 * with a label.
 */
export default function ReportChart({ table }: { table: ReportTable }) {
  const chart = table.chart;
  if (!chart || table.rows.length === 0) return null;
  const columns = chart.series.map((key) => table.columns.find((c) => c.key === key)).filter((c) => c !== undefined);
  const first = columns[0];
  if (!first) return null;
  // With the network side by side, each bar names its courier too.
  const data = table.rows.map((row) => ({ ...row, [chart.label]: row.courier ? `${String(row.courier)} · ${String(row[chart.label])}` : row[chart.label] }));
  return (
    <div role="img" aria-label={`Chart of ${table.title}: ${columns.map((c) => c.label).join(', ')} by ${chart.label}`}>
      <BarChart
        h={260}
        data={data}
        dataKey={chart.label}
        type={columns.length > 1 ? 'stacked' : 'default'}
        series={columns.map((c, i) => ({ name: c.key, label: c.label, color: COLORS[i % COLORS.length]! }))}
        valueFormatter={(value) => formatCell(first, value)}
        withLegend={columns.length > 1}
        tickLine="y"
      />
    </div>
  );
}
