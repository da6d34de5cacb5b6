import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  isNotifyingStatus, PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_NEXT_STEP, type PackageStatus,
} from '@parceldesk/shared/domain/packages';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, packageEvents } from '../../db/schema/index';
import { runAsOneStatement } from '../../db/one-statement';
import { eventNotify } from '../../events/publish';
import { actorTypeOf, withImpersonation, type Actor } from '../../lib/actor';
import { emailInsert, OUTBOX_WAKE } from '../../mail/outbox';
import { notificationEvents, notificationInsert } from '../../lib/notifications';
import { customerPortalLink } from '../../lib/tell-customer';
import type { PackageRow } from './package-access';

export type PackageEventKind = 'received' | 'status' | 'edit' | 'assigned' | 'claimed' | 'branch_receipt' | 'branch_switch' | 'integration';

type PackageEventInput = { pkg: Pick<PackageRow, 'id' | 'courierId'>; kind: PackageEventKind; status: PackageStatus; actor: Actor | null; note?: string | null; location?: string | null; details?: Record<string, unknown> };

/** One row of the package's history, in the transaction of the change it records. */
export async function recordPackageEvent(tx: DbOrTx, input: PackageEventInput): Promise<void> {
  await packageEventInsert(tx, input);
}

/** recordPackageEvent's row, not yet run, for a write sent as one statement (db/one-statement.ts). */
export function packageEventInsert(tx: DbOrTx, input: PackageEventInput) {
  const { actor } = input;
  const details = withImpersonation(actor, input.details);
  return tx.insert(packageEvents).values({
    courierId: input.pkg.courierId, packageId: input.pkg.id, kind: input.kind, status: input.status,
    note: input.note ?? null, location: input.location ?? null,
    actorType: actor ? actorTypeOf(actor.principal) : 'system', actorId: actor?.principal.id ?? null,
    details: details ?? null,
  });
}

/** What telling a package's customer needs to know about them and their courier. */
export interface PackageRecipient { firstName: string; email: string; packageEmails: boolean; isActive: boolean; courierName: string; apiKey: string }

/** Whether a package at this status tells its customer (it has one, and the status notifies). */
export const isCustomerTold = <P extends Pick<PackageRow, 'customerId' | 'status'>>(pkg: P): pkg is P & { customerId: string } =>
  pkg.customerId !== null && isNotifyingStatus(pkg.status);

/** The customer to tell (null when the package has none or the status does not notify). */
export async function packageRecipient(tx: DbOrTx, pkg: Pick<PackageRow, 'customerId' | 'status'>): Promise<PackageRecipient | null> {
  if (!isCustomerTold(pkg)) return null;
  const [row] = await tx.select({
    firstName: customers.firstName, email: customers.email, packageEmails: customers.packageEmails, isActive: customers.isActive,
    courierName: couriers.name, apiKey: couriers.apiKey,
  }).from(customers).innerJoin(couriers, eq(couriers.id, customers.courierId)).where(eq(customers.id, pkg.customerId));
  return row ?? null;
}

type Announced = Pick<PackageRow, 'id' | 'courierId' | 'packageNo' | 'trackingNumber' | 'status' | 'customerId' | 'branchId' | 'receivedBy' | 'weight' | 'chargeableWeight' | 'shipper' | 'service' | 'pieces'>;

/**
 * Tells the package's customer, at the statuses the shared definition marks as notifying: an
 * in-app notification always, an email (the courier's name and SMTP, through the outbox) unless
 * they switched package emails off. Every open page of theirs and the courier's hears a live event.
 */
export async function announcePackage(
  tx: DbOrTx,
  input: { pkg: Announced; kind: 'package.received' | 'package.status' | 'package.updated'; publicUrl: string; notify: boolean },
): Promise<void> {
  const recipient = input.notify ? await packageRecipient(tx, input.pkg) : null;
  await runAsOneStatement(tx, packageAnnouncement(tx, { ...input, recipient }));
}

/**
 * announcePackage's rows and NOTIFYs, not yet run, for the recipient read beforehand
 * (packageRecipient): receiving sends them with its other rows as one statement.
 */
export function packageAnnouncement(
  tx: DbOrTx,
  input: { pkg: Announced; kind: 'package.received' | 'package.status' | 'package.updated'; publicUrl: string; notify: boolean; recipient: PackageRecipient | null },
): { writes: SQLWrapper[]; notifies: SQL[] } {
  const { pkg, recipient: row } = input;
  const notifies = [eventNotify({
    family: 'packages', audience: 'all', courierId: pkg.courierId, kind: input.kind, packageId: pkg.id, packageNumber: pkg.packageNo, status: pkg.status, customerId: pkg.customerId,
    branchId: pkg.branchId, receivedBy: pkg.receivedBy,
  })];
  if (!input.notify || !pkg.customerId || !isNotifyingStatus(pkg.status) || !row) return { writes: [], notifies };
  const label = PACKAGE_STATUS_CUSTOMER_LABELS[pkg.status];
  const weight = `${Number(pkg.weight).toFixed(2)} lb (chargeable ${pkg.chargeableWeight} lb)`;
  const what = `${pkg.packageNo} (tracking ${pkg.trackingNumber}${pkg.shipper ? `, from ${pkg.shipper}` : ''})`;
  const title = pkg.status === 'received' ? `Package received: ${pkg.packageNo}` : `${pkg.packageNo}: ${label}`;
  const body = pkg.status === 'received'
    ? `We received ${what}: ${weight}, ${SERVICE_LABELS[pkg.service]}. ${PACKAGE_STATUS_NEXT_STEP.received}`
    : `${what} is now ${label}. ${PACKAGE_STATUS_NEXT_STEP[pkg.status]}`;
  const notification = [{
    courierId: pkg.courierId, customerId: pkg.customerId, type: input.kind === 'package.received' ? 'package.received' : 'package.status', title, body,
    link: `/customer/packages?package=${encodeURIComponent(pkg.packageNo)}`,
  }];
  const writes: SQLWrapper[] = [notificationInsert(tx, notification)];
  notifies.push(...notificationEvents(notification).map(eventNotify));
  if (!row.packageEmails || !row.isActive) return { writes, notifies };
  writes.push(emailInsert(tx, {
    courierId: pkg.courierId,
    to: row.email,
    subject: `${row.courierName}: ${title}`,
    text: [
      `Hello ${row.firstName},`,
      '',
      pkg.status === 'received' ? `We received your package ${what} at our warehouse.` : `Your package ${what} is now: ${label}.`,
      '',
      `Status: ${label}`,
      `Weight: ${weight}`,
      `Service: ${SERVICE_LABELS[pkg.service]}`,
      `Pieces: ${pkg.pieces}`,
      '',
      PACKAGE_STATUS_NEXT_STEP[pkg.status],
      '',
      `See it in your account: ${customerPortalLink(input.publicUrl, row.apiKey, `/customer/packages?package=${encodeURIComponent(pkg.packageNo)}`)}`,
      '',
      'You can switch package emails off in your profile.',
      '',
      row.courierName,
    ].join('\n'),
  }));
  notifies.push(OUTBOX_WAKE);
  return { writes, notifies };
}

/** Marks the package changed (lists sort on it). */
export const touched = { updatedAt: sql`now()` };
