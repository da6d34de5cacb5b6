import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import type { BulkUploadResult, InvalidRateRow } from '@parceldesk/shared/schemas/settings-responses';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import { auditAction } from '../../lib/actor';
import type { SettingsActor } from '../settings/settings-context';
import { upsertShippingRates } from '../settings/shipping-rates.service';
import { spreadsheetKind } from './file-types';
import type { UploadedFile } from './multipart';
import { BULK_MSG, readRateRows } from './rate-rows';
import { DEFAULT_PARSE_LIMITS, parseSpreadsheet, type ParseLimits } from './spreadsheet-parser';
import { listZipEntries, unpackedSize } from './zip-entries';

/** An xlsx of a few thousand rates unpacks to a few MB; far more means a ZIP bomb. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export const SPREADSHEET_MSG = {
  unreadable: 'The file could not be read as a spreadsheet',
  tooManyRows: (max: number) => `The file has more than ${max} rows; split it into smaller files`,
  unpackedTooLarge: 'The spreadsheet is too large once unpacked',
  timeout: 'The file took too long to read; check it and try again',
  busy: 'Other uploads are being read right now; try again in a moment',
} as const;

export interface RateFile {
  fileName: string;
  kind: NonNullable<ReturnType<typeof spreadsheetKind>>;
  valid: ReturnType<typeof readRateRows>['valid'];
  invalid: InvalidRateRow[];
  total: number;
}

/**
 * Tab 1's bulk upload (issue 4), first step: checks the file by content, parses it in an isolated
 * worker and checks every row. It touches no database, so the route reads the file before it
 * opens the command's transaction.
 */
export async function readRateFile(file: UploadedFile, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<RateFile> {
  const kind = spreadsheetKind(file.data, file.fileName);
  if (!kind) throw new AppError(415, SETTINGS_MSG.bulkWrongType);
  if (kind === 'xlsx' && unpackedSize(listZipEntries(file.data) ?? []) > MAX_UNPACKED_BYTES) throw new AppError(413, SPREADSHEET_MSG.unpackedTooLarge);

  const parsed = await parseSpreadsheet(file.data, kind, limits);
  if (!parsed.ok) {
    if (parsed.reason === 'too_many_rows') throw new AppError(413, SPREADSHEET_MSG.tooManyRows(limits.maxRows));
    if (parsed.reason === 'busy') throw new AppError(503, SPREADSHEET_MSG.busy);
    throw badRequest(parsed.reason === 'timeout' ? SPREADSHEET_MSG.timeout : SPREADSHEET_MSG.unreadable);
  }
  const { valid, invalid, total } = readRateRows(parsed.rows);
  if (total === 0) throw badRequest(BULK_MSG.noRows);
  return { fileName: file.fileName, kind, valid, invalid, total };
}

/** The second step: commits the valid rows with the audit row (all or nothing, in the caller's transaction). */
export async function saveRateFile(db: DbOrTx, options: { actor: SettingsActor; rates: RateFile }): Promise<BulkUploadResult> {
  const { actor, rates } = options;
  const { valid, invalid, total } = rates;
  const counts = valid.length > 0 ? await upsertShippingRates(db, actor.scope.courierId, valid) : { created: 0, updated: 0 };
  await auditAction(db, actor, {
    courierId: actor.scope.courierId, action: 'settings.rates_bulk_uploaded',
    details: { fileName: rates.fileName, kind: rates.kind, created: counts.created, updated: counts.updated, invalid: invalid.length, total },
  });
  return {
    success: true,
    message: `${total} rows processed: ${counts.created} created, ${counts.updated} updated, ${invalid.length} invalid`,
    createdRates: counts.created,
    updatedRates: counts.updated,
    invalidRates: invalid.length,
    totalProcessed: total,
    invalidRows: invalid,
  };
}
