import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { fromCents, toCents } from '@parceldesk/shared/domain/money';
import { PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_LABELS, type PackageStatus } from '@parceldesk/shared/domain/packages';
import type { PackageDetail, PackageFile, PackageListItem } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, customers, packageEvents, packageFiles, packages, storedFiles, users } from '../../db/schema/index';
import type { Principal } from '../../lib/principal';
import type { DeferredSessionCheck } from '../../lib/deferred-session';
import { readPart, readTogether } from '../../db/prepared';
import { notFound } from '../../lib/app-error';
import { allowedPackageStatuses, visiblePackages, type PackageRow } from './package-access';

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

/** The detail's own fields beyond the list row's (GET /packages/{id}). */
const packageDetailFields = {
  ...packageListFields,
  declaredValueCents: packages.declaredValueCents, length: packages.length, width: packages.width, height: packages.height,
  volumetricWeight: packages.volumetricWeight, volumetricDivisor: packages.volumetricDivisor, location: packages.location, notes: packages.notes,
  labelName: packages.labelName, labelMailbox: packages.labelMailbox, externalPackageId: packages.externalPackageId,
  externalControlNumber: packages.externalControlNumber, preAlertId: packages.preAlertId, unknownFeeCents: packages.unknownFeeCents, invoiceId: packages.invoiceId,
};
type PackageDetailRow = Omit<PackageListRow, 'receivedAt' | 'updatedAt'> & Pick<PackageRow,
  'declaredValueCents' | 'length' | 'width' | 'height' | 'volumetricWeight' | 'volumetricDivisor' | 'location' | 'notes' | 'labelName' | 'labelMailbox'
  | 'externalPackageId' | 'externalControlNumber' | 'preAlertId' | 'unknownFeeCents' | 'invoiceId'> & { receivedAt: string; updatedAt: string };

/** `select` list naming each column after its field, as readTogether's JSON rows carry them. */
const selectAs = (fields: Record<string, SQLWrapper>) => sql.join(Object.entries(fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`), sql`, `);

/**
 * GET /packages/{id}: every field, its files and its timeline; customers read no staff names, bins
 * or internal notes. One statement (readTogether): the package as the principal may see it, and
 * its events and files only when it may (receive answers with it: issue 11's scan station).
 */
export async function getPackageDetail(db: DbOrTx, principal: Principal, id: string, session?: DeferredSessionCheck | null): Promise<PackageDetail> {
  const forCustomer = principal.kind === 'customer';
  const visible = sql`(select ${packages.id} from ${packages} where ${visiblePackages(principal, eq(packages.id, id))})`;
  const read = await readTogether(db, {
    pkg: readPart(sql`select ${selectAs(packageDetailFields)} from ${packages}
      left join ${customers} on ${customers.id} = ${packages.customerId}
      left join ${branches} on ${branches.id} = ${packages.branchId}
      join ${couriers} on ${couriers.id} = ${packages.courierId}
      where ${packages.id} = ${visible}`, (rows) => rows[0] as PackageDetailRow | undefined),
    events: readPart(sql`select ${packageEvents.id} as id, ${packageEvents.kind} as kind, ${packageEvents.status} as status, ${packageEvents.note} as note,
        ${packageEvents.location} as location, ${users.firstName} || ' ' || ${users.lastName} as by, ${packageEvents.createdAt} as at, ${packageEvents.createdAt} as "orderAt"
      from ${packageEvents} left join ${users} on ${packageEvents.actorType} = 'user' and ${users.id} = ${packageEvents.actorId}
      where ${packageEvents.packageId} = ${visible}`,
    (rows) => rows as { id: string; kind: PackageDetail['events'][number]['kind']; status: PackageStatus; note: string | null; location: string | null; by: string | null; at: string }[],
    sql`x."orderAt", x.id`),
    files: readPart(sql`select ${selectAs(packageFileFields)} from ${packageFiles} join ${storedFiles} on ${storedFiles.id} = ${packageFiles.storedFileId}
      where ${packageFiles.packageId} = ${visible}`,
    (rows) => rows as (Omit<Parameters<typeof toPackageFile>[0], 'createdAt'> & { createdAt: string })[],
    sql`x."createdAt"`),
  }, session);
  const pkg = read.pkg;
  if (!pkg) throw notFound();
  return {
    ...toPackageListItem({ ...pkg, receivedAt: new Date(pkg.receivedAt), updatedAt: new Date(pkg.updatedAt) }, forCustomer),
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
    events: read.events.map((event) => ({
      id: event.id, kind: event.kind, status: event.status,
      label: PACKAGE_STATUS_LABELS[event.status], customerLabel: PACKAGE_STATUS_CUSTOMER_LABELS[event.status],
      note: forCustomer && event.kind !== 'status' ? null : event.note,
      location: forCustomer ? null : event.location,
      by: forCustomer ? null : event.by, at: new Date(event.at).toISOString(),
    })),
    files: read.files.map((file) => toPackageFile({ ...file, createdAt: new Date(file.createdAt) })),
    allowedStatuses: forCustomer ? [] : allowedPackageStatuses(principal, pkg),
  };
}
