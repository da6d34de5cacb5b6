import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { normaliseMailbox, PACKAGE_STATUS_LABELS, trackingMatchKeys } from '@parceldesk/shared/domain/packages';
import { PICKUP_MSG, type CounterCustomer, type CounterLookup, type CounterLookupQuery } from '@parceldesk/shared/schemas/pickups';
import type { DbOrTx } from '../../db/client';
import { branches, customers, customerSearchText, invoicePackages, invoices, packages } from '../../db/schema/index';
import { containsPattern } from '../../lib/list-query';
import type { TenantScope } from '../../lib/tenant-scope';
import { counterCourier, customerInScope, customersWhere, invoicesOfParcels, summariseInvoices } from './counter-reads';

type Match = Pick<CounterLookup, 'matchedBy' | 'message' | 'candidates' | 'scannedPackage'> & { customer: CounterCustomer | null; scannedIds: string[] };

const nothing = (code: string): Match => ({
  matchedBy: null, message: PICKUP_MSG.nothingFound(code), candidates: [], customer: null, scannedPackage: null, scannedIds: [],
});

/**
 * What was scanned or typed at the counter, in the order a clerk means it: an invoice number (the
 * barcode on the invoice), a package number or carrier tracking number (the label), a mailbox
 * number, else a name (several matches: staff choose). A customer out of the caller's scope
 * (another courier's, another branch's for a branch-bound clerk) is not found.
 */
async function match(db: DbOrTx, scope: TenantScope, code: string): Promise<Match> {
  const courierId = counterCourier(scope);
  const upper = code.toUpperCase().replace(/\s+/g, '');
  const [invoice] = await db.select({ id: invoices.id, customerId: invoices.customerId }).from(invoices)
    .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, upper))).limit(1);
  if (invoice) {
    const customer = await customerInScope(db, scope, invoice.customerId).catch(() => null);
    if (!customer) return nothing(code);
    const billed = await db.select({ packageId: invoicePackages.packageId }).from(invoicePackages).where(eq(invoicePackages.invoiceId, invoice.id));
    return { matchedBy: 'invoice', message: null, candidates: [], customer, scannedPackage: null, scannedIds: billed.map((row) => row.packageId) };
  }

  const [pkg] = await db.select({ id: packages.id, packageNumber: packages.packageNo, status: packages.status, customerId: packages.customerId }).from(packages)
    .where(and(eq(packages.courierId, courierId), or(eq(packages.packageNo, upper), inArray(packages.trackingNumber, trackingMatchKeys(code)))))
    .orderBy(asc(packages.receivedAt)).limit(1);
  if (pkg) {
    const customer = pkg.customerId ? await customerInScope(db, scope, pkg.customerId).catch(() => null) : null;
    if (!customer) return nothing(code);
    const isReady = pkg.status === 'ready_for_pickup';
    return {
      matchedBy: 'package', customer, candidates: [], scannedIds: [pkg.id],
      message: isReady ? null : PICKUP_MSG.notReady(pkg.packageNumber, PACKAGE_STATUS_LABELS[pkg.status]),
      scannedPackage: isReady ? null : { packageNumber: pkg.packageNumber, status: pkg.status },
    };
  }

  const byMailbox = await customersWhere(db, scope, eq(customers.mailboxNumber, normaliseMailbox(code)), 2);
  if (byMailbox.length === 1) return { matchedBy: 'mailbox', message: null, candidates: [], customer: byMailbox[0] ?? null, scannedPackage: null, scannedIds: [] };

  if (code.length < 2) return nothing(code);
  const byName = await customersWhere(db, scope, sql`${customerSearchText(customers)} ilike ${containsPattern(code)}`, 10);
  if (byName.length === 0) return nothing(code);
  if (byName.length === 1) return { matchedBy: 'name', message: null, candidates: [], customer: byName[0] ?? null, scannedPackage: null, scannedIds: [] };
  return { matchedBy: 'name', message: null, candidates: byName, customer: null, scannedPackage: null, scannedIds: [] };
}

/** GET /counter/lookup: the customer's parcels ready for pickup, their invoices, what is paid and due. */
export async function counterLookup(db: DbOrTx, options: { scope: TenantScope; query: CounterLookupQuery }): Promise<CounterLookup> {
  const { scope, query } = options;
  const courierId = counterCourier(scope);
  const code = query.code ?? '';
  const found: Match = query.customerId
    ? { matchedBy: 'customer', message: null, candidates: [], customer: await customerInScope(db, scope, query.customerId), scannedPackage: null, scannedIds: [] }
    : await match(db, scope, code);
  const empty = { totalCents: 0, paidCents: 0, balanceCents: 0 };
  const { scannedIds, customer, ...rest } = found;
  if (!customer) return { code, ...rest, customer: null, parcels: [], invoices: [], totals: empty };

  const ready = await db.select({
    id: packages.id, packageNumber: packages.packageNo, trackingNumber: packages.trackingNumber, description: packages.description,
    service: packages.service, weight: packages.weight, pieces: packages.pieces, location: packages.location,
    branchName: sql<string>`coalesce(${branches.name}, '')`,
  }).from(packages).leftJoin(branches, eq(branches.id, packages.branchId))
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, customer.id), eq(packages.status, 'ready_for_pickup')))
    .orderBy(asc(packages.receivedAt), asc(packages.id))
    .limit(200);
  const rows = await invoicesOfParcels(db, courierId, ready.map((parcel) => parcel.id));
  const { invoices: invoiceList, totals } = summariseInvoices(rows);
  const parcels = ready.map((parcel) => {
    const own = rows.filter((row) => row.packageId === parcel.id);
    return {
      ...parcel,
      invoiceNumbers: own.map((row) => row.invoiceNumber),
      balanceCents: own.reduce((total, row) => total + row.balanceCents, 0),
      isInvoiced: own.length > 0,
      isScanned: scannedIds.includes(parcel.id),
    };
  });
  const message = rest.message ?? (parcels.length === 0 ? PICKUP_MSG.noReadyParcels : null);
  return { code, ...rest, message, customer, parcels, invoices: invoiceList, totals };
}
