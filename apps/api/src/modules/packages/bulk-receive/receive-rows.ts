import { canonicalTracking } from '@parceldesk/shared/domain/packages';
import { receivePackageSchema, type ReceivePackageInput } from '@parceldesk/shared/schemas/packages';
import { BULK_RECEIVE_MSG } from '@parceldesk/shared/schemas/package-scan';
import { badRequest } from '../../../lib/app-error';
import type { Cell } from '../../uploads/spreadsheet-parser';
import { cellText, isBlankCell, isFormulaLike } from '../../uploads/spreadsheet-upload';

/** The columns of a Miami warehouse's receiving file, under the names such files use. */
const COLUMN_NAMES = {
  trackingNumber: ['tracking', 'trackingnumber', 'trackingno', 'tracking#', 'trackingnum', 'carriertracking'],
  mailboxNumber: ['mailbox', 'mailboxnumber', 'mailboxno', 'mailbox#', 'account', 'accountnumber', 'suite', 'box'],
  labelName: ['name', 'consignee', 'customer', 'customername', 'recipient'],
  weight: ['weight', 'weightlb', 'weightlbs', 'lb', 'lbs', 'actualweight'],
  length: ['length', 'lengthin', 'l'],
  width: ['width', 'widthin', 'w'],
  height: ['height', 'heightin', 'h'],
  dimensions: ['dimensions', 'dims', 'dimension', 'lxwxh', 'size'],
  description: ['description', 'contents', 'content', 'itemdescription'],
  declaredValue: ['value', 'declaredvalue', 'valueusd', 'declaredvalueusd', 'usvalue', 'invoicevalue'],
  shipper: ['shipper', 'store', 'merchant', 'vendor', 'sender', 'from'],
  carrier: ['carrier', 'courier'],
} as const;
type Column = keyof typeof COLUMN_NAMES;

const headerKey = (text: string) => text.toLowerCase().replace(/\(.*?\)|[\s._-]/g, '');

export interface ReceiveRowCandidate {
  /** The spreadsheet's row number (the header is row 1 when it is the first row). */
  row: number;
  input: ReceivePackageInput;
}

export interface RejectedRow {
  row: number;
  trackingNumber: string;
  mailboxNumber: string;
  outcome: 'invalid' | 'duplicate';
  reason: string;
}

export interface ReceiveFileRows {
  candidates: ReceiveRowCandidate[];
  rejected: RejectedRow[];
  /** Non-blank rows under the header. */
  total: number;
}

/** '12.5 lb', '$1,250.00', 'US$ 40' → the number text the shared schema reads. */
function numberText(cell: Cell | undefined): string {
  if (cell?.t === 'n') return String(cell.v);
  return cellText(cell).replace(/^(us)?\$\s*|\s*(lbs?|in|usd)\.?$/gi, '').replace(/,(?=\d{3}\b)/g, '').trim();
}

/** '12x10x8', '12 X 10 X 8 in', '12*10*8' → three numbers as text, else null. */
function splitDimensions(text: string): [string, string, string] | null {
  const parts = text.toLowerCase().replace(/in(ches)?\.?$/, '').split(/\s*[x×*]\s*/).map((part) => part.trim());
  return parts.length === 3 && parts.every((part) => /^\d+(\.\d+)?$/.test(part)) ? [parts[0]!, parts[1]!, parts[2]!] : null;
}

function findColumns(header: string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  for (const [column, names] of Object.entries(COLUMN_NAMES) as [Column, readonly string[]][]) {
    const index = header.findIndex((text) => names.includes(headerKey(text)));
    if (index >= 0) found[column] = index;
  }
  return found;
}

/**
 * Checks every row of a bulk receive file against the receive route's own schema (shared
 * receivePackageSchema: the scan station's rules and messages). The header is the first
 * non-blank row and must name at least tracking and weight. A tracking number twice in the file
 * counts once: the later rows are duplicates of the first.
 */
export function readReceiveRows(rows: readonly Cell[][]): ReceiveFileRows {
  const headerIndex = rows.findIndex((row) => row.some((cell) => !isBlankCell(cell)));
  const columns = findColumns(rows[headerIndex]?.map((cell) => cellText(cell)) ?? []);
  if (columns.trackingNumber === undefined || columns.weight === undefined) throw badRequest(BULK_RECEIVE_MSG.headerMissing);

  const candidates: ReceiveRowCandidate[] = [];
  const rejected: RejectedRow[] = [];
  const firstRowOf = new Map<string, number>();
  let total = 0;
  for (let index = headerIndex + 1; index < rows.length; index += 1) {
    const cells = rows[index] ?? [];
    if (cells.every((cell) => isBlankCell(cell))) continue;
    total += 1;
    const row = index + 1;
    const at = (column: Column): Cell | undefined => (columns[column] === undefined ? undefined : cells[columns[column]!]);
    const trackingNumber = cellText(at('trackingNumber'));
    const mailboxNumber = cellText(at('mailboxNumber'));
    const shown = { row, trackingNumber, mailboxNumber };
    // Only the columns read count: a warehouse's own formula column elsewhere does no harm.
    const read = Object.values(columns).map((column) => cells[column]);
    if (read.some((cell) => isFormulaLike(cell) && !(cell?.t === 's' && /^\s*-\d/.test(cell.v)))) {
      rejected.push({ ...shown, outcome: 'invalid', reason: BULK_RECEIVE_MSG.formula });
      continue;
    }
    let dimensions: [string, string, string] | null = null;
    const dimensionText = cellText(at('dimensions'));
    if (dimensionText) {
      dimensions = splitDimensions(dimensionText);
      if (!dimensions) {
        rejected.push({ ...shown, outcome: 'invalid', reason: BULK_RECEIVE_MSG.dimensionsUnreadable });
        continue;
      }
    }
    const parsed = receivePackageSchema.safeParse({
      trackingNumber,
      mailboxNumber,
      labelName: cellText(at('labelName')),
      weight: numberText(at('weight')),
      length: dimensions?.[0] ?? numberText(at('length')),
      width: dimensions?.[1] ?? numberText(at('width')),
      height: dimensions?.[2] ?? numberText(at('height')),
      description: cellText(at('description')),
      declaredValue: numberText(at('declaredValue')),
      shipper: cellText(at('shipper')),
      carrier: carrierOf(cellText(at('carrier'))),
    });
    if (!parsed.success) {
      rejected.push({ ...shown, outcome: 'invalid', reason: parsed.error.issues[0]?.message ?? BULK_RECEIVE_MSG.rowInvalid });
      continue;
    }
    const key = canonicalTracking(parsed.data.trackingNumber);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      rejected.push({ ...shown, outcome: 'duplicate', reason: BULK_RECEIVE_MSG.duplicateInFile(first) });
      continue;
    }
    firstRowOf.set(key, row);
    candidates.push({ row, input: parsed.data });
  }
  return { candidates, rejected, total };
}

/** The carrier column, when the file has one, in the contract's words; anything else is guessed from the number. */
function carrierOf(text: string): string {
  const key = text.toLowerCase().replace(/[^a-z]/g, '');
  if (!key) return '';
  if (key === 'fedex' || key === 'federalexpress') return 'fedex';
  if (['ups', 'usps', 'dhl', 'amazon'].includes(key)) return key;
  return 'other';
}
