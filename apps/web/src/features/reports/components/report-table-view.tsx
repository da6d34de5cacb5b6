import { Table, Text } from '@mantine/core';
import type { ReportTable } from '@parceldesk/shared/schemas/reports';
import { formatCell } from './report-cells';

/** The table view of one report table (the chart's accessible twin): a caption, the rows, the TOTAL row. */
export function ReportTableView({ table }: { table: ReportTable }) {
  const align = (kind: string) => (kind === 'text' ? 'left' : 'right');
  return (
    <Table.ScrollContainer minWidth={table.columns.length * 110}>
      <Table striped withTableBorder aria-label={table.title} captionSide="top">
        <Table.Caption>{table.title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>{table.columns.map((c) => <Table.Th key={c.key} scope="col" style={{ textAlign: align(c.kind) }}>{c.label}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.length === 0 ? (
            <Table.Tr><Table.Td colSpan={table.columns.length}><Text c="dimmed" size="sm">No data for this range</Text></Table.Td></Table.Tr>
          ) : table.rows.map((row, index) => (
            // Rows are a report's lines in order; none has an id of its own.
            <Table.Tr key={index}>
              {table.columns.map((c) => <Table.Td key={c.key} style={{ textAlign: align(c.kind) }}>{formatCell(c, row[c.key])}</Table.Td>)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            {table.columns.map((c, i) => (
              <Table.Th key={c.key} scope={i === 0 ? 'row' : undefined} style={{ textAlign: align(c.kind) }}>
                {c.kind === 'text' ? (i === 0 ? 'Total' : '') : formatCell(c, table.totals[c.key])}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
