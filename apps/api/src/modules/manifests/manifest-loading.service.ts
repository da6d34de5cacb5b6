import { and, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { assertManifestOpen } from '@parceldesk/shared/domain/manifests';
import { PACKAGE_STATUS_LABELS, trackingMatchKeys } from '@parceldesk/shared/domain/packages';
import type { ManifestAddPackages, ManifestAddResult, ManifestRefusal, ManifestTotals } from '@parceldesk/shared/schemas/manifests';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { manifestPackages, manifests, packageEvents, packages } from '../../db/schema/index';
import { actorTypeOf, auditAction, auditActionInsert, withImpersonation, type Actor } from '../../lib/actor';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { answerInsert, replayOf, requestHash } from '../../lib/idempotency';
import { isUniqueViolation } from '../../lib/pg-errors';
import { loadManifest, type ManifestRow } from './manifest-access';
import { manifestTotals } from './manifest-detail.service';
import { announceManifest, manifestNotify } from './manifest-writes.service';

type PackageRow = typeof packages.$inferSelect;
interface Refused { code: string; reason: ManifestRefusal; message: string }
interface Added { id: string; packageNumber: string; code: string | null }

/** 409 for a parcel another manifest holds or a sealed manifest; 422 for a parcel that cannot travel yet. */
const STATUS_OF_REFUSAL: Record<ManifestRefusal, number> = {
  unknown_code: 422, not_received: 422, unknown_package: 422, other_service: 422, on_other_manifest: 409, already_on_this: 200, sealed: 409,
};

const ROUTE = 'POST /manifests/:id/packages';

/** What each requested item names: package ids as they are, scanned codes by package number or tracking number. */
async function resolveItems(tx: DbOrTx, courierId: string, input: ManifestAddPackages) {
  const codes = input.codes.map((code) => ({ code, upper: code.trim().toUpperCase().replace(/\s+/g, ''), keys: trackingMatchKeys(code) }));
  const numbers = [...new Set(codes.map((c) => c.upper))];
  const keys = [...new Set(codes.flatMap((c) => c.keys))];
  const ids = [...new Set(input.packageIds)];
  const conditions = [
    ids.length ? inArray(packages.id, ids) : undefined,
    numbers.length ? inArray(packages.packageNo, numbers) : undefined,
    keys.length ? inArray(packages.trackingNumber, keys) : undefined,
  ].filter((c) => c !== undefined);
  // Locked in id order, so two stations loading overlapping parcels never deadlock; a parcel another
  // transaction is loading is read again once that one commits (READ COMMITTED), in its new status.
  const found = await tx.select().from(packages)
    .where(and(eq(packages.courierId, courierId), sql`(${sql.join(conditions, sql` or `)})`))
    .orderBy(packages.id).for('update');
  const byId = new Map(found.map((p) => [p.id, p]));
  const byNumber = new Map(found.map((p) => [p.packageNo, p]));
  const byTracking = new Map(found.map((p) => [p.trackingNumber, p]));
  const items: { code: string; pkg: PackageRow | null; fromCode: boolean }[] = [
    ...ids.map((id) => ({ code: id, pkg: byId.get(id) ?? null, fromCode: false })),
    ...codes.map((c) => ({ code: c.code, pkg: byNumber.get(c.upper) ?? c.keys.map((k) => byTracking.get(k)).find(Boolean) ?? null, fromCode: true })),
  ];
  return items;
}

/** The manifest each package is on now (if any), by package id. */
async function currentManifests(tx: DbOrTx, packageIds: string[]) {
  if (packageIds.length === 0) return new Map<string, { id: string; number: string }>();
  const rows = await tx.select({ packageId: manifestPackages.packageId, id: manifests.id, number: manifests.number })
    .from(manifestPackages).innerJoin(manifests, eq(manifests.id, manifestPackages.manifestId))
    .where(and(inArray(manifestPackages.packageId, packageIds), isNull(manifestPackages.releasedAt)));
  return new Map(rows.map((r) => [r.packageId, { id: r.id, number: r.number }]));
}

function refusalOf(manifest: ManifestRow, pkg: PackageRow | null, code: string, current: { id: string; number: string } | undefined): Refused | null {
  if (!pkg) return { code, reason: 'unknown_code', message: `No package of this courier has the number ${code}` };
  const name = pkg.packageNo;
  if (current && current.id === manifest.id) return { code, reason: 'already_on_this', message: `${name} is already on this manifest` };
  if (current) return { code, reason: 'on_other_manifest', message: `${name} is already on manifest ${current.number}` };
  if (pkg.status === 'unknown') return { code, reason: 'unknown_package', message: `${name} is an unknown package: assign it to a customer before shipping it` };
  if (pkg.status !== 'received') return { code, reason: 'not_received', message: `${name} is ${PACKAGE_STATUS_LABELS[pkg.status]}: only received packages can be loaded` };
  if (pkg.service !== manifest.service) {
    return { code, reason: 'other_service', message: `${name} is a ${SERVICE_LABELS[pkg.service]} package; this is an ${SERVICE_LABELS[manifest.service]} manifest` };
  }
  return null;
}

function summary(added: Added[], refused: Refused[], packagesOnManifest: number): string {
  const on = `${packagesOnManifest} package${packagesOnManifest === 1 ? '' : 's'} on the manifest`;
  if (added.length === 1 && refused.length === 0) return `${added[0]!.packageNumber} added (${on})`;
  return `${added.length} added${refused.length ? `, ${refused.length} refused` : ''} (${on})`;
}

/**
 * POST /manifests/{id}/packages: loads received parcels of the manifest's service onto it while it
 * is open. Each becomes `manifested` with one history row. A parcel another manifest holds is
 * refused, also when two stations load it at the same moment: the package row lock orders them
 * and the partial unique index of manifest_packages is the backstop. When nothing could be added
 * the answer is the first refusal (409/422); otherwise 200 lists what was refused.
 */
export async function addManifestPackages(
  tx: DbOrTx,
  { actor, manifestId, input, idempotencyKey }: { actor: Actor; manifestId: string; input: ManifestAddPackages; idempotencyKey: string | null },
): Promise<ManifestAddResult> {
  const hash = requestHash(`${ROUTE} ${manifestId}`, input);
  const replay = idempotencyKey ? await replayOf(tx, { principalId: actor.principal.id, key: idempotencyKey, hash }) : null;
  const manifest = await loadManifest(tx, actor.scope, manifestId, 'share');
  if (!replay) assertManifestOpen(manifest.status);

  const items = await resolveItems(tx, manifest.courierId, input);
  const current = await currentManifests(tx, items.flatMap((i) => (i.pkg ? [i.pkg.id] : [])));
  const added: Added[] = [];
  const refused: Refused[] = [];
  const toAdd = new Map<string, PackageRow>();
  for (const item of items) {
    if (item.pkg && toAdd.has(item.pkg.id)) continue;
    const refusal = refusalOf(manifest, item.pkg, item.fromCode ? item.code : item.pkg?.packageNo ?? item.code, item.pkg ? current.get(item.pkg.id) : undefined);
    if (!item.pkg) {
      // An id of another courier, or none at all: nothing to load (the answer tells nothing of other couriers).
      refused.push(item.fromCode ? refusal! : { code: item.code, reason: 'unknown_code', message: 'No package of this courier has this id' });
    } else if (refusal?.reason === 'already_on_this') {
      added.push({ id: item.pkg.id, packageNumber: item.pkg.packageNo, code: item.fromCode ? item.code : null });
    } else if (refusal || replay) {
      // A replayed request changes nothing: what it added then reads as already on this manifest.
      if (refusal) refused.push(refusal);
    } else {
      toAdd.set(item.pkg.id, item.pkg);
      added.push({ id: item.pkg.id, packageNumber: item.pkg.packageNo, code: item.fromCode ? item.code : null });
    }
  }
  if (added.length === 0) {
    const first = refused[0]!;
    throw new AppError(STATUS_OF_REFUSAL[first.reason], refused.length === 1 ? first.message : `None could be added. ${first.message}`, undefined, `manifest.${first.reason}`);
  }

  // The rows of the load, its history, audit, live event and idempotency answer go as one statement
  // whose final select also sums what the manifest held before it (the same snapshot): the totals
  // are that plus the parcels added, so the scan station's running count costs no extra round trip.
  const ids = replay ? [] : [...toAdd.keys()];
  const details = withImpersonation(actor, { manifestId: manifest.id, manifestNumber: manifest.number });
  const writes: SQLWrapper[] = ids.length === 0 ? [] : [
    tx.insert(manifestPackages).values(ids.map((packageId) => ({ manifestId: manifest.id, packageId, courierId: manifest.courierId, addedBy: actor.principal.kind === 'user' ? actor.principal.id : null }))),
    tx.update(packages).set({ status: 'manifested', updatedAt: sql`now()` }).where(inArray(packages.id, ids)),
    tx.insert(packageEvents).values(ids.map((packageId) => ({
      courierId: manifest.courierId, packageId, kind: 'manifest', status: 'manifested' as const, note: `Loaded on manifest ${manifest.number}`,
      actorType: actorTypeOf(actor.principal), actorId: actor.principal.id, details: details ?? null,
    }))),
    auditActionInsert(tx, actor, {
      courierId: manifest.courierId, action: 'manifest.packages_added', targetType: 'manifest', targetId: manifest.id,
      details: { number: manifest.number, packages: [...toAdd.values()].slice(0, 100).map((p) => p.packageNo), count: ids.length },
    }),
  ];
  if (idempotencyKey && !replay) {
    writes.push(answerInsert(tx, { principalId: actor.principal.id, key: idempotencyKey, hash, courierId: manifest.courierId, route: ROUTE, statusCode: 200, outcome: 'added', resourceId: manifest.id }));
  }
  let before: ManifestTotals;
  try {
    before = await manifestTotals(tx, manifest.id, { writes, notifies: ids.length ? [manifestNotify(manifest, 'manifest.packages')] : [] });
  } catch (error) {
    // The backstop of the row locks above: the database's one-manifest-per-package index.
    if (isUniqueViolation(error, 'manifest_packages_current_key')) throw new AppError(409, 'A package was loaded on another manifest at the same moment; scan it again', undefined, 'manifest.on_other_manifest');
    throw error;
  }
  const loaded = replay ? [] : [...toAdd.values()];
  const totals: ManifestTotals = {
    packages: before.packages + loaded.length,
    pieces: before.pieces + loaded.reduce((sum, p) => sum + p.pieces, 0),
    weight: Math.round((before.weight + loaded.reduce((sum, p) => sum + Number(p.weight), 0)) * 100) / 100,
    chargeableWeight: before.chargeableWeight + loaded.reduce((sum, p) => sum + p.chargeableWeight, 0),
    declaredValueCents: before.declaredValueCents + loaded.reduce((sum, p) => sum + (p.declaredValueCents ?? 0), 0),
  };
  return { added, refused, totals, message: summary(added, refused, totals.packages) };
}

/** DELETE /manifests/{id}/packages/{packageId}: takes a parcel off an open manifest; a manifested one is received again. */
export async function removeManifestPackage(tx: DbOrTx, { actor, manifestId, packageId }: { actor: Actor; manifestId: string; packageId: string }): Promise<void> {
  const manifest = await loadManifest(tx, actor.scope, manifestId, 'share');
  const [pkg] = await tx.select().from(packages).where(and(eq(packages.id, packageId), eq(packages.courierId, manifest.courierId))).for('update');
  const [member] = pkg
    ? await tx.select().from(manifestPackages).where(and(eq(manifestPackages.manifestId, manifest.id), eq(manifestPackages.packageId, pkg.id), isNull(manifestPackages.releasedAt)))
    : [];
  if (!pkg) throw notFound();
  if (!member) throw conflict('This package is not on this manifest');
  assertManifestOpen(manifest.status);
  await tx.delete(manifestPackages).where(and(eq(manifestPackages.manifestId, manifest.id), eq(manifestPackages.packageId, pkg.id)));
  const status = pkg.status === 'manifested' ? 'received' : pkg.status;
  await tx.update(packages).set({ status, updatedAt: sql`now()` }).where(eq(packages.id, pkg.id));
  await tx.insert(packageEvents).values({
    courierId: manifest.courierId, packageId: pkg.id, kind: 'manifest', status, note: `Removed from manifest ${manifest.number}`,
    actorType: actorTypeOf(actor.principal), actorId: actor.principal.id, details: withImpersonation(actor, { manifestId: manifest.id, manifestNumber: manifest.number }) ?? null,
  });
  await announceManifest(tx, manifest, 'manifest.packages');
  await auditAction(tx, actor, {
    courierId: manifest.courierId, action: 'manifest.package_removed', targetType: 'manifest', targetId: manifest.id, details: { number: manifest.number, package: pkg.packageNo },
  });
}
