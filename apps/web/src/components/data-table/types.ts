import type { ReactNode } from 'react';
import type { FilterRange } from '@parceldesk/shared/schemas/list-query';
import type { ListColumns } from '@parceldesk/shared/schemas/people';

/** A filter a page sets itself: a value, or a range of the list convention (either end open). */
export type FixedFilter = string | FilterRange;

/** Spec section 3 "Table column definition": field, label, sortable, render, wrap (plus filter and export hooks). */
export interface DataTableColumn<T, F extends string = string> {
  /** API field name: the sort and filter key, and the default cell value (`row[field]`). Letters, digits and _ only. */
  field: F;
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

type FieldOf<L extends ListColumns> = Extract<keyof L, string>;

/**
 * A column of one of a list's keys (`K`, default any): sortable only where the server sorts it,
 * filterable only where it filters it.
 */
export type ListTableColumn<T, L extends ListColumns, K extends FieldOf<L> = FieldOf<L>> = {
  [F in K]: DataTableColumn<T, F>
    & (L[F] extends { sortable: true } ? unknown : { sortable?: false })
    & (L[F] extends { filter: string } ? unknown : { filterable?: false });
}[K];

/**
 * The columns of a list's table (issue 10, one contract per route): each `field` is a key of the
 * list's shared `*ListColumns`, the key set the server's column map has too (`ColumnsOf` in the
 * api's lib/list-query.ts), so a field the server does not know does not compile, and neither does
 * `sortable` or `filterable` on a column the server does not sort or filter. `Extra` names
 * display-only columns (a selection box, actions), which never sort or filter.
 */
export type ListTableColumns<T, L extends ListColumns, Extra extends string = never> = (
  | ListTableColumn<T, L>
  | (DataTableColumn<T, Extra> & { sortable?: false; filterable?: false })
)[];

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
  /** Always sent in `filters`, never shown (e.g. a parent id, or a range the page's own inputs set: `{ from, to }`). */
  fixedFilters?: Record<string, FixedFilter>;
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
