import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { normaliseMailbox } from '@parceldesk/shared/domain/packages';
import { DEFAULT_SERVICE_MAP, PACKING_SERVICE_TYPES, type ServiceMap } from '@parceldesk/shared/schemas/integrations';
import { packageEditSchema, receivePackageSchema } from '@parceldesk/shared/schemas/packages';
import { PACKING_MSG, type PackingPackage, type PackingPackageAnswer } from '@parceldesk/shared/schemas/packing-system';
import type { Tx } from '../../../db/client';
import { customers, manifestPackages, packages, packingSystemConnections, packingSystemParcels } from '../../../db/schema/index';
import { auditAction, type Actor } from '../../../lib/actor';
import { AppError, badRequest, notFound } from '../../../lib/app-error';
import { loadPackage, type PackageRow } from '../package-access';
import { recordPackageEvent } from '../package-history';
import { editPackage, giveToCustomer } from '../package-writes.service';
import { receivePackage } from '../receive.service';

/** What every warehouse push writes into the package's history (issue 17: source "warehouse integration"). */
export const WAREHOUSE_SOURCE = 'warehouse integration';

/** The same object, whatever the order of its keys: the repeat test. */
export function contentHash(value: unknown): string {
  const stable = (v: unknown): unknown => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, stable(x)]))
    : Array.isArray(v) ? v.map(stable) : v);
  return createHash('sha256').update(JSON.stringify(stable(value))).digest('hex');
}

/** The push's own time (ADR 024: UpdatedDateTime, else EntryDateTime, else now): orders updates. */
export function pushTime(fields: { UpdatedDateTime?: string | undefined; EntryDateTime?: string | undefined }): Date {
  for (const value of [fields.UpdatedDateTime, fields.EntryDateTime]) {
    const date = value ? new Date(value) : null;
    if (date && !Number.isNaN(date.getTime())) return date;
  }
  return new Date();
}

const courierOf = (actor: Actor): string => {
  if (!actor.scope.courierId) throw notFound();
  return actor.scope.courierId;
};

async function serviceMapOf(tx: Tx, courierId: string): Promise<ServiceMap> {
  const [row] = await tx.select({ serviceMap: packingSystemConnections.serviceMap }).from(packingSystemConnections).where(eq(packingSystemConnections.courierId, courierId));
  return row?.serviceMap ?? DEFAULT_SERVICE_MAP;
}

const serviceOf = (map: ServiceMap, serviceTypeId: string | undefined) => {
  const name = PACKING_SERVICE_TYPES.find((type) => type === serviceTypeId?.trim().toUpperCase());
  return name ? map[name] : undefined;
};

/** What the contract's parcel says about the parcel, recorded with each push (HS code, hazmat, discrepancy…). */
const recordedFacts = (p: PackingPackage) => ({
  source: WAREHOUSE_SOURCE, PackageID: p.PackageID, ControlNumber: p.ControlNumber ?? null, UserCode: p.UserCode ?? null,
  Weight: p.Weight ?? null, Length: p.Length ?? null, Width: p.Width ?? null, Height: p.Height ?? null, Cubes: p.Cubes ?? null, Pieces: p.Pieces ?? null,
  Description: p.Description ?? null, Shipper: p.Shipper ?? null, HSCode: p.HSCode ?? null, HazmatCodeID: p.HazmatCodeID ?? null,
  Discrepancy: p.Discrepancy ?? false, DiscrepancyDescription: p.DiscrepancyDescription ?? null,
  Coloaded: p.Coloaded ?? false, ColoadIndicator: p.ColoadIndicator ?? null, Claimed: p.Claimed ?? false, Unknown: p.Unknown ?? false,
  ManifestCode: p.ManifestCode ?? null, CollectionCode: p.CollectionCode ?? null, PackageStatus: p.PackageStatus ?? null, EntryStaff: p.EntryStaff ?? null,
});

async function customerOf(tx: Tx, courierId: string, userCode: string | undefined) {
  if (!userCode) return null;
  const [row] = await tx.select({ id: customers.id }).from(customers)
    // Any customer of the mailbox, as a scan at our own station matches it: a deactivated account
    // (which the directory no longer lists) still owns what was shipped to its mailbox.
    .where(and(eq(customers.courierId, courierId), eq(customers.mailboxNumber, normaliseMailbox(userCode))));
  return row ?? null;
}

const answer = (result: PackingPackageAnswer['Result'], p: PackingPackage, pkg: Pick<PackageRow, 'packageNo' | 'status'> | null, message: string, code?: string): PackingPackageAnswer => ({
  Result: result, PackageID: p.PackageID, HouseNumber: pkg?.packageNo ?? null, Unknown: pkg?.status === 'unknown', message, ...(code ? { code } : {}),
});

/** A push naming a UserCode we do not have: the contract's 404, though the parcel is kept (as unknown). */
const userCodeMissing = (p: PackingPackage, matched: boolean) => Boolean(p.UserCode && !p.Unknown && !matched);

export interface PushOutcome { statusCode: 200 | 201 | 404; body: PackingPackageAnswer }

/**
 * Add or update of a warehouse parcel (contract direction 2), in the route's transaction. One
 * transaction lock per (courier, PackageID) orders concurrent pushes of one parcel. A repeat (same
 * content) changes nothing; an update older than the last applied one is ignored; otherwise our
 * package is created (receive) or corrected (edit), claimed when the push says Claimed with a
 * UserCode of ours, and the push is one event of the package's history.
 */
export async function applyParcelPush(tx: Tx, input: { actor: Actor; parcel: PackingPackage; event: 'add' | 'update'; publicUrl: string }): Promise<PushOutcome> {
  const { actor, parcel } = input;
  const courierId = courierOf(actor);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`packing-parcel:${courierId}:${parcel.PackageID}`}, 0))`);
  const hash = contentHash(parcel);
  const at = pushTime(parcel);
  const [known] = await tx.select().from(packingSystemParcels)
    .where(and(eq(packingSystemParcels.courierId, courierId), eq(packingSystemParcels.externalId, parcel.PackageID))).for('update');
  const customer = await customerOf(tx, courierId, parcel.UserCode);
  const missing = userCodeMissing(parcel, Boolean(customer));

  if (known) {
    if (known.deletedAt) throw new AppError(409, PACKING_MSG.deleted, undefined, 'packing.parcel_deleted');
    const pkg = known.packageId ? await loadPackage(tx, actor.principal, known.packageId) : null;
    if (known.contentHash === hash) {
      return { statusCode: missing ? 404 : 200, body: answer('unchanged', parcel, pkg, missing ? PACKING_MSG.userCodeNotFound : PACKING_MSG.repeat, missing ? 'packing.user_code_not_found' : 'packing.repeat') };
    }
    if (at.getTime() < known.pushedAt.getTime()) return { statusCode: 200, body: answer('stale', parcel, pkg, PACKING_MSG.stale, 'packing.stale') };
    if (!pkg) throw notFound(PACKING_MSG.parcelNotFound);
    const updated = await updateFromPush(tx, { actor, pkg, parcel, customer, publicUrl: input.publicUrl });
    await tx.update(packingSystemParcels).set({ contentHash: hash, pushedAt: at, lastPayload: parcel, updatedAt: sql`now()` })
      .where(and(eq(packingSystemParcels.courierId, courierId), eq(packingSystemParcels.externalId, parcel.PackageID)));
    return {
      statusCode: missing ? 404 : 200,
      body: answer(updated.claimed ? 'claimed' : 'updated', parcel, updated.pkg, missing ? PACKING_MSG.userCodeNotFound : updated.claimed ? 'Parcel claimed by its customer' : 'Parcel updated', missing ? 'packing.user_code_not_found' : undefined),
    };
  }

  const pkg = await createFromPush(tx, { actor, courierId, parcel, customerId: customer?.id ?? null, publicUrl: input.publicUrl, event: input.event });
  await tx.insert(packingSystemParcels).values({ courierId, externalId: parcel.PackageID, packageId: pkg.id, contentHash: hash, pushedAt: at, lastPayload: parcel });
  return {
    statusCode: missing ? 404 : 201,
    body: answer('created', parcel, pkg, missing ? PACKING_MSG.userCodeNotFound : pkg.status === 'unknown' ? 'Parcel received as unknown' : 'Parcel received', missing ? 'packing.user_code_not_found' : undefined),
  };
}

async function createFromPush(tx: Tx, input: { actor: Actor; courierId: string; parcel: PackingPackage; customerId: string | null; publicUrl: string; event: 'add' | 'update' }): Promise<PackageRow> {
  const { actor, parcel, courierId } = input;
  const trackingNumber = parcel.TrackingNumber || parcel.ControlNumber || parcel.PackageID;
  const [taken] = await tx.select({ id: packages.id }).from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trackingNumber.toUpperCase().replace(/[\s-]/g, ''))));
  if (taken) throw new AppError(409, PACKING_MSG.duplicateTracking, { TrackingNumber: PACKING_MSG.duplicateTracking }, 'packing.duplicate_tracking');
  const form = receivePackageSchema.safeParse({
    trackingNumber, customerId: input.customerId ?? undefined,
    mailboxNumber: input.customerId ? undefined : parcel.UserCode,
    labelName: [parcel.FirstName, parcel.LastName].filter(Boolean).join(' ') || undefined,
    shipper: parcel.Shipper, description: parcel.Description, pieces: parcel.Pieces && parcel.Pieces >= 1 ? Math.round(parcel.Pieces) : 1,
    weight: parcel.Weight, length: parcel.Length || undefined, width: parcel.Width || undefined, height: parcel.Height || undefined,
    service: serviceOf(await serviceMapOf(tx, courierId), parcel.ServiceTypeID),
    notes: parcel.ControlNumber ? `Packing system house number ${parcel.ControlNumber}` : undefined,
  });
  if (!form.success) {
    const first = form.error.issues[0];
    const field = ({ weight: 'Weight', trackingNumber: 'TrackingNumber', length: 'Length', width: 'Width', height: 'Height', pieces: 'Pieces' } as Record<string, string>)[String(first?.path[0])] ?? String(first?.path[0] ?? 'Package');
    throw badRequest(`${field}: ${first?.message ?? 'invalid'}`, { [field]: first?.message ?? 'invalid' });
  }
  // An unknown parcel's UserCode is kept as read (label mailbox) so staff can match it later.
  const received = await receivePackage(tx, { actor, form: form.data, idempotencyKey: null, publicUrl: input.publicUrl });
  await tx.update(packages).set({ externalPackageId: parcel.PackageID, externalControlNumber: parcel.ControlNumber ?? null }).where(eq(packages.id, received.packageId));
  const pkg = await loadPackage(tx, actor.principal, received.packageId);
  await recordPackageEvent(tx, {
    pkg, kind: 'integration', status: pkg.status, actor, note: `Warehouse integration: parcel ${input.event === 'add' ? 'added' : 'pushed'} (${parcel.ControlNumber ?? parcel.PackageID})`,
    details: recordedFacts(parcel),
  });
  return pkg;
}

async function updateFromPush(tx: Tx, input: { actor: Actor; pkg: PackageRow; parcel: PackingPackage; customer: { id: string } | null; publicUrl: string }): Promise<{ pkg: PackageRow; claimed: boolean }> {
  const { actor, parcel } = input;
  let pkg = input.pkg;
  const service = serviceOf(await serviceMapOf(tx, pkg.courierId), parcel.ServiceTypeID);
  const edit = packageEditSchema.safeParse({
    weight: parcel.Weight, length: parcel.Length || undefined, width: parcel.Width || undefined, height: parcel.Height || undefined,
    pieces: parcel.Pieces && parcel.Pieces >= 1 ? Math.round(parcel.Pieces) : undefined, description: parcel.Description, shipper: parcel.Shipper, service,
    reason: 'Warehouse integration update',
  });
  if (edit.success) {
    const changed = (['weight', 'length', 'width', 'height', 'pieces', 'description', 'shipper', 'service'] as const)
      .some((field) => edit.data[field] !== undefined && edit.data[field] !== null && edit.data[field] !== pkg[field]);
    // Once invoiced the weights stay (editPackage refuses); the push is still recorded below.
    if (changed && !pkg.invoiceId) await editPackage(tx, { actor, packageId: pkg.id, form: edit.data, publicUrl: input.publicUrl });
  }
  if ((parcel.ControlNumber ?? null) !== pkg.externalControlNumber) {
    await tx.update(packages).set({ externalControlNumber: parcel.ControlNumber ?? null }).where(eq(packages.id, pkg.id));
  }
  pkg = await loadPackage(tx, actor.principal, pkg.id, { lock: true });
  let claimed = false;
  if (pkg.status === 'unknown' && parcel.Claimed && input.customer) {
    pkg = await giveToCustomer(tx, { actor, pkg, customerId: input.customer.id, kind: 'claimed', note: `Claimed at the warehouse (${parcel.UserCode})`, publicUrl: input.publicUrl, details: { source: WAREHOUSE_SOURCE } });
    claimed = true;
  }
  await recordPackageEvent(tx, { pkg, kind: 'integration', status: pkg.status, actor, note: 'Warehouse integration: parcel updated', details: recordedFacts(parcel) });
  await auditAction(tx, actor, { courierId: pkg.courierId, action: 'packing.parcel_updated', targetType: 'package', targetId: pkg.id, details: { PackageID: parcel.PackageID, claimed } });
  return { pkg, claimed };
}

/**
 * Delete of a warehouse parcel. Our package keeps its history: while it is still only received
 * (or unknown), off any manifest and not invoiced, it is put on hold with the reason; once it has
 * moved on, the delete is refused (409) rather than lose what happened.
 */
export async function applyParcelDelete(tx: Tx, input: { actor: Actor; packageId: string }): Promise<PushOutcome> {
  const { actor } = input;
  const courierId = courierOf(actor);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`packing-parcel:${courierId}:${input.packageId}`}, 0))`);
  const [known] = await tx.select().from(packingSystemParcels)
    .where(and(eq(packingSystemParcels.courierId, courierId), eq(packingSystemParcels.externalId, input.packageId))).for('update');
  if (!known) throw new AppError(404, PACKING_MSG.parcelNotFound, undefined, 'packing.parcel_not_found');
  const pkg = known.packageId ? await loadPackage(tx, actor.principal, known.packageId, { lock: true }) : null;
  const parcel = { PackageID: input.packageId } as PackingPackage;
  if (known.deletedAt) return { statusCode: 200, body: answer('unchanged', parcel, pkg, PACKING_MSG.repeat, 'packing.repeat') };
  if (pkg) {
    const [onManifest] = await tx.select({ id: manifestPackages.manifestId }).from(manifestPackages)
      .where(and(eq(manifestPackages.packageId, pkg.id), sql`${manifestPackages.releasedAt} is null`)).limit(1);
    if (!['received', 'unknown'].includes(pkg.status) || pkg.invoiceId || onManifest) {
      throw new AppError(409, PACKING_MSG.movedOn, undefined, 'packing.parcel_moved_on');
    }
    const [held] = await tx.update(packages).set({ status: 'on_hold', updatedAt: sql`now()` }).where(eq(packages.id, pkg.id)).returning();
    await recordPackageEvent(tx, { pkg, kind: 'integration', status: 'on_hold', actor, note: 'Warehouse integration: parcel deleted by the warehouse; on hold until staff decide', details: { source: WAREHOUSE_SOURCE, PackageID: input.packageId, from: pkg.status } });
    await auditAction(tx, actor, { courierId, action: 'packing.parcel_deleted', targetType: 'package', targetId: pkg.id, details: { PackageID: input.packageId, from: pkg.status } });
    await tx.update(packingSystemParcels).set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(packingSystemParcels.courierId, courierId), eq(packingSystemParcels.externalId, input.packageId)));
    return { statusCode: 200, body: answer('deleted', parcel, held ?? pkg, 'Parcel deleted: our package is on hold with its history') };
  }
  return { statusCode: 200, body: answer('deleted', parcel, null, 'Parcel deleted') };
}
