import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { assertPackageMove, packageWeights, type PackageStatus } from '@parceldesk/shared/domain/packages';
import { toCents } from '@parceldesk/shared/domain/money';
import { PACKAGE_MSG, type PackageEditInput, type PackageStatusChange } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx, Tx } from '../../db/client';
import { branches, customers, manifestPackages, manifests, packages } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { storedFees } from '../settings/additional-fees.service';
import { allowedPackageStatuses, loadPackage, type PackageRow } from './package-access';
import { announcePackage, recordPackageEvent } from './package-history';
import { amountToCents } from './package-view';

/**
 * The manifest a parcel is on until that manifest is reconciled (open, closed, departed, arrived):
 * while on it the parcel's status follows the manifest's moves and its service is the manifest's
 * (issue 12; manifest_packages' live membership, docs/decisions/012).
 */
async function manifestHolding(db: DbOrTx, packageId: string): Promise<{ number: string; status: string } | null> {
  const [row] = await db.select({ number: manifests.number, status: manifests.status }).from(manifestPackages)
    .innerJoin(manifests, eq(manifests.id, manifestPackages.manifestId))
    .where(and(eq(manifestPackages.packageId, packageId), isNull(manifestPackages.releasedAt), inArray(manifests.status, ['open', 'closed', 'departed', 'arrived'])))
    .limit(1);
  return row ?? null;
}

/** POST /packages/{id}/status: a move of PACKAGE_TRANSITIONS, with its event, audit row and the customer told. */
export async function changePackageStatus(db: Tx, input: { actor: Actor; packageId: string; change: PackageStatusChange; publicUrl: string }): Promise<void> {
  const { actor, change } = input;
  const pkg = await loadPackage(db, actor.principal, input.packageId, { lock: true });
  const to: PackageStatus = change.status;
  assertPackageMove(pkg.status, to);
  const manifest = await manifestHolding(db, pkg.id);
  if (manifest) throw conflict(PACKAGE_MSG.statusOnManifest(pkg.packageNo, manifest.number, manifest.status), { status: PACKAGE_MSG.statusOnManifest(pkg.packageNo, manifest.number, manifest.status) });
  if (!allowedPackageStatuses(actor.principal, pkg).includes(to)) throw conflict(PACKAGE_MSG.noCustomer, { status: PACKAGE_MSG.noCustomer });
  const [moved] = await db.update(packages).set({ status: to, location: change.location ?? pkg.location, updatedAt: sql`now()` })
    .where(eq(packages.id, pkg.id)).returning();
  if (!moved) throw new Error('package update returned nothing');
  await recordPackageEvent(db, { pkg, kind: 'status', status: to, actor, note: change.note ?? null, location: change.location ?? null, details: { from: pkg.status, to } });
  await auditAction(db, actor, {
    courierId: pkg.courierId, action: 'package.status_changed', targetType: 'package', targetId: pkg.id,
    details: { packageNo: pkg.packageNo, from: pkg.status, to, note: change.note ?? null },
  });
  await announcePackage(db, { pkg: moved, kind: 'package.status', publicUrl: input.publicUrl, notify: true });
}

const EDITABLE = ['weight', 'length', 'width', 'height', 'pieces', 'description', 'shipper', 'service', 'branchId', 'location', 'notes'] as const;

/**
 * PUT /packages/{id}: a correction with its reason. Each changed field is listed (from, to) in
 * the package's history and the audit log; weights are recomputed with the divisor the package
 * was measured under. Once the package is on an invoice its weights and description stay.
 */
export async function editPackage(db: Tx, input: { actor: Actor; packageId: string; form: PackageEditInput; publicUrl: string }): Promise<void> {
  const { actor, form } = input;
  const pkg = await loadPackage(db, actor.principal, input.packageId, { lock: true });
  if (pkg.invoiceId) throw conflict(PACKAGE_MSG.editLocked);
  if (form.service && form.service !== pkg.service) {
    const manifest = await manifestHolding(db, pkg.id);
    if (manifest) throw conflict(PACKAGE_MSG.serviceOnManifest(pkg.packageNo, manifest.number), { service: PACKAGE_MSG.serviceOnManifest(pkg.packageNo, manifest.number) });
  }
  if (form.branchId && form.branchId !== pkg.branchId) {
    const [branch] = await db.select({ id: branches.id }).from(branches).where(and(eq(branches.courierId, pkg.courierId), eq(branches.id, form.branchId)));
    if (!branch) throw badRequest(PACKAGE_MSG.branchInvalid, { branchId: PACKAGE_MSG.branchInvalid });
  }
  const next: Partial<PackageRow> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of EDITABLE) {
    const value = form[field];
    if (value === undefined || (value === null && ['weight', 'pieces', 'service'].includes(field))) continue;
    if (value !== pkg[field]) {
      changes[field] = { from: pkg[field], to: value };
      Object.assign(next, { [field]: value });
    }
  }
  const declaredValueCents = amountToCents(form.declaredValue);
  if (form.declaredValue !== undefined && declaredValueCents !== pkg.declaredValueCents) {
    changes.declaredValue = { from: pkg.declaredValueCents === null ? null : pkg.declaredValueCents / 100, to: form.declaredValue };
    next.declaredValueCents = declaredValueCents;
  }
  if (Object.keys(changes).length === 0) throw badRequest(PACKAGE_MSG.nothingChanged);
  const pick = <K extends 'weight' | 'length' | 'width' | 'height'>(key: K) => (key in next ? next[key] : pkg[key]) as PackageRow[K];
  const measured = { weight: pick('weight'), length: pick('length'), width: pick('width'), height: pick('height') };
  const weights = packageWeights(measured, pkg.volumetricDivisor);
  const [updated] = await db.update(packages).set({ ...next, ...weights, updatedAt: sql`now()` }).where(eq(packages.id, pkg.id)).returning();
  if (!updated) throw new Error('package update returned nothing');
  await recordPackageEvent(db, { pkg, kind: 'edit', status: pkg.status, actor, note: form.reason, details: { changes, reason: form.reason } });
  await auditAction(db, actor, {
    courierId: pkg.courierId, action: 'package.updated', targetType: 'package', targetId: pkg.id,
    details: { packageNo: pkg.packageNo, changes, reason: form.reason },
  });
  await announcePackage(db, { pkg: updated, kind: 'package.updated', publicUrl: input.publicUrl, notify: false });
}

/**
 * An unknown package becomes a customer's (staff assignment or an approved claim): received, at
 * the customer's branch, with the courier's unknown fee recorded for its invoice.
 */
export async function giveToCustomer(
  db: DbOrTx,
  input: { actor: Actor; pkg: PackageRow; customerId: string; kind: 'assigned' | 'claimed'; note: string | null; publicUrl: string; details?: Record<string, unknown> },
): Promise<PackageRow> {
  const { actor, pkg } = input;
  if (pkg.status !== 'unknown') throw conflict(PACKAGE_MSG.notUnknown);
  const [customer] = await db.select({ id: customers.id, branchId: customers.branchId }).from(customers)
    .where(and(eq(customers.courierId, pkg.courierId), eq(customers.id, input.customerId)));
  if (!customer) throw notFound();
  const fees = await storedFees(db, pkg.courierId);
  const unknownFeeCents = toCents(fees.unknownFee);
  const [updated] = await db.update(packages).set({
    status: 'received', customerId: customer.id, branchId: customer.branchId ?? pkg.branchId, unknownFeeCents, updatedAt: sql`now()`,
  }).where(eq(packages.id, pkg.id)).returning();
  if (!updated) throw new Error('package update returned nothing');
  await recordPackageEvent(db, {
    pkg, kind: input.kind, status: 'received', actor, note: input.note,
    details: { customerId: customer.id, unknownFeeCents, ...input.details },
  });
  await auditAction(db, actor, {
    courierId: pkg.courierId, action: input.kind === 'assigned' ? 'package.assigned' : 'package.claim_approved', targetType: 'package', targetId: pkg.id,
    details: { packageNo: pkg.packageNo, customerId: customer.id, unknownFeeCents, note: input.note, ...input.details },
  });
  await announcePackage(db, { pkg: updated, kind: 'package.status', publicUrl: input.publicUrl, notify: true });
  return updated;
}

/** POST /packages/{id}/assign (packages_unknown). */
export async function assignPackage(db: Tx, input: { actor: Actor; packageId: string; customerId: string; note: string | null; publicUrl: string }): Promise<void> {
  const pkg = await loadPackage(db, input.actor.principal, input.packageId, { lock: true });
  await giveToCustomer(db, { actor: input.actor, pkg, customerId: input.customerId, kind: 'assigned', note: input.note, publicUrl: input.publicUrl });
}
