import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Pickup } from '@parceldesk/shared/schemas/pickups';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, customers, packages, pickupPackages, pickups, storedFiles, users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { branchWhere, type TenantScope } from '../../lib/tenant-scope';
import { counterCourier, invoicesOfParcels, summariseInvoices } from './counter-reads';

const releaser = alias(users, 'releaser');
const overrider = alias(users, 'overrider');
const letter = alias(storedFiles, 'letter');
const fullName = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`coalesce(${t.firstName} || ' ' || ${t.lastName}, 'Former staff member')`;

/** The pickup row in scope: the caller's courier, and for a branch-bound clerk a customer of their branch. */
export async function pickupRowInScope(db: DbOrTx, scope: TenantScope, pickupId: string) {
  const courierId = counterCourier(scope);
  const [row] = await db.select({ pickup: pickups }).from(pickups).innerJoin(customers, eq(customers.id, pickups.customerId))
    .where(and(eq(pickups.courierId, courierId), eq(pickups.id, pickupId), branchWhere(customers, scope))).limit(1);
  if (!row) throw notFound();
  return row.pickup;
}

/** GET /pickups/{id}: the release as a receipt (parcels, invoices as they stand now, collector, who released). */
export async function getPickup(db: DbOrTx, scope: TenantScope, pickupId: string): Promise<Pickup> {
  const courierId = counterCourier(scope);
  const [row] = await db.select({
    pickup: pickups,
    customer: {
      id: customers.id, name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`, mailboxNumber: customers.mailboxNumber,
      email: customers.email, branchName: sql<string>`coalesce(${branches.name}, '')`,
    },
    releasedByName: fullName(releaser),
    overrideByName: fullName(overrider),
    letter: { id: letter.id, fileName: letter.fileName, contentType: letter.contentType, sizeBytes: letter.sizeBytes },
  }).from(pickups)
    .innerJoin(customers, eq(customers.id, pickups.customerId))
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .leftJoin(releaser, eq(releaser.id, pickups.releasedBy))
    .leftJoin(overrider, eq(overrider.id, pickups.overrideBy))
    .leftJoin(letter, eq(letter.id, pickups.authorisationLetterFileId))
    .where(and(eq(pickups.courierId, courierId), eq(pickups.id, pickupId), branchWhere(customers, scope)))
    .limit(1);
  if (!row) throw notFound();
  const { pickup } = row;
  const released = await db.select({ id: packages.id, packageNumber: packages.packageNo, trackingNumber: packages.trackingNumber, description: packages.description })
    .from(pickupPackages).innerJoin(packages, eq(packages.id, pickupPackages.packageId))
    .where(eq(pickupPackages.pickupId, pickup.id)).orderBy(asc(packages.packageNo));
  // The invoices of the released parcels as they stand now (a later payment shows), each once.
  const billed = await invoicesOfParcels(db, courierId, released.map((pkg) => pkg.id));
  const summary = summariseInvoices(billed);
  return {
    id: pickup.id,
    pickupNumber: pickup.pickupNo,
    customer: row.customer,
    collector: {
      kind: pickup.collectorKind,
      name: pickup.collectorName,
      idType: pickup.collectorIdType,
      idNumber: pickup.collectorIdNumber,
      relationship: pickup.collectorRelationship,
      authorisationLetter: row.letter?.id ? row.letter : null,
    },
    releasedBy: { id: pickup.releasedBy, name: row.releasedByName },
    releasedAt: pickup.releasedAt.toISOString(),
    override: pickup.isOverride && pickup.overrideReason ? { reason: pickup.overrideReason, byName: row.overrideByName } : null,
    packages: released,
    invoices: summary.invoices,
    totals: summary.totals,
    receiptEmailedTo: pickup.receiptEmailedTo,
  };
}

/** The signature or letter bytes of a pickup in scope. */
export async function pickupFile(db: DbOrTx, scope: TenantScope, pickupId: string, which: 'signature' | 'letter') {
  const pickup = await pickupRowInScope(db, scope, pickupId);
  const fileId = which === 'signature' ? pickup.signatureFileId : pickup.authorisationLetterFileId;
  if (!fileId) throw notFound();
  const [file] = await db.select({ data: storedFiles.data, contentType: storedFiles.contentType, fileName: storedFiles.fileName })
    .from(storedFiles).where(and(eq(storedFiles.courierId, pickup.courierId), eq(storedFiles.id, fileId)));
  if (!file) throw notFound();
  return file;
}

/** The counter's courier name, for the receipt. */
export async function courierNameOf(db: DbOrTx, scope: TenantScope): Promise<string> {
  const [row] = await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, counterCourier(scope)));
  return row?.name ?? '';
}
