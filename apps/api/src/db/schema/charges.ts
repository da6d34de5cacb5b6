import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { packages } from './packages';
import { couriers, users } from './tenancy';

export const PACKAGE_CHARGE_KINDS = ['switching', 'delivery_fee'] as const;

/**
 * Charges on a package besides its freight (migration 0009, docs/decisions/013-reconciliation.md):
 * the switching fee of a pickup-branch change, and the delivery fee no unpaid invoice could take
 * (migration 0024: one per delivery request, `details.deliveryRequestId`). J$ cents, as the courier's setting was when
 * charged; lib/invoice-charges.ts bills the rows whose `invoice_id` is still null and sets it
 * (with the line) in the same transaction.
 */
export const packageCharges = pgTable('package_charges', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: PACKAGE_CHARGE_KINDS }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  note: text('note'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  invoiceId: uuid('invoice_id'),
  /** The invoice line that bills it (migration 0022: set with invoice_id, moved only off a void invoice). */
  invoiceLineId: uuid('invoice_line_id'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('package_charges_package_idx').on(t.packageId, t.createdAt),
  index('package_charges_unbilled_idx').on(t.courierId, t.createdAt).where(sql`${t.invoiceId} is null`),
  uniqueIndex('package_charges_delivery_fee_once').on(sql`(${t.details}->>'deliveryRequestId')`).where(sql`${t.kind} = 'delivery_fee'`),
  check('package_charges_kind_check', sql`${t.kind} IN ('switching', 'delivery_fee')`),
  check('package_charges_amount_check', sql`${t.amountCents} >= 0`),
]);
