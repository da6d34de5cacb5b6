import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { canonicalTracking, guessCarrier, normaliseMailbox, trackingMatchKeys } from '@parceldesk/shared/domain/packages';
import type { ScanCustomer, ScanLookup } from '@parceldesk/shared/schemas/package-scan';
import type { DbOrTx } from '../../../db/client';
import { branches, customers, customerSearchText, packages, preAlerts } from '../../../db/schema/index';
import { notFound } from '../../../lib/app-error';
import { containsPattern } from '../../../lib/list-query';
import type { TenantScope } from '../../../lib/tenant-scope';

/** The scan station works in one courier's warehouse; a super admin has none. */
function courierOf(scope: TenantScope): string {
  if (!scope.courierId) throw notFound();
  return scope.courierId;
}

/** As the package lists name a customer (first and last name). */
const customerName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;
const scanCustomerFields = {
  id: customers.id, name: customerName, mailboxNumber: customers.mailboxNumber,
  branchId: customers.branchId, branchName: sql<string>`coalesce(${branches.name}, '')`,
};

/**
 * What a scanned number is to this courier (issue 11, scan station lookup): already a package
 * (the station opens it, never receives it twice), a pending pre-alert (its customer and details
 * fill the form), or new. The same match keys as receiving: the USPS routing prefix, the FedEx
 * 34-digit barcode and the `92612…` tail all find their number.
 */
export async function scanLookup(db: DbOrTx, options: { scope: TenantScope; trackingNumber: string }): Promise<ScanLookup> {
  const courierId = courierOf(options.scope);
  const keys = trackingMatchKeys(options.trackingNumber);
  const [existingRows, preAlertRows] = await Promise.all([
    db.select({
      id: packages.id, packageNumber: packages.packageNo, status: packages.status,
      customerName: sql<string>`coalesce(${customerName}, ${packages.labelName}, '')`,
      mailboxNumber: sql<string>`coalesce(${customers.mailboxNumber}, ${packages.labelMailbox}, '')`,
    }).from(packages).leftJoin(customers, eq(customers.id, packages.customerId))
      .where(and(eq(packages.courierId, courierId), inArray(packages.trackingNumber, keys))).limit(1),
    db.select({
      id: preAlerts.id, store: preAlerts.store, description: preAlerts.description, declaredValueCents: preAlerts.declaredValueCents,
      service: preAlerts.service, carrier: preAlerts.carrier, customer: scanCustomerFields,
    }).from(preAlerts).innerJoin(customers, eq(customers.id, preAlerts.customerId)).leftJoin(branches, eq(branches.id, customers.branchId))
      .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.status, 'pending'), inArray(preAlerts.trackingNumber, keys)))
      .orderBy(asc(preAlerts.createdAt)).limit(10),
  ]);
  const [existing] = existingRows;
  // As receiving decides (receive.service pendingPreAlert): two customers pre-alerting one number match neither.
  const owners = new Set(preAlertRows.map((row) => row.customer.id));
  const preAlert = owners.size === 1 ? preAlertRows[0] : undefined;
  return {
    trackingNumber: canonicalTracking(options.trackingNumber),
    carrier: preAlert?.carrier ?? guessCarrier(options.trackingNumber),
    existing: existing ?? null,
    preAlert: preAlert
      ? { id: preAlert.id, customer: preAlert.customer, store: preAlert.store, description: preAlert.description, declaredValue: preAlert.declaredValueCents / 100, service: preAlert.service, carrier: preAlert.carrier }
      : null,
  };
}

/**
 * Customers for the scan station's "whose is it?" step: the exact mailbox number first (what
 * staff type off the label), else name, mailbox, email or phone containing the text. Active
 * customers only, at most 10. Staff need packages_scan, not customers_view.
 */
export async function scanCustomers(db: DbOrTx, options: { scope: TenantScope; search: string }): Promise<ScanCustomer[]> {
  const courierId = courierOf(options.scope);
  const base = () => db.select(scanCustomerFields).from(customers).leftJoin(branches, eq(branches.id, customers.branchId));
  const exact = await base()
    .where(and(eq(customers.courierId, courierId), eq(customers.mailboxNumber, normaliseMailbox(options.search)), eq(customers.isActive, true)));
  if (exact.length > 0) return exact;
  return base()
    .where(and(eq(customers.courierId, courierId), eq(customers.isActive, true), sql`${customerSearchText(customers)} ilike ${containsPattern(options.search)}`))
    .orderBy(sql`lower(${customers.firstName})`, sql`lower(${customers.lastName})`, customers.id)
    .limit(10);
}
