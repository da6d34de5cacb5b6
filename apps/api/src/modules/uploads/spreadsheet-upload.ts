import { AppError, badRequest } from '../../lib/app-error';
import { spreadsheetKind, type SpreadsheetKind } from './file-types';
import type { UploadedFile } from './multipart';
import { DEFAULT_PARSE_LIMITS, parseSpreadsheet, type Cell, type ParseLimits } from './spreadsheet-parser';
import { listZipEntries, unpackedSize } from './zip-entries';

/** An xlsx of a few thousand rows unpacks to a few MB; far more means a ZIP bomb. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export const SPREADSHEET_MSG = {
  unreadable: 'The file could not be read as a spreadsheet',
  tooManyRows: (max: number) => `The file has more than ${max} rows; split it into smaller files`,
  unpackedTooLarge: 'The spreadsheet is too large once unpacked',
  timeout: 'The file took too long to read; check it and try again',
  busy: 'Other uploads are being read right now; try again in a moment',
} as const;

/**
 * The rows of an uploaded spreadsheet (xlsx, xls or csv), checked by content and parsed in the
 * isolated worker. Every bulk upload goes through here (shipping rates, issue 4; bulk receive,
 * issue 11): a refused file answers 4xx (or 503 when the parsers are all busy), nothing read.
 */
export async function readSpreadsheetUpload(
  file: UploadedFile,
  options: { wrongType: string; limits?: ParseLimits },
): Promise<{ kind: SpreadsheetKind; rows: Cell[][] }> {
  const limits = options.limits ?? DEFAULT_PARSE_LIMITS;
  const kind = spreadsheetKind(file.data, file.fileName);
  if (!kind) throw new AppError(415, options.wrongType);
  if (kind === 'xlsx' && unpackedSize(listZipEntries(file.data) ?? []) > MAX_UNPACKED_BYTES) throw new AppError(413, SPREADSHEET_MSG.unpackedTooLarge);
  const parsed = await parseSpreadsheet(file.data, kind, limits);
  if (!parsed.ok) {
    if (parsed.reason === 'too_many_rows') throw new AppError(413, SPREADSHEET_MSG.tooManyRows(limits.maxRows));
    if (parsed.reason === 'busy') throw new AppError(503, SPREADSHEET_MSG.busy);
    throw badRequest(parsed.reason === 'timeout' ? SPREADSHEET_MSG.timeout : SPREADSHEET_MSG.unreadable);
  }
  return { kind, rows: parsed.rows };
}

/** A cell's text as the user typed it ('' for an empty cell; numbers as JavaScript prints them). */
export function cellText(cell: Cell | undefined): string {
  if (!cell) return '';
  return cell.t === 'n' ? String(cell.v) : cell.v.trim();
}

export function isBlankCell(cell: Cell | undefined): boolean {
  return cellText(cell) === '';
}

/** Cells a spreadsheet would run as formulas (CSV injection): refused, never stored. */
export function isFormulaLike(cell: Cell | undefined): boolean {
  if (!cell) return false;
  if (cell.t === 'f') return true;
  return cell.t === 's' && /^[\t\r]|^\s*[=+\-@]/.test(cell.v);
}
