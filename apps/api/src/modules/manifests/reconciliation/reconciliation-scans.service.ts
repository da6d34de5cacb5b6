import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ReconciliationDamageInput, ReconciliationScan, ReconciliationScanInput, ReconciliationScanResult, ReconciliationStart } from '@parceldesk/shared/schemas/reconciliation';
import { RECONCILIATION_MSG } from '@parceldesk/shared/schemas/reconciliation';
import type { DbOrTx } from '../../../db/client';
import { branches, manifestPackages, packageFiles, reconciliations, reconciliationScans, storedFiles } from '../../../db/schema/index';
import { eventNotify } from '../../../events/publish';
import { auditAction, auditActionInsert, type Actor } from '../../../lib/actor';
import { badRequest, conflict, forbidden } from '../../../lib/app-error';
import type { PreparedPhoto } from '../../../lib/photos';
import { assertArrived, manifestInScope, manifestWithReconciliation, mayReconcile, type ManifestRow, type ReconciliationRow } from './reconciliation-access';
import { codeKeyOf, packageOfCode, scanLookup, scanRows, scanWithCounts, type ScannedPackage } from './reconciliation-scan-rows';

/** The courier's people only: the super admin reads reconciliations but checks in nothing. */
function courierActor(actor: Actor): string {
  if (!mayReconcile(actor.principal) || !actor.principal.courierId) throw forbidden();
  return actor.principal.courierId;
}

/**
 * The branch the shipment is checked in at: the one chosen, else the starter's own branch, else
 * the courier's only active branch; with several and none chosen the starter must choose (400).
 */
async function destinationBranch(tx: DbOrTx, courierId: string, actor: Actor, chosen: string | undefined): Promise<string> {
  const active = await tx.select({ id: branches.id }).from(branches)
    .where(and(eq(branches.courierId, courierId), eq(branches.isActive, true))).orderBy(asc(branches.createdAt));
  const ids = active.map((row) => row.id);
  if (chosen) {
    if (!ids.includes(chosen)) throw badRequest(RECONCILIATION_MSG.branchInvalid, { branchId: RECONCILIATION_MSG.branchInvalid });
    return chosen;
  }
  const own = actor.principal.branchId;
  if (own && ids.includes(own)) return own;
  if (ids.length === 1 && ids[0]) return ids[0];
  throw badRequest(RECONCILIATION_MSG.branchRequired, { branchId: RECONCILIATION_MSG.branchRequired });
}

type ReconciliationKind = 'reconciliation.started' | 'reconciliation.scan' | 'reconciliation.finished';

async function announce(tx: DbOrTx, manifest: ManifestRow, reconciliationId: string, kind: ReconciliationKind) {
  await tx.execute(sql`select ${reconciliationNotify(manifest, reconciliationId, kind)}`);
}

const reconciliationNotify = (manifest: ManifestRow, reconciliationId: string, kind: ReconciliationKind) =>
  eventNotify({ family: 'reconciliations', kind, audience: 'staff', courierId: manifest.courierId, customerId: null, manifestId: manifest.id, reconciliationId });

/**
 * POST /manifests/{id}/reconciliation: starts the check-in of an arrived manifest (409 for any
 * other status). Starting one already under way answers it (work resumes where it stopped).
 */
export async function startReconciliation(tx: DbOrTx, { actor, manifestId, input }: { actor: Actor; manifestId: string; input: ReconciliationStart }): Promise<{ created: boolean }> {
  const courierId = courierActor(actor);
  const manifest = await manifestInScope(tx, actor.scope, manifestId, 'update');
  const [existing] = await tx.select().from(reconciliations).where(eq(reconciliations.manifestId, manifest.id)).limit(1);
  if (existing?.status === 'in_progress') return { created: false };
  assertArrived(manifest);
  const branchId = await destinationBranch(tx, courierId, actor, input.branchId);
  const [row] = await tx.insert(reconciliations).values({ courierId, manifestId: manifest.id, branchId, startedBy: actor.principal.id }).returning({ id: reconciliations.id });
  if (!row) throw new Error('reconciliation insert returned nothing');
  await auditAction(tx, actor, { courierId, action: 'reconciliation.started', targetType: 'manifest', targetId: manifest.id, details: { number: manifest.number, branchId } });
  await announce(tx, manifest, row.id, 'reconciliation.started');
  return { created: true };
}

async function openReconciliation(tx: DbOrTx, actor: Actor, manifestId: string): Promise<{ manifest: ManifestRow; reconciliation: ReconciliationRow; courierId: string }> {
  const courierId = courierActor(actor);
  const { manifest, reconciliation } = await manifestWithReconciliation(tx, actor.scope, manifestId);
  if (reconciliation.status === 'finished') throw conflict(RECONCILIATION_MSG.finished);
  return { manifest, reconciliation, courierId };
}

async function isOnManifest(tx: DbOrTx, manifestId: string, packageId: string): Promise<boolean> {
  const [row] = await tx.select({ id: manifestPackages.packageId }).from(manifestPackages)
    .where(and(eq(manifestPackages.manifestId, manifestId), eq(manifestPackages.packageId, packageId))).limit(1);
  return Boolean(row);
}

/** The answer: the scan and the live counts in one statement, with the scan's audit row and live event when given. */
async function resultOf(
  tx: DbOrTx, manifest: ManifestRow, reconciliationId: string, scanId: string, result: ReconciliationScanResult['result'],
  message: (scan: ReconciliationScan) => string, alongside?: { writes: SQLWrapper[]; notifies: SQL[] },
): Promise<ReconciliationScanResult> {
  const { scan, counts } = await scanWithCounts(tx, manifest.id, reconciliationId, scanId, alongside);
  if (!scan) throw new Error('scan vanished');
  return { result, message: message(scan), scan, counts };
}

const shortTime = (iso: string) => new Date(iso).toLocaleTimeString('en-JM', { timeZone: 'America/Jamaica', hour: '2-digit', minute: '2-digit' });

function recordedMessage(scan: ReconciliationScan): string {
  if (scan.outcome === 'damaged') return `${scan.packageNumber} marked damaged`;
  if (scan.outcome === 'received') return `${scan.packageNumber} received`;
  if (!scan.packageNumber) return `${scan.code} is not a package of ours: recorded as extra`;
  return scan.belongsTo
    ? `${scan.packageNumber} is not on this manifest: it belongs to ${scan.belongsTo.manifestNumber}. Recorded as extra`
    : `${scan.packageNumber} is not on this manifest (it is on no manifest). Recorded as extra`;
}

const alreadyMessage = (scan: ReconciliationScan) =>
  `${scan.packageNumber ?? scan.code} was already scanned${scan.scannedBy ? ` by ${scan.scannedBy}` : ''} at ${shortTime(scan.scannedAt)}`;

async function byClientId(tx: DbOrTx, reconciliationId: string, clientScanId: string): Promise<string | null> {
  const [row] = await tx.select({ id: reconciliationScans.id }).from(reconciliationScans)
    .where(and(eq(reconciliationScans.reconciliationId, reconciliationId), eq(reconciliationScans.clientScanId, clientScanId))).limit(1);
  return row?.id ?? null;
}

async function firstScanOf(tx: DbOrTx, reconciliationId: string, pkg: ScannedPackage | null, codeKey: string): Promise<string | null> {
  const [row] = await tx.select({ id: reconciliationScans.id }).from(reconciliationScans).where(and(
    eq(reconciliationScans.reconciliationId, reconciliationId),
    pkg ? eq(reconciliationScans.packageId, pkg.id) : and(sql`${reconciliationScans.packageId} is null`, eq(reconciliationScans.codeKey, codeKey)),
  )).limit(1);
  return row?.id ?? null;
}

/**
 * POST /manifests/{id}/reconciliation/scans. Exactly once, by the database: the device's
 * `clientScanId` is unique per reconciliation (a repeat answers the first scan, `replayed`), and
 * so is the parcel (a second person scanning it gets `already_scanned` with who and when). The
 * insert is ON CONFLICT DO NOTHING, so simultaneous identical scans queue on the index and all
 * but one find the winner's row. Finishing waits for scans in flight (the reconciliation row's
 * share lock against the finish's update lock).
 */
export async function recordScan(tx: DbOrTx, { actor, manifestId, input }: { actor: Actor; manifestId: string; input: ReconciliationScanInput }): Promise<ReconciliationScanResult> {
  // Three statements before the answer's own (issue 12: scan p99 with three clerks at once): the
  // manifest with its reconciliation locked, the lookups, the insert.
  const { manifest, reconciliation, courierId } = await openReconciliation(tx, actor, manifestId);
  const found = await scanLookup(tx, { courierId, manifestId: manifest.id, reconciliationId: reconciliation.id, clientScanId: input.clientScanId, code: input.code });
  if (found.replayId) return resultOf(tx, manifest, reconciliation.id, found.replayId, 'replayed', recordedMessage);
  const { pkg } = found;
  const codeKey = pkg ? pkg.packageNo : codeKeyOf(input.code);
  const outcome = found.onManifest ? 'received' : 'extra';
  const [inserted] = await tx.insert(reconciliationScans).values({
    courierId, reconciliationId: reconciliation.id, code: input.code.trim(), codeKey, packageId: pkg?.id ?? null, outcome,
    scannedBy: actor.principal.id, deviceId: input.deviceId ?? null, clientScanId: input.clientScanId,
  }).onConflictDoNothing().returning({ id: reconciliationScans.id });
  if (!inserted) {
    const sameScan = await byClientId(tx, reconciliation.id, input.clientScanId);
    if (sameScan) return resultOf(tx, manifest, reconciliation.id, sameScan, 'replayed', recordedMessage);
    const first = await firstScanOf(tx, reconciliation.id, pkg, codeKey);
    if (!first) throw new Error('scan conflict without a first scan');
    return resultOf(tx, manifest, reconciliation.id, first, 'already_scanned', alreadyMessage);
  }
  return resultOf(tx, manifest, reconciliation.id, inserted.id, 'recorded', recordedMessage, {
    writes: [auditActionInsert(tx, actor, {
      courierId, action: 'reconciliation.scan', targetType: 'manifest', targetId: manifest.id,
      details: { scanId: inserted.id, code: input.code, outcome, packageId: pkg?.id ?? null, deviceId: input.deviceId ?? null },
    })],
    notifies: [reconciliationNotify(manifest, reconciliation.id, 'reconciliation.scan')],
  });
}

/**
 * POST /manifests/{id}/reconciliation/damaged: a parcel of this manifest found damaged, with a
 * note and optionally a photo (prepared before the transaction). Counts as received if it had not
 * been scanned yet. The photo is also one of the package's photos (staff and customer see it).
 */
export async function markDamaged(
  tx: DbOrTx,
  { actor, manifestId, input, photo }: { actor: Actor; manifestId: string; input: ReconciliationDamageInput; photo: PreparedPhoto | null },
): Promise<ReconciliationScanResult> {
  const { manifest, reconciliation, courierId } = await openReconciliation(tx, actor, manifestId);
  const replayId = await byClientId(tx, reconciliation.id, input.clientScanId);
  if (replayId) {
    const [replayed] = await scanRows(tx, reconciliation.id, { where: sql`s.id = ${replayId}`, limit: 1 });
    if (replayed?.outcome === 'damaged') return resultOf(tx, manifest, reconciliation.id, replayId, 'replayed', recordedMessage);
  }
  const pkg = await packageOfCode(tx, courierId, input.code);
  if (!pkg || !(await isOnManifest(tx, manifest.id, pkg.id))) throw conflict(RECONCILIATION_MSG.damageOnlyOnManifest, { code: RECONCILIATION_MSG.damageOnlyOnManifest });
  let storedId: string | null = null;
  if (photo) {
    const [stored] = await tx.insert(storedFiles).values({
      courierId, kind: 'package_photo', fileName: photo.fileName, contentType: photo.contentType, sizeBytes: photo.data.length, data: photo.data,
    }).returning({ id: storedFiles.id });
    if (!stored) throw new Error('stored file insert returned nothing');
    storedId = stored.id;
    await tx.insert(packageFiles).values({ courierId, kind: 'photo', storedFileId: stored.id, packageId: pkg.id });
  }
  const damage = { outcome: 'damaged' as const, note: input.note, damagedBy: actor.principal.id, damagedAt: sql`now()` };
  const [row] = await tx.insert(reconciliationScans).values({
    courierId, reconciliationId: reconciliation.id, code: input.code.trim(), codeKey: pkg.packageNo, packageId: pkg.id, photoFileId: storedId,
    scannedBy: actor.principal.id, deviceId: input.deviceId ?? null, clientScanId: input.clientScanId, ...damage,
  }).onConflictDoUpdate({
    target: [reconciliationScans.reconciliationId, reconciliationScans.packageId],
    targetWhere: sql`${reconciliationScans.packageId} is not null`,
    set: { ...damage, photoFileId: sql`coalesce(excluded.photo_file_id, ${reconciliationScans.photoFileId})` },
  }).returning({ id: reconciliationScans.id });
  if (!row) throw new Error('damage upsert returned nothing');
  await auditAction(tx, actor, {
    courierId, action: 'reconciliation.damaged', targetType: 'package', targetId: pkg.id,
    details: { manifestId: manifest.id, number: manifest.number, note: input.note, photo: storedId !== null },
  });
  await announce(tx, manifest, reconciliation.id, 'reconciliation.scan');
  return resultOf(tx, manifest, reconciliation.id, row.id, 'recorded', recordedMessage);
}
