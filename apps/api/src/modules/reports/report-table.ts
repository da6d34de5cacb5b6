import type { ReportColumn, ReportTable } from '@parceldesk/shared/schemas/reports';
import type { ReportFilters } from './report-filters';

type Cell = string | number | null;
export type Row = Record<string, Cell>;

/** Numbers as PostgreSQL sends them (bigint sums and numerics arrive as text). */
export function numeric(rows: Record<string, unknown>[], columns: ReportColumn[]): Row[] {
  return rows.map((raw) => Object.fromEntries(columns.map((c) => {
    const value = raw[c.key];
    if (c.kind === 'text') return [c.key, value === null || value === undefined ? '' : String(value)];
    const n = Number(value ?? 0);
    return [c.key, c.kind === 'weight' ? Math.round(n * 100) / 100 : n];
  })));
}

/**
 * One table of a report. Its totals are computed here from its own rows, never read separately,
 * so a total always equals the sum of what the table shows (issue 14).
 */
export function reportTable(
  key: string, title: string, columns: ReportColumn[], rawRows: Record<string, unknown>[],
  chart: ReportTable['chart'],
): ReportTable {
  const rows = numeric(rawRows, columns);
  const totals: Record<string, number> = {};
  for (const column of columns) {
    if (column.kind === 'text') continue;
    const sum = rows.reduce((n, row) => n + Number(row[column.key] ?? 0), 0);
    totals[column.key] = column.kind === 'weight' ? Math.round(sum * 100) / 100 : sum;
  }
  return { key, title, columns, rows, totals, chart };
}

/** The courier column first when every courier is shown side by side. */
export function withCourier(filters: ReportFilters, columns: ReportColumn[]): ReportColumn[] {
  return filters.courierId ? columns : [{ key: 'courier', label: 'Courier', kind: 'text' }, ...columns];
}
