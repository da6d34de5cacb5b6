import { and, count, eq } from 'drizzle-orm';
import {
  PACKAGE_MSG, PACKAGE_PHOTOS_MAX, type PackageFile,
} from '@parceldesk/shared/schemas/packages';
import type { DbOrTx, Tx } from '../../db/client';
import { packageFiles } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/app-error';
import type { UploadedFile } from '../../lib/multipart';
import { PHOTO_FIELD, preparePhoto, type PreparedPhoto } from '../../lib/photos';
import { loadPackage } from './package-access';
import { storeDocument } from './package-form';
import { toPackageFile } from './package-view';

export { PHOTO_FIELD };

const photosOf = async (db: DbOrTx, packageId: string) => {
  const [row] = await db.select({ n: count() }).from(packageFiles).where(and(eq(packageFiles.packageId, packageId), eq(packageFiles.kind, 'photo')));
  return row?.n ?? 0;
};

/**
 * POST /packages/{id}/photos, before its transaction: the package in scope (another courier's is
 * 404), a photo sent, room for one more, then the photo decoded and resized. Reads only, so the
 * slow decode holds no lock; `addPackagePhoto` checks the count again under the package's lock.
 */
export async function preparePackagePhoto(db: DbOrTx, input: { actor: Actor; packageId: string; file: UploadedFile | null }): Promise<PreparedPhoto> {
  const pkg = await loadPackage(db, input.actor.principal, input.packageId);
  if (!input.file) throw badRequest(PACKAGE_MSG.photoRequired, { [PHOTO_FIELD]: PACKAGE_MSG.photoRequired });
  if (await photosOf(db, pkg.id) >= PACKAGE_PHOTOS_MAX) throw conflict(PACKAGE_MSG.photoLimit);
  return preparePhoto(input.file);
}

/**
 * POST /packages/{id}/photos: one photo per request (the screen sends several one after another),
 * at most PACKAGE_PHOTOS_MAX a package. Nothing is stored unless the whole photo is good.
 */
export async function addPackagePhoto(db: Tx, input: { actor: Actor; packageId: string; photo: PreparedPhoto }): Promise<PackageFile> {
  const { actor, photo } = input;
  const locked = await loadPackage(db, actor.principal, input.packageId, { lock: true });
  if (await photosOf(db, locked.id) >= PACKAGE_PHOTOS_MAX) throw conflict(PACKAGE_MSG.photoLimit);
  const id = await storeDocument(db, { courierId: locked.courierId, kind: 'photo', file: photo, owner: { packageId: locked.id } });
  await auditAction(db, actor, {
    courierId: locked.courierId, action: 'package.photo_added', targetType: 'package', targetId: locked.id,
    details: { packageNo: locked.packageNo, fileId: id, width: photo.width, height: photo.height, bytes: photo.data.length },
  });
  return toPackageFile({ id, kind: 'photo', fileName: photo.fileName, contentType: photo.contentType, sizeBytes: photo.data.length, createdAt: new Date() });
}
