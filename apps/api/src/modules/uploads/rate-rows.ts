import { SETTINGS_MSG, shippingRateSchema } from '@parceldesk/shared/schemas/settings';
import type { InvalidRateRow } from '@parceldesk/shared/schemas/settings-responses';
import { parseWeight } from '@parceldesk/shared/weights';
import { badRequest } from '../../lib/app-error';
import type { ParsedRateRow } from '../settings/shipping-rates.service';
import type { Cell } from './spreadsheet-parser';
import { cellText, isBlankCell as isBlank, isFormulaLike } from './spreadsheet-upload';

/** A refused row; `row` is the spreadsheet's row number (the header is row 1). */
export type { InvalidRateRow };

export interface RateFileRows {
  /** One row per weight, the file's last row for that weight. */
  valid: ParsedRateRow[];
  invalid: InvalidRateRow[];
  /** Non-blank rows below the header: valid + invalid. */
  total: number;
}

export const BULK_MSG = {
  headerMissing: 'The first row must name the columns weight and cost',
  noRows: 'The file has no rates below its header row',
  costNotNumber: 'Cost must be a number, such as 650 or 650.00',
  formula: 'Formulas are not allowed (a cell starts with =, +, - or @)',
  duplicate: (winner: number) => `Same weight as row ${winner}, which was used instead`,
} as const;

/** Cost as a number: numeric cells as they are, text like '650', '1,200.50' or '650.00'. */
function costValue(cell: Cell): number | undefined {
  if (!cell) return undefined;
  if (cell.t === 'n') return cell.v;
  const text = cell.v.trim();
  if (text === '') return undefined;
  const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
  return /^\d+(\.\d+)?$|^\.\d+$/.test(plain) ? Number(plain) : NaN;
}

/**
 * The pounds of a row the shared schema is sure to accept (a subset of its rules: a weight of at
 * most 40 characters that parseWeight reads, a cost in cents from 0 to 10,000,000), else null.
 * Such rows skip zod, which costs a few hundred ms over 10,000 rows; every other row gets the
 * schema's own verdict and message.
 */
function plainlyValid(weight: string, cost: number | undefined): number | null {
  if (cost === undefined || !Number.isFinite(cost) || cost < 0 || cost > 10_000_000 || !Number.isInteger(cost * 100)) return null;
  return weight.length > 0 && weight.length <= 40 ? parseWeight(weight) : null;
}

/**
 * Checks every row of an uploaded rate file against the same rules as the Create Rate form
 * (shared shippingRateSchema). The header row (columns weight and cost, any case) is the first
 * non-blank row. Repeated weights: the last row wins and the earlier ones are reported.
 */
export function readRateRows(rows: readonly Cell[][]): RateFileRows {
  const headerIndex = rows.findIndex((row) => row.some((cell) => !isBlank(cell)));
  const header = rows[headerIndex]?.map((cell) => cellText(cell).toLowerCase()) ?? [];
  const weightColumn = header.indexOf('weight');
  const costColumn = header.indexOf('cost');
  if (weightColumn < 0 || costColumn < 0) throw badRequest(BULK_MSG.headerMissing);

  const candidates: (ParsedRateRow & { row: number })[] = [];
  const invalid: InvalidRateRow[] = [];
  let total = 0;
  for (let index = headerIndex + 1; index < rows.length; index += 1) {
    const weightCell = rows[index]?.[weightColumn] ?? null;
    const costCell = rows[index]?.[costColumn] ?? null;
    if (isBlank(weightCell) && isBlank(costCell)) continue;
    total += 1;
    const row = index + 1;
    const shown = { row, weight: weightCell?.t === 'f' ? weightCell.v : cellText(weightCell), cost: costCell?.t === 'f' ? costCell.v : cellText(costCell) };
    if (isFormulaLike(weightCell) || isFormulaLike(costCell)) {
      invalid.push({ ...shown, reason: BULK_MSG.formula });
      continue;
    }
    const cost = costValue(costCell);
    if (Number.isNaN(cost)) {
      invalid.push({ ...shown, reason: BULK_MSG.costNotNumber });
      continue;
    }
    const weight = cellText(weightCell);
    const plainPounds = plainlyValid(weight, cost);
    if (plainPounds !== null && cost !== undefined) {
      candidates.push({ row, weight, weightLbs: plainPounds, cost });
      continue;
    }
    const parsed = shippingRateSchema.safeParse({ weight, cost });
    const weightLbs = parsed.success ? parseWeight(parsed.data.weight) : null;
    if (!parsed.success || weightLbs === null) {
      invalid.push({ ...shown, reason: parsed.error?.issues[0]?.message ?? SETTINGS_MSG.weightInvalid });
      continue;
    }
    candidates.push({ row, weight: parsed.data.weight, weightLbs, cost: parsed.data.cost });
  }

  const winner = new Map<number, number>();
  for (const candidate of candidates) winner.set(candidate.weightLbs, candidate.row);
  const valid: ParsedRateRow[] = [];
  for (const candidate of candidates) {
    const winningRow = winner.get(candidate.weightLbs);
    if (winningRow === candidate.row) valid.push({ weight: candidate.weight, weightLbs: candidate.weightLbs, cost: candidate.cost });
    else invalid.push({ row: candidate.row, weight: candidate.weight, cost: String(candidate.cost), reason: BULK_MSG.duplicate(winningRow ?? candidate.row) });
  }
  invalid.sort((a, b) => a.row - b.row);
  return { valid, invalid, total };
}
