import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { canonicalTracking } from '@parceldesk/shared/domain/packages';
import { MANIFEST_STATUS_LABELS, mawbProblem, type ManifestStatus } from '@parceldesk/shared/domain/manifests';
import { DEFAULT_SERVICE_MAP, PACKING_SERVICE_TYPES } from '@parceldesk/shared/schemas/integrations';
import { manifestInputSchema } from '@parceldesk/shared/schemas/manifests';
import { PACKING_MSG, PACKING_STATUS_LABELS, type PackingManifestAnswer, type PackingManifestEvent } from '@parceldesk/shared/schemas/packing-system';
import type { Tx } from '../../../db/client';
import { manifestPackages, packages, packingSystemConnections, packingSystemManifests } from '../../../db/schema/index';
import { auditAction, type Actor } from '../../../lib/actor';
import { AppError, badRequest, notFound } from '../../../lib/app-error';
import { loadManifest } from '../manifest-access';
import { addManifestPackages, removeManifestPackage } from '../manifest-loading.service';
import { changeManifestStatus } from '../manifest-moves.service';
import { createManifest, editManifest } from '../manifest-writes.service';

/** Contract status 0–4 → our manifest status (4, at local sorting, is our arrival; reconciliation is ours to do). */
const STATUS_OF_CODE: Record<number, ManifestStatus> = { 0: 'open', 1: 'closed', 2: 'departed', 3: 'arrived', 4: 'arrived' };
const ORDER: ManifestStatus[] = ['open', 'closed', 'departed', 'arrived', 'reconciled'];
const ACTION_TO: Partial<Record<ManifestStatus, 'close' | 'depart' | 'arrive'>> = { closed: 'close', departed: 'depart', arrived: 'arrive' };

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

function pushTime(m: PackingManifestEvent['Manifest']): Date {
  for (const value of [m.UpdatedDateTime, m.EntryDateTime]) {
    const date = value ? new Date(value) : null;
    if (date && !Number.isNaN(date.getTime())) return date;
  }
  return new Date();
}

const dayOf = (value: string | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : undefined;
};

/** Our parcels named by the push (house number, PackageID or tracking number), of this courier only. */
async function parcelsNamed(tx: Tx, courierId: string, codes: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (codes.length === 0) return found;
  const rows = await tx.select({ id: packages.id, control: packages.externalControlNumber, external: packages.externalPackageId, tracking: packages.trackingNumber })
    .from(packages).where(and(eq(packages.courierId, courierId), or(
      inArray(packages.externalControlNumber, codes), inArray(packages.externalPackageId, codes), inArray(packages.trackingNumber, codes.map(canonicalTracking)),
    )));
  for (const code of codes) {
    const row = rows.find((r) => r.control === code || r.external === code || r.tracking === canonicalTracking(code));
    if (row) found.set(code, row.id);
  }
  return found;
}

/**
 * The packing system's manifest push (contract direction 3), in the route's transaction: our
 * manifest is created or updated through the manifests module's own services (so numbering,
 * loading rules, history, customer messages and arrival invoices are the same as by hand), the
 * parcels listed are loaded, parcels no longer listed (or in RemoveFromManifest) taken off, and the
 * status 0–4 moves it forward; a status behind ours is not applied (never backwards).
 */
export async function applyManifestPush(tx: Tx, input: { actor: Actor; event: PackingManifestEvent; publicUrl: string }): Promise<{ statusCode: 200 | 201; body: PackingManifestAnswer }> {
  const { actor, event } = input;
  const m = event.Manifest;
  const courierId = actor.scope.courierId;
  if (!courierId) throw notFound();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`packing-manifest:${courierId}:${m.ManifestID}`}, 0))`);
  const { APIToken: _token, ...content } = event;
  const hash = hashOf(content);
  const at = pushTime(m);
  const [known] = await tx.select().from(packingSystemManifests)
    .where(and(eq(packingSystemManifests.courierId, courierId), eq(packingSystemManifests.externalId, m.ManifestID))).for('update');
  const reply = async (result: PackingManifestAnswer['Result'], manifestId: string, extra: Partial<PackingManifestAnswer> = {}, message?: string) => {
    const manifest = await loadManifest(tx, actor.scope, manifestId);
    const code = Math.max(0, ORDER.indexOf(manifest.status) === 4 ? 4 : ORDER.indexOf(manifest.status));
    return {
      ManifestID: m.ManifestID, ManifestNumber: manifest.number, ManifestStatus: code, Result: result, Added: [], Removed: [], NotLoaded: [],
      message: message ?? `Manifest ${manifest.number}: ${MANIFEST_STATUS_LABELS[manifest.status]}`, ...extra,
    } satisfies PackingManifestAnswer;
  };
  if (known && known.contentHash === hash) return { statusCode: 200, body: await reply('unchanged', known.manifestId, {}, PACKING_MSG.repeat) };
  if (known && at.getTime() < known.pushedAt.getTime()) return { statusCode: 200, body: await reply('stale', known.manifestId, {}, PACKING_MSG.stale) };

  const [connection] = await tx.select({ serviceMap: packingSystemConnections.serviceMap }).from(packingSystemConnections).where(eq(packingSystemConnections.courierId, courierId));
  const type = PACKING_SERVICE_TYPES.find((t) => t === m.ServiceTypeID?.trim().toUpperCase());
  const service = type ? (connection?.serviceMap ?? DEFAULT_SERVICE_MAP)[type] : 'air';
  const awb = m.AWBNumber?.trim();
  // An AWB that fails our MAWB check (the contract's own "810-1234567") does not refuse the push:
  // it is kept as given in the notes, our MAWB stays empty and the answer says to complete it.
  const awbProblem = service === 'air' && awb ? mawbProblem(awb) : null;
  const header = manifestInputSchema.safeParse({
    service, carrier: 'Packing system', origin: service === 'air' ? 'MIA' : 'USMIA', destination: service === 'air' ? 'KIN' : 'JMKIN',
    mawb: service === 'air' && awb && !awbProblem ? awb : undefined, billOfLading: service === 'sea' && awb ? awb : undefined,
    flightOrVoyage: m.ManifestCode, departureDate: dayOf(m.FlightDate),
    notes: [`Packing system manifest ${m.ManifestCode ?? m.ManifestID}`, awb ? `AWB ${awb}` : null, event.CollectionCodes.length ? `Bags: ${event.CollectionCodes.join(', ')}` : null].filter(Boolean).join('; ').slice(0, 1000),
  });
  if (!header.success) {
    const first = header.error.issues[0];
    const field = first?.path[0] === 'mawb' || first?.path[0] === 'billOfLading' ? 'AWBNumber' : String(first?.path[0] ?? 'Manifest');
    throw badRequest(`${field}: ${first?.message ?? 'invalid'}`, { [field]: first?.message ?? 'invalid' });
  }

  let manifestId: string;
  if (known) {
    manifestId = known.manifestId;
    const current = await loadManifest(tx, actor.scope, manifestId);
    // A MAWB completed by hand is not cleared by a push whose AWB fails the check.
    const input = awbProblem && current.mawb ? { ...header.data, mawb: current.mawb } : header.data;
    if (current.status === 'open') await editManifest(tx, { actor, manifestId, input });
  } else {
    manifestId = await createManifest(tx, { actor, input: header.data });
  }

  const added: string[] = [];
  const removed: string[] = [];
  const notLoaded: PackingManifestAnswer['NotLoaded'] = [];
  const manifest = await loadManifest(tx, actor.scope, manifestId);
  const named = await parcelsNamed(tx, courierId, [...event.PackageAWBs, ...event.RemoveFromManifest]);
  for (const code of event.PackageAWBs) if (!named.has(code)) notLoaded.push({ AWB: code, reason: 'No parcel of this courier has this number' });
  const onIt = new Set((await tx.select({ id: manifestPackages.packageId }).from(manifestPackages)
    .where(and(eq(manifestPackages.manifestId, manifestId), isNull(manifestPackages.releasedAt)))).map((r) => r.id));
  const wanted = new Map(event.PackageAWBs.flatMap((code) => (named.has(code) ? [[named.get(code)!, code] as const] : [])));
  const dropped = new Set(event.RemoveFromManifest.flatMap((code) => (named.has(code) ? [named.get(code)!] : [])));
  const toAdd = [...wanted.keys()].filter((id) => !onIt.has(id) && !dropped.has(id));
  // The parcel list is the manifest's whole list: what it no longer names leaves ours too.
  const toRemove = [...onIt].filter((id) => dropped.has(id) || (event.PackageAWBs.length > 0 && !wanted.has(id)));
  if ((toAdd.length > 0 || toRemove.length > 0) && manifest.status !== 'open') {
    throw new AppError(409, PACKING_MSG.manifestClosed, undefined, 'packing.manifest_sealed');
  }
  for (const id of toRemove) {
    await removeManifestPackage(tx, { actor, manifestId, packageId: id });
    removed.push(id);
  }
  if (toAdd.length > 0) {
    try {
      const result = await addManifestPackages(tx, { actor, manifestId, input: { packageIds: toAdd, codes: [] }, idempotencyKey: null });
      added.push(...result.added.map((a) => a.id));
      for (const refusal of result.refused) notLoaded.push({ AWB: wanted.get(refusal.code) ?? refusal.code, reason: refusal.message });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      for (const id of toAdd) notLoaded.push({ AWB: wanted.get(id) ?? id, reason: error.message });
    }
  }

  const target = STATUS_OF_CODE[m.ManifestStatus ?? 0] ?? 'open';
  let status = manifest.status;
  const mawbMissing = manifest.service === 'air' && !manifest.mawb;
  if (mawbMissing && ORDER.indexOf(status) < ORDER.indexOf('closed') && ORDER.indexOf(target) >= ORDER.indexOf('closed')) {
    const message = PACKING_MSG.mawbBeforeClose(manifest.number, awb ?? null, awbProblem);
    throw new AppError(409, message, { AWBNumber: message }, 'packing.mawb_missing');
  }
  while (ORDER.indexOf(status) < ORDER.indexOf(target)) {
    const next = ORDER[ORDER.indexOf(status) + 1]!;
    const action = ACTION_TO[next];
    if (!action) break;
    await changeManifestStatus(tx, { actor, manifestId, change: { action, note: `Packing system: ${PACKING_STATUS_LABELS[(m.ManifestStatus ?? 0) as 0 | 1 | 2 | 3 | 4]}` }, publicUrl: input.publicUrl });
    status = next;
  }

  const numbers = new Map((await tx.select({ id: packages.id, no: packages.packageNo }).from(packages)
    .where(inArray(packages.id, [...added, ...removed, '00000000-0000-0000-0000-000000000000']))).map((r) => [r.id, r.no]));
  if (known) {
    await tx.update(packingSystemManifests).set({ contentHash: hash, pushedAt: at, lastPayload: content, updatedAt: sql`now()` })
      .where(and(eq(packingSystemManifests.courierId, courierId), eq(packingSystemManifests.externalId, m.ManifestID)));
  } else {
    await tx.insert(packingSystemManifests).values({ courierId, externalId: m.ManifestID, manifestId, contentHash: hash, pushedAt: at, lastPayload: content });
  }
  await auditAction(tx, actor, {
    courierId, action: 'packing.manifest_pushed', targetType: 'manifest', targetId: manifestId,
    details: { ManifestID: m.ManifestID, ManifestCode: m.ManifestCode ?? null, ManifestStatus: m.ManifestStatus ?? 0, added: added.length, removed: removed.length, notLoaded: notLoaded.length },
  });
  const body = await reply(known ? 'updated' : 'created', manifestId, {
    Added: added.map((id) => numbers.get(id) ?? id), Removed: removed.map((id) => numbers.get(id) ?? id), NotLoaded: notLoaded,
  }, awbProblem && mawbMissing ? PACKING_MSG.awbKept(manifest.number, MANIFEST_STATUS_LABELS[status], awb!, awbProblem) : undefined);
  return { statusCode: known ? 200 : 201, body };
}
