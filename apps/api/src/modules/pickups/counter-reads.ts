import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { CounterCustomer, CounterInvoice } from '@parceldesk/shared/schemas/pickups';
import type { DbOrTx } from '../../db/client';
import { branches, customers, invoicePackages, invoices, packageCharges, packages, storageCharges } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';

/** The counter works in one courier's branch: its people only (a super admin has no counter). */
export function counterCourier(scope: TenantScope): string {
  if (!scope.courierId) throw notFound();
  return scope.courierId;
}

const customerName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;
export const counterCustomerFields = {
  id: customers.id, name: customerName, mailboxNumber: customers.mailboxNumber, email: customers.email,
  branchName: sql<string>`coalesce(${branches.name}, '')`,
};

/** Customers of the scope (a branch-bound clerk: their branch's) matching a condition. */
export function customersWhere(db: DbOrTx, scope: TenantScope, condition: SQL, limit = 10): Promise<CounterCustomer[]> {
  return db.select(counterCustomerFields).from(customers).leftJoin(branches, eq(branches.id, customers.branchId))
    .where(tenantWhere(customers, scope, condition))
    .orderBy(sql`lower(${customers.firstName})`, sql`lower(${customers.lastName})`, customers.id)
    .limit(limit);
}

/** One customer of the scope, or 404 (another courier's, another branch's for a branch-bound clerk). */
export async function customerInScope(db: DbOrTx, scope: TenantScope, customerId: string): Promise<CounterCustomer> {
  const [customer] = await customersWhere(db, scope, eq(customers.id, customerId), 1);
  if (!customer) throw notFound();
  return customer;
}

export interface ParcelInvoiceRow extends Omit<CounterInvoice, 'packageNumbers'> {
  packageId: string;
  packageNumber: string;
}

/** The invoices (not void) billing the given parcels, one row per parcel and invoice. */
export async function invoicesOfParcels(db: DbOrTx, courierId: string, packageIds: readonly string[]): Promise<ParcelInvoiceRow[]> {
  if (packageIds.length === 0) return [];
  return db.select({
    packageId: invoicePackages.packageId, packageNumber: packages.packageNo,
    id: invoices.id, invoiceNumber: invoices.invoiceNo, status: invoices.status,
    totalCents: invoices.totalCents, paidCents: invoices.paidCents, balanceCents: invoices.balanceCents,
  }).from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .innerJoin(packages, eq(packages.id, invoicePackages.packageId))
    .where(and(eq(invoicePackages.courierId, courierId), inArray(invoicePackages.packageId, [...packageIds]), eq(invoicePackages.live, true), ne(invoices.status, 'void')))
    .orderBy(asc(invoices.invoiceNo));
}

/** What each parcel owes in charges not on an invoice yet (storage days, switching fees), J$ cents. */
export async function unbilledChargesOfParcels(db: DbOrTx, packageIds: readonly string[]): Promise<Map<string, number>> {
  if (packageIds.length === 0) return new Map();
  const ids = sql.param([...packageIds]);
  const result = await db.execute<{ package_id: string; cents: number }>(sql`
    select package_id, sum(amount_cents)::int as cents from (
      select package_id, amount_cents from ${storageCharges} where invoice_id is null and package_id = any(${ids}::uuid[])
      union all select package_id, amount_cents from ${packageCharges} where invoice_id is null and package_id = any(${ids}::uuid[])
    ) pending group by package_id`);
  return new Map(result.rows.map((row) => [row.package_id, Number(row.cents)]));
}

/** The invoices of a set of parcel rows, each once, with the parcels it bills, and their sums. */
export function summariseInvoices(rows: readonly ParcelInvoiceRow[]) {
  const byId = new Map<string, CounterInvoice>();
  for (const row of rows) {
    const seen = byId.get(row.id);
    if (seen) {
      if (!seen.packageNumbers.includes(row.packageNumber)) seen.packageNumbers.push(row.packageNumber);
      continue;
    }
    const { packageId: _packageId, packageNumber, ...invoice } = row;
    byId.set(row.id, { ...invoice, packageNumbers: [packageNumber] });
  }
  const list = [...byId.values()];
  const sum = (key: 'totalCents' | 'paidCents' | 'balanceCents') => list.reduce((total, invoice) => total + invoice[key], 0);
  return { invoices: list, totals: { totalCents: sum('totalCents'), paidCents: sum('paidCents'), balanceCents: sum('balanceCents') } };
}
