import { eq } from 'drizzle-orm';
import {
  assertManifestOpen, formatManifestNumber, manifestCounterKind,
} from '@parceldesk/shared/domain/manifests';
import { MANIFEST_FORM_MSG, type ManifestInput } from '@parceldesk/shared/schemas/manifests';
import type { DbOrTx } from '../../db/client';
import { eventNotify, publishEvent, type ManifestLiveEvent } from '../../events/publish';
import { manifestEvents, manifests } from '../../db/schema/index';
import { actorTypeOf, auditAction, withImpersonation, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { nextNumber } from '../../lib/counters';
import { loadManifest, type ManifestRow } from './manifest-access';

/** The Jamaica calendar year now (numbers run per year as the courier's staff count them). */
export const jamaicaYear = (now = new Date()): number => Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Jamaica', year: 'numeric' }).format(now));

/**
 * Tells every manifest screen of the courier (list and detail, on every instance) that a manifest
 * changed: the `manifests` live event, NOTIFYed at commit (events/publish.ts, LISTEN/NOTIFY → SSE).
 */
export function announceManifest(tx: DbOrTx, manifest: Pick<ManifestRow, 'id' | 'courierId' | 'status'>, kind: ManifestLiveEvent['kind']): Promise<void> {
  return publishEvent(tx, manifestEvent(manifest, kind));
}

const manifestEvent = (manifest: Pick<ManifestRow, 'id' | 'courierId' | 'status'>, kind: ManifestLiveEvent['kind']): ManifestLiveEvent => ({
  family: 'manifests', kind, audience: 'staff', courierId: manifest.courierId, customerId: null, manifestId: manifest.id, status: manifest.status,
});

/** announceManifest's NOTIFY as an expression, for a write sent as one statement (db/one-statement.ts). */
export const manifestNotify = (manifest: Pick<ManifestRow, 'id' | 'courierId' | 'status'>, kind: ManifestLiveEvent['kind']) => eventNotify(manifestEvent(manifest, kind));

/** One row of the manifest's history, in the transaction of the change, and the live event of it. */
export async function recordManifestEvent(
  tx: DbOrTx,
  input: { manifest: Pick<ManifestRow, 'id' | 'courierId'>; from: ManifestRow['status'] | null; to: ManifestRow['status']; actor: Actor; note?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(manifestEvents).values({
    courierId: input.manifest.courierId, manifestId: input.manifest.id, fromStatus: input.from, toStatus: input.to, note: input.note ?? null,
    actorType: actorTypeOf(input.actor.principal), actorId: input.actor.principal.id,
    details: withImpersonation(input.actor, input.details) ?? null,
  });
  await announceManifest(tx, { ...input.manifest, status: input.to }, input.from === null ? 'manifest.created' : 'manifest.status');
}

const headerOf = (input: ManifestInput) => ({
  carrier: input.carrier, mawb: input.service === 'air' ? input.mawb ?? null : null, billOfLading: input.service === 'sea' ? input.billOfLading ?? null : null,
  flightOrVoyage: input.flightOrVoyage ?? null, origin: input.origin, destination: input.destination,
  departureDate: input.departureDate ?? null, arrivalDate: input.arrivalDate ?? null, notes: input.notes ?? null,
});

/** POST /manifests: a new open manifest of the actor's courier, numbered AIR-2026-0042. */
export async function createManifest(tx: DbOrTx, { actor, input }: { actor: Actor; input: ManifestInput }): Promise<string> {
  const courierId = actor.scope.courierId;
  if (!courierId) throw notFound();
  const year = jamaicaYear();
  const number = formatManifestNumber(input.service, year, await nextNumber(tx, courierId, manifestCounterKind(input.service, year)));
  const [row] = await tx.insert(manifests).values({
    courierId, number, service: input.service, ...headerOf(input), createdBy: actor.principal.kind === 'user' ? actor.principal.id : null,
  }).returning();
  const manifest = row!;
  await recordManifestEvent(tx, { manifest, from: null, to: 'open', actor });
  await auditAction(tx, actor, { courierId, action: 'manifest.created', targetType: 'manifest', targetId: manifest.id, details: { number } });
  return manifest.id;
}

/** PATCH /manifests/{id}: the header, while the manifest is open; never the service (its number says it). */
export async function editManifest(tx: DbOrTx, { actor, manifestId, input }: { actor: Actor; manifestId: string; input: ManifestInput }): Promise<void> {
  const manifest = await loadManifest(tx, actor.scope, manifestId, 'update');
  assertManifestOpen(manifest.status, 'header');
  if (input.service !== manifest.service) throw conflict(MANIFEST_FORM_MSG.serviceLocked, { service: MANIFEST_FORM_MSG.serviceLocked });
  const next = headerOf(input);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = manifest[key as keyof typeof next];
    if (before !== value) changes[key] = { from: before, to: value };
  }
  if (Object.keys(changes).length === 0) return;
  await tx.update(manifests).set({ ...next, updatedAt: new Date() }).where(eq(manifests.id, manifest.id));
  await announceManifest(tx, manifest, 'manifest.updated');
  await auditAction(tx, actor, { courierId: manifest.courierId, action: 'manifest.updated', targetType: 'manifest', targetId: manifest.id, details: { number: manifest.number, changes } });
}
