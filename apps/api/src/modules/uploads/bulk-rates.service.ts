import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import type { BulkUploadResult } from '@parceldesk/shared/schemas/settings-responses';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import { auditSettings, type SettingsActor } from '../settings/settings-context';
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

/**
 * Tab 1's bulk upload (issue 4): checks the file by content, parses it in an isolated worker,
 * checks every row, and commits the valid ones in one transaction (all or nothing), with the
 * audit row. Nothing is written when the file is refused or the transaction fails.
 */
export async function bulkUploadRates(
  db: Database,
  options: { actor: SettingsActor; file: UploadedFile; limits?: ParseLimits },
): Promise<BulkUploadResult> {
  const { actor, file } = options;
  const limits = options.limits ?? DEFAULT_PARSE_LIMITS;
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

  const counts = await db.transaction(async (tx) => {
    const written = valid.length > 0 ? await upsertShippingRates(tx, actor.scope.courierId, valid) : { created: 0, updated: 0 };
    await auditSettings(tx, actor, 'settings.rates_bulk_uploaded', null, {
      fileName: file.fileName, kind, created: written.created, updated: written.updated, invalid: invalid.length, total,
    });
    return written;
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
