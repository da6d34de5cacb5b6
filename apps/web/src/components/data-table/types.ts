import type { ReactNode } from 'react';

/** Spec section 3 "Table column definition": field, label, sortable, render, wrap (plus filter and export hooks). */
export interface DataTableColumn<T> {
  /** API field name: the sort and filter key, and the default cell value (`row[field]`). Letters, digits and _ only. */
  field: string;
  label: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** Allow the cell to wrap (default: one line, cut with an ellipsis). */
  wrap?: boolean;
  /** Show a filter input for this column: a dropdown when the API sends filterOptions[field], else a text box (numeric for total/amount/price/cost). */
  filterable?: boolean;
  /** The value written to CSV/Excel (default: row[field]). */
  exportValue?: (row: T) => string | number | null;
  /** Leave this column out of exports (e.g. an actions column). Default true. */
  exportable?: boolean;
}

export interface DataTableProps<T> {
  /** e.g. '/customers' → GET /api/customers?page=..&pageSize=..&sort=..&order=..&search=..&filters={..} */
  endpoint: string;
  columns: DataTableColumn<T>[];
  rowKey: (row: T) => string;
  /** Rows become clickable; the first cell holds a button so the row is reachable and activatable by keyboard. */
  onRowClick?: (row: T) => void;
  /** Alternative to onRowClick: the first cell is a Link to this path and a click on the row follows it. */
  rowHref?: (row: T) => string;
  /** Heading shown above the table; also the table's accessible name. */
  title?: string;
  /** Extra buttons (e.g. '+ Create Branch'). */
  toolbar?: ReactNode;
  /** Enables 'Export CSV' and 'Export Excel'; files are `${exportFileName}.csv` / `.xlsx`. */
  exportFileName?: string;
  searchPlaceholder?: string;
  /** Always sent in `filters`, never shown (e.g. a parent id). */
  fixedFilters?: Record<string, string>;
  /** Prefix of the URL params when two tables share a page (default ''). */
  urlPrefix?: string;
  /** Extra cache-key parts. */
  queryKey?: readonly unknown[];
}

/** The committed view of a table: what the URL holds and what the API is asked for. */
export interface TableState {
  page: number;
  pageSize: number;
  sort: string | null;
  order: 'asc' | 'desc';
  search: string;
  filters: Record<string, string>;
}
