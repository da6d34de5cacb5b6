import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { displayValue, fieldValue } from './list-request';
import type { DataTableColumn } from './types';

export type ExportCell = string | number | null;
export interface ExportMatrix {
  header: string[];
  body: ExportCell[][];
}

export const EXPORT_PAGE_SIZE = 100;
export const EXPORT_ROW_CAP = 10_000;
export const CSV_BOM = '\uFEFF';

/** OWASP CSV injection: text starting with = + - @ (or tab / CR) would be read as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Prefixes risky text with a single quote so a spreadsheet shows it as text. Numbers are data,
 * not formulas, so -12.5 stays a number.
 */
export function neutraliseCell(value: ExportCell | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field holding a quote, comma, CR or LF is wrapped in quotes, inner quotes doubled. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A neutralised, RFC 4180 CSV text (CRLF line ends, no BOM; see csvBlob). */
export function toCsv({ header, body }: ExportMatrix): string {
  return [header, ...body].map((row) => row.map((cell) => csvField(neutraliseCell(cell))).join(',')).join('\r\n');
}

/** UTF-8 with a BOM so Excel reads accented names correctly. */
export function csvBlob(csv: string): Blob {
  return new Blob([CSV_BOM, csv], { type: 'text/csv;charset=utf-8' });
}

/** The header and cell values of the exportable columns. */
export function exportMatrix<T>(columns: DataTableColumn<T>[], rows: T[]): ExportMatrix {
  const exported = columns.filter((column) => column.exportable !== false);
  return {
    header: exported.map((column) => column.label),
    body: rows.map((row) =>
      exported.map((column) => {
        if (column.exportValue) return column.exportValue(row);
        const value = fieldValue(row, column.field);
        return typeof value === 'number' ? value : value === null || value === undefined ? null : displayValue(value);
      }),
    ),
  };
}

export interface FetchAllOptions {
  onProgress?: (rows: number) => void;
  cap?: number;
  signal?: AbortSignal;
}
export interface FetchAllResult<T> {
  rows: T[];
  total: number;
  /** More rows matched than the cap allowed. */
  isTruncated: boolean;
}

/** Every page of the current view, 100 rows at a time, up to `cap` rows. */
export async function fetchAllRows<T>(
  fetchPage: (page: number, pageSize: number) => Promise<ListResponse<T>>,
  { onProgress, cap = EXPORT_ROW_CAP, signal }: FetchAllOptions = {},
): Promise<FetchAllResult<T>> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; rows.length < cap; page += 1) {
    signal?.throwIfAborted();
    const response = await fetchPage(page, EXPORT_PAGE_SIZE);
    total = response.total;
    rows.push(...response.data);
    onProgress?.(Math.min(rows.length, cap));
    if (response.data.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
  }
  const kept = rows.slice(0, cap);
  return { rows: kept, total, isTruncated: total > kept.length };
}

/** An .xlsx workbook; xlsx is imported here, on demand, so it stays out of the main bundle. */
export async function xlsxBlob(matrix: ExportMatrix): Promise<Blob> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([matrix.header, ...matrix.body].map((row) => row.map((cell) => neutraliseCell(cell))));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Export');
  const bytes = XLSX.write(book, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
