import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './billing';
import { packages } from './packages';
import { couriers } from './tenancy';

/**
 * Issue 13, uncollected parcels (migration 0014, docs/decisions/017-jobs.md): one row per package
 * and local day charged. UNIQUE (package_id, charge_day) is what makes the sweep idempotent: a
 * day is never charged twice, whichever instance or rerun gets there. `invoice_id` is the invoice
 * the charge went on, or null while it is pending (the parcel's invoice was already paid).
 */
export const storageCharges = pgTable('storage_charges', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
  chargeDay: date('charge_day', { mode: 'string' }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  /** The invoice line that bills it (migration 0022: set with invoice_id, moved only off a void invoice). */
  invoiceLineId: uuid('invoice_line_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('storage_charges_package_day_key').on(t.packageId, t.chargeDay),
  index('storage_charges_pending_idx').on(t.courierId).where(sql`${t.invoiceId} is null`),
  check('storage_charges_amount_check', sql`${t.amountCents} > 0`),
]);

export const STORAGE_NOTICE_KINDS = ['reminder', 'final_notice', 'abandoned'] as const;

/** Messages the sweep sent: one per (package, kind, day waiting), so a rerun never repeats one. */
export const storageNotices = pgTable('storage_notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: STORAGE_NOTICE_KINDS }).notNull(),
  day: integer('day').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('storage_notices_package_kind_day_key').on(t.packageId, t.kind, t.day),
  check('storage_notices_kind_check', sql`${t.kind} IN ('reminder', 'final_notice', 'abandoned')`),
]);
