import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import type { BulkUploadResult, InvalidRateRow } from '@parceldesk/shared/schemas/settings-responses';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { auditAction } from '../../lib/actor';
import type { SettingsActor } from '../settings/settings-context';
import { upsertShippingRates } from '../settings/shipping-rates.service';
import type { SpreadsheetKind } from './file-types';
import type { UploadedFile } from './multipart';
import { BULK_MSG, readRateRows } from './rate-rows';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './spreadsheet-parser';
import { readSpreadsheetUpload } from './spreadsheet-upload';


export interface RateFile {
  fileName: string;
  kind: SpreadsheetKind;
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
  const { kind, rows } = await readSpreadsheetUpload(file, { wrongType: SETTINGS_MSG.bulkWrongType, limits });
  const { valid, invalid, total } = readRateRows(rows);
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
