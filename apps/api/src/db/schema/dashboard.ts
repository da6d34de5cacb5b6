import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bigint, date, integer, pgTable, smallint, text, unique, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { couriers } from './tenancy';

/**
 * The dashboards' counters (migration 0027, docs/decisions/022-dashboards.md), kept by statement
 * triggers on the source tables in the writing transaction. Readers sum the slots (a slot per
 * backend keeps concurrent writers off one hot row). Written only by the triggers.
 */
export const dashboardPackageCounts = pgTable('dashboard_package_counts', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  branchId: uuid('branch_id'),
  status: text('status').notNull(),
  slot: smallint('slot').notNull().default(0),
  packages: integer('packages').notNull().default(0),
}, (t) => [unique('dashboard_package_counts_key').on(t.courierId, t.branchId, t.status, t.slot).nullsNotDistinct()]);

/**
 * A SELECT of one int: a counter column summed over its slots where `conditions` hold, for one
 * of `statuses` (omitted: any). An empty list of statuses matches nothing, as a list's own
 * filter does. The one reading of the counter tables below.
 */
function counterSum(total: PgColumn, status: PgColumn, conditions: (SQL | undefined)[], statuses?: readonly string[]): SQL {
  if (statuses?.length === 0) return sql`select 0`;
  const where = and(...conditions, statuses ? inArray(status, [...statuses]) : undefined);
  return sql`select coalesce(sum(${total}), 0)::int from ${total.table} where ${where ?? sql`true`}`;
}

/**
 * The parcels of a courier (null: the network), of one branch when given, with one of
 * `statuses` (omitted: any): the packages lists' totals and the dashboard's figures.
 */
export function packageCountSql(scope: { courierId: string | null; branchId?: string }, statuses?: readonly string[]): SQL {
  const c = dashboardPackageCounts;
  return counterSum(c.packages, c.status, [
    scope.courierId ? eq(c.courierId, scope.courierId) : undefined,
    scope.branchId ? eq(c.branchId, scope.branchId) : undefined,
  ], statuses);
}

/** Open (unpaid, part-paid) invoices by Jamaica day of issue. */
export const dashboardOpenInvoices = pgTable('dashboard_open_invoices', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  day: date('day').notNull(),
  slot: smallint('slot').notNull().default(0),
  invoices: integer('invoices').notNull().default(0),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
}, (t) => [unique('dashboard_open_invoices_key').on(t.courierId, t.day, t.slot)]);

/**
 * Parcels waiting for pickup with a customer, per courier and Jamaica day they became ready
 * (migration 0032): a courier-wide dashboard's uncollected figure.
 */
export const dashboardReadyDays = pgTable('dashboard_ready_days', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  day: date('day').notNull(),
  slot: smallint('slot').notNull().default(0),
  packages: integer('packages').notNull().default(0),
}, (t) => [unique('dashboard_ready_days_key').on(t.courierId, t.day, t.slot)]);

/** Invoices per courier and status (migration 0030): the invoice list's courier-wide and status totals. */
export const invoiceListCounts = pgTable('invoice_list_counts', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  slot: smallint('slot').notNull().default(0),
  invoices: integer('invoices').notNull().default(0),
}, (t) => [unique('invoice_list_counts_key').on(t.courierId, t.status, t.slot)]);

/** The invoices of a courier (null: the network) with one of `statuses` (omitted: any): the invoice list's totals. */
export function invoiceCountSql(courierId: string | null, statuses?: readonly string[]): SQL {
  const c = invoiceListCounts;
  return counterSum(c.invoices, c.status, [courierId ? eq(c.courierId, courierId) : undefined], statuses);
}
