import { and, eq, ne } from 'drizzle-orm';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import type { DbOrTx } from '../../db/client';
import { couriers, storedFiles } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/app-error';
import { auditAction, type Actor } from '../../lib/actor';
import { scopeOf } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';
import { courierById } from '../../lib/courier-lookup';
import type { UploadedFile } from './multipart';

type StoredFileRow = typeof storedFiles.$inferSelect;

/** Logos are public (the login page shows them); this is the URL stored in couriers.logo_url. */
export const publicFileUrl = (fileId: string) => `/api/files/${fileId}`;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Change {
  actor: Actor;
  courierId: string;
}

/**
 * Stores a file of one kind for a courier and makes it the current one, dropping the previous
 * ones of that kind, all in one transaction with the courier's pointer and the audit row.
 */
async function replaceFile(
  db: DbOrTx,
  change: Change & { kind: 'logo' | 'rate_sheet'; file: UploadedFile; contentType: string },
  point: (db: DbOrTx, fileId: string) => Promise<unknown>,
): Promise<string> {
  const [stored] = await db.insert(storedFiles).values({
    courierId: change.courierId, kind: change.kind, fileName: change.file.fileName, contentType: change.contentType,
    sizeBytes: change.file.data.length, data: change.file.data,
  }).returning({ id: storedFiles.id });
  if (!stored) throw new Error('stored file insert returned nothing');
  await point(db, stored.id);
  await db.delete(storedFiles).where(and(eq(storedFiles.courierId, change.courierId), eq(storedFiles.kind, change.kind), ne(storedFiles.id, stored.id)));
  await auditAction(db, change.actor, {
    courierId: change.courierId, action: change.kind === 'logo' ? 'settings.logo_updated' : 'settings.rate_sheet_updated',
    targetType: 'courier', targetId: change.courierId,
    details: { fileId: stored.id, fileName: change.file.fileName, contentType: change.contentType, sizeBytes: change.file.data.length },
  });
  return stored.id;
}

export async function saveLogo(db: DbOrTx, change: Change & { file: UploadedFile; contentType: string }): Promise<string> {
  const fileId = await replaceFile(db, { ...change, kind: 'logo' }, (inner, id) =>
    inner.update(couriers).set({ logoUrl: publicFileUrl(id), updatedAt: new Date() }).where(eq(couriers.id, change.courierId)));
  return publicFileUrl(fileId);
}

export async function saveRateSheet(db: DbOrTx, change: Change & { file: UploadedFile; contentType: string }): Promise<void> {
  await replaceFile(db, { ...change, kind: 'rate_sheet' }, (inner, id) =>
    inner.update(couriers).set({ rateSheetFileId: id, updatedAt: new Date() }).where(eq(couriers.id, change.courierId)));
}

/** A logo by id, for anyone; other kinds of file are not public and read as not found. */
export async function publicFile(db: DbOrTx, id: string): Promise<StoredFileRow> {
  if (!UUID.test(id)) throw notFound();
  const [file] = await db.select().from(storedFiles).where(and(eq(storedFiles.id, id), eq(storedFiles.kind, 'logo'))).limit(1);
  if (!file) throw notFound();
  return file;
}

/**
 * The courier whose rate sheet the caller reads: their own (naming another answers 404); a
 * super admin names one with ?courier_id.
 */
export async function rateSheetCourierId(db: DbOrTx, principal: Principal, requested: string | undefined): Promise<string> {
  const scope = scopeOf(principal);
  if (scope.courierId) {
    if (requested && requested !== scope.courierId) throw notFound();
    return scope.courierId;
  }
  if (!requested) throw badRequest(SETTINGS_MSG.courierMissing);
  const courier = UUID.test(requested) ? await courierById(db, requested) : null;
  if (!courier) throw notFound();
  return courier.id;
}

const rateSheetColumns = { id: storedFiles.id, fileName: storedFiles.fileName, contentType: storedFiles.contentType, sizeBytes: storedFiles.sizeBytes };
const isCurrentRateSheet = and(eq(storedFiles.id, couriers.rateSheetFileId), eq(storedFiles.courierId, couriers.id));

/** The courier's current rate sheet without its bytes, or null. */
export async function rateSheetInfo(db: DbOrTx, courierId: string) {
  const [row] = await db.select(rateSheetColumns).from(couriers).innerJoin(storedFiles, isCurrentRateSheet).where(eq(couriers.id, courierId)).limit(1);
  return row ?? null;
}

/** The courier's current rate sheet with its bytes, or 404 'No rate sheet uploaded yet.' */
export async function rateSheetFile(db: DbOrTx, courierId: string) {
  const [row] = await db.select({ ...rateSheetColumns, data: storedFiles.data }).from(couriers).innerJoin(storedFiles, isCurrentRateSheet)
    .where(eq(couriers.id, courierId)).limit(1);
  if (!row) throw notFound(SETTINGS_MSG.noRateSheet);
  return row;
}
