import { asc, eq, sql } from 'drizzle-orm';
import { fromCents, toCents } from '@parceldesk/shared/domain/money';
import { PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import type { PackageDetail, PackageFile, PackageListItem } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, customers, packageEvents, packageFiles, packages, storedFiles, users } from '../../db/schema/index';
import type { Principal } from '../../lib/principal';
import { allowedPackageStatuses, loadPackage } from './package-access';

/** Amounts are cents in the database and major units on the wire (domain/money.ts). */
export const centsToAmount = (cents: number | null): number | null => (cents === null ? null : fromCents(cents));
export const amountToCents = (amount: number | null | undefined): number | null => (amount === null || amount === undefined ? null : toCents(amount));

/** The customer's name as lists show it; an unknown package shows what was read off its label. */
export const customerNameSql = sql<string>`coalesce(${customers.firstName} || ' ' || ${customers.lastName}, ${packages.labelName}, '')`;
export const mailboxSql = sql<string>`coalesce(${customers.mailboxNumber}, ${packages.labelMailbox}, '')`;

/** The list row's fields (GET /packages); joins: customers, branches, couriers (left, within the courier). */
export const packageListFields = {
  id: packages.id, packageNo: packages.packageNo, trackingNumber: packages.trackingNumber, carrier: packages.carrier, status: packages.status,
  customerId: packages.customerId, customerName: customerNameSql, mailboxNumber: mailboxSql, service: packages.service,
  branchId: packages.branchId, branchName: sql<string>`coalesce(${branches.name}, '')`, shipper: packages.shipper, description: packages.description,
  weight: packages.weight, chargeableWeight: packages.chargeableWeight, pieces: packages.pieces, receivedAt: packages.receivedAt,
  courierId: packages.courierId, courierName: couriers.name, updatedAt: packages.updatedAt,
};
export type PackageListRow = {
  id: string; packageNo: string; trackingNumber: string; carrier: PackageListItem['carrier']; status: PackageListItem['status'];
  customerId: string | null; customerName: string; mailboxNumber: string; service: PackageListItem['service'];
  branchId: string | null; branchName: string; shipper: string | null; description: string | null;
  weight: number; chargeableWeight: number; pieces: number; receivedAt: Date; courierId: string; courierName: string; updatedAt: Date;
};

export function toPackageListItem(row: PackageListRow, forCustomer = false): PackageListItem {
  return {
    id: row.id, packageNumber: row.packageNo, trackingNumber: row.trackingNumber, carrier: row.carrier, status: row.status,
    customerId: row.customerId, customerName: row.customerName, mailboxNumber: row.mailboxNumber, service: row.service,
    branchId: row.branchId, branchName: row.branchName, shipper: row.shipper, description: forCustomer ? row.description : row.description,
    weight: Number(row.weight), chargeableWeight: row.chargeableWeight, pieces: row.pieces,
    receivedAt: row.receivedAt.toISOString(), courierId: row.courierId, courierName: row.courierName, updatedAt: row.updatedAt.toISOString(),
  };
}

export const packageFileUrl = (id: string) => `/api/package-files/${id}`;

export function toPackageFile(row: { id: string; kind: PackageFile['kind']; fileName: string; contentType: string; sizeBytes: number; createdAt: Date }): PackageFile {
  return { id: row.id, kind: row.kind, fileName: row.fileName, contentType: row.contentType, size: row.sizeBytes, url: packageFileUrl(row.id), createdAt: row.createdAt.toISOString() };
}

export const packageFileFields = {
  id: packageFiles.id, kind: packageFiles.kind, fileName: storedFiles.fileName, contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes, createdAt: packageFiles.createdAt,
};

/** GET /packages/{id}: every field, its files and its timeline; customers read no staff names, bins or internal notes. */
export async function getPackageDetail(db: DbOrTx, principal: Principal, id: string): Promise<PackageDetail> {
  const pkg = await loadPackage(db, principal, id);
  const forCustomer = principal.kind === 'customer';
  const [[row], events, files] = await Promise.all([
    db.select(packageListFields).from(packages)
      .leftJoin(customers, eq(customers.id, packages.customerId))
      .leftJoin(branches, eq(branches.id, packages.branchId))
      .innerJoin(couriers, eq(couriers.id, packages.courierId))
      .where(eq(packages.id, pkg.id)),
    db.select({
      id: packageEvents.id, kind: packageEvents.kind, status: packageEvents.status, note: packageEvents.note, location: packageEvents.location,
      actorType: packageEvents.actorType, by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`, at: packageEvents.createdAt,
    }).from(packageEvents)
      .leftJoin(users, sql`${packageEvents.actorType} = 'user' and ${users.id} = ${packageEvents.actorId}`)
      .where(eq(packageEvents.packageId, pkg.id))
      .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id)),
    db.select(packageFileFields).from(packageFiles).innerJoin(storedFiles, eq(storedFiles.id, packageFiles.storedFileId))
      .where(eq(packageFiles.packageId, pkg.id)).orderBy(asc(packageFiles.createdAt)),
  ]);
  if (!row) throw new Error('package vanished while reading it');
  return {
    ...toPackageListItem(row as PackageListRow, forCustomer),
    declaredValue: centsToAmount(pkg.declaredValueCents),
    length: pkg.length, width: pkg.width, height: pkg.height,
    volumetricWeight: pkg.volumetricWeight, volumetricDivisor: pkg.volumetricDivisor,
    location: forCustomer ? null : pkg.location,
    notes: forCustomer ? null : pkg.notes,
    labelName: forCustomer ? null : pkg.labelName,
    labelMailbox: forCustomer ? null : pkg.labelMailbox,
    externalPackageId: forCustomer ? null : pkg.externalPackageId,
    externalControlNumber: forCustomer ? null : pkg.externalControlNumber,
    preAlertId: pkg.preAlertId,
    unknownFee: centsToAmount(pkg.unknownFeeCents),
    isEditable: !forCustomer && pkg.invoiceId === null,
    events: events.map((event) => ({
      id: event.id, kind: event.kind, status: event.status,
      label: PACKAGE_STATUS_LABELS[event.status], customerLabel: PACKAGE_STATUS_CUSTOMER_LABELS[event.status],
      note: forCustomer && event.kind !== 'status' ? null : event.note,
      location: forCustomer ? null : event.location,
      by: forCustomer ? null : event.by, at: event.at.toISOString(),
    })),
    files: files.map(toPackageFile),
    allowedStatuses: forCustomer ? [] : allowedPackageStatuses(principal, pkg),
  };
}
