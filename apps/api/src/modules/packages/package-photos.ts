import { and, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PACKAGE_MSG, PACKAGE_PHOTO_MAX_BYTES, PACKAGE_PHOTOS_MAX, type PackageFile } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { packageFiles } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { readUpload } from '../../lib/multipart';
import { PHOTO_FIELD, preparePhoto } from '../../lib/photos';
import { loadPackage } from './package-access';
import { storeDocument } from './package-form';
import { toPackageFile } from './package-view';

/**
 * POST /packages/{id}/photos: one photo per request (the screen sends several one after another),
 * at most PACKAGE_PHOTOS_MAX a package. Nothing is stored unless the whole photo is good.
 */
export async function addPackagePhoto(db: DbOrTx, request: FastifyRequest, input: { actor: Actor; packageId: string }): Promise<PackageFile> {
  const { file } = await readUpload(request, { fileField: PHOTO_FIELD, maxBytes: PACKAGE_PHOTO_MAX_BYTES, tooLarge: PACKAGE_MSG.photoTooLarge });
  const { actor } = input;
  const photosOf = async (tx: DbOrTx, packageId: string) => {
    const [row] = await tx.select({ n: count() }).from(packageFiles).where(and(eq(packageFiles.packageId, packageId), eq(packageFiles.kind, 'photo')));
    return row?.n ?? 0;
  };
  const pkg = await loadPackage(db, actor.principal, input.packageId);
  if (!file) throw badRequest(PACKAGE_MSG.photoRequired, { [PHOTO_FIELD]: PACKAGE_MSG.photoRequired });
  if (await photosOf(db, pkg.id) >= PACKAGE_PHOTOS_MAX) throw conflict(PACKAGE_MSG.photoLimit);
  const photo = await preparePhoto(file);
  return inTransaction(db, async (tx) => {
    const locked = await loadPackage(tx, actor.principal, pkg.id, { lock: true });
    if (await photosOf(tx, locked.id) >= PACKAGE_PHOTOS_MAX) throw conflict(PACKAGE_MSG.photoLimit);
    const id = await storeDocument(tx, { courierId: locked.courierId, kind: 'photo', file: photo, owner: { packageId: locked.id } });
    await auditAction(tx, actor, {
      courierId: locked.courierId, action: 'package.photo_added', targetType: 'package', targetId: locked.id,
      details: { packageNo: locked.packageNo, fileId: id, width: photo.width, height: photo.height, bytes: photo.data.length },
    });
    return toPackageFile({ id, kind: 'photo', fileName: photo.fileName, contentType: photo.contentType, sizeBytes: photo.data.length, createdAt: new Date() });
  });
}
