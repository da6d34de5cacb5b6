import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { auditSettings, type SettingsActor } from '../settings/settings-context';
import { upsertShippingRates } from '../settings/shipping-rates.service';
import type { UploadedFile } from './multipart';
import { BULK_MSG, readRateRows, type InvalidRateRow } from './rate-rows';
import type { ParseLimits } from './spreadsheet-parser';
import { readSpreadsheetUpload } from './spreadsheet-upload';

export interface BulkUploadResult {
  success: true;
  message: string;
  createdRates: number;
  updatedRates: number;
  invalidRates: number;
  totalProcessed: number;
  invalidRows: InvalidRateRow[];
}

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
  const { kind, rows } = await readSpreadsheetUpload(file, { wrongType: SETTINGS_MSG.bulkWrongType, limits: options.limits });
  const { valid, invalid, total } = readRateRows(rows);
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
