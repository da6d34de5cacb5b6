import type { ReactNode } from 'react';
import { Center, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { SortHeader } from './sort-header';
import { TableRow } from './table-row';
import type { DataTableColumn } from './types';

export const EMPTY_MESSAGE = 'No data available';
export const NO_RESULTS_MESSAGE = 'No results found for your search';

interface TableGridProps<T> {
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  rowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  sort: string | null;
  order: 'asc' | 'desc';
  onSort: (field: string) => void;
  /** Rows on screen are the previous view's while the new one loads. */
  isStale: boolean;
  hasSearchOrFilters: boolean;
}

function FullWidthRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Center py="xl">{children}</Center>
      </Table.Td>
    </Table.Tr>
  );
}

/** The table itself; at 360 px it scrolls sideways inside its own (keyboard-focusable) region. */
export function TableGrid<T>({ label, columns, rows, rowKey, rowHref, onRowClick, sort, order, onSort, isStale, hasSearchOrFilters }: TableGridProps<T>) {
  let body: ReactNode;
  if (rows === undefined) {
    body = (
      <FullWidthRow span={columns.length}>
        <span role="status">
          <Loader aria-hidden />
          <VisuallyHidden>Loading…</VisuallyHidden>
        </span>
      </FullWidthRow>
    );
  } else if (rows.length === 0) {
    body = (
      <FullWidthRow span={columns.length}>
        <Text c="dimmed">{hasSearchOrFilters ? NO_RESULTS_MESSAGE : EMPTY_MESSAGE}</Text>
      </FullWidthRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow
        key={rowKey(row)}
        row={row}
        columns={columns}
        href={rowHref?.(row)}
        onActivate={onRowClick ? () => onRowClick(row) : undefined}
      />
    ));
  }
  return (
    <Table.ScrollContainer minWidth={Math.max(480, columns.length * 130)} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={isStale || rows === undefined} style={{ opacity: isStale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <SortHeader key={`${column.field}-${index}`} column={column} sort={sort} order={order} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
