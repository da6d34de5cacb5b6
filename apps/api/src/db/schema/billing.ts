import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CURRENCIES, INVOICE_EVENT_KINDS, INVOICE_STATUSES, PAYMENT_EVENT_KINDS, PAYMENT_METHODS, PAYMENT_PROOF_STATUSES, PAYMENT_STATUSES,
} from '@parceldesk/shared/domain/billing';
import { packages } from './packages';
import { storedFiles } from './settings';
import { branches, couriers, customers, users } from './tenancy';

/**
 * Issue 13, billing (migration 0011). Money is integer J$ cents. The database keeps the rules a
 * bug or a race could break: one live invoice per package, an invoice never paid beyond its total,
 * positive allocations, one allocation per payment and invoice; the balance is a generated column.
 */

const actorTypes = ['user', 'customer', 'system'] as const;
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The courier's settings an issue priced its invoices with (loadPricingSnapshot), one row per
 * issue however many invoices it wrote (migration 0028, docs/decisions/018 "Performance").
 */
export const pricingSnapshots = pgTable('pricing_snapshots', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  takenAt: at('taken_at').notNull().defaultNow(),
}, (t) => [index('pricing_snapshots_courier_idx').on(t.courierId, t.takenAt)]);

/**
 * One invoice per package (issued at arrival or by hand), numbered per courier INV-000123 through
 * lib/counters.ts (kind 'invoice'). `pricing_snapshot` keeps the parcel as priced, and
 * `pricing_snapshot_id` the settings it was priced with (invoices issued before migration 0028,
 * and supplementary ones, keep the settings inline as `pricing_snapshot.settings`).
 * Voiding keeps the row (status void, reason, who, when) and links the replacement both ways.
 */
export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'restrict' }),
  /** The branch the customer collects at (the package's, else the customer's), for the branch filter. */
  branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  invoiceNo: text('invoice_no').notNull(),
  status: text('status', { enum: INVOICE_STATUSES }).notNull().default('unpaid'),
  currency: text('currency', { enum: CURRENCIES }).notNull().default('JMD'),
  /** total − GCT. */
  subtotalCents: integer('subtotal_cents').notNull(),
  gctCents: integer('gct_cents').notNull().default(0),
  /** The sum of the lines. */
  totalCents: integer('total_cents').notNull(),
  /** The sum of the live allocations (kept by the payments code in the payment's transaction). */
  paidCents: integer('paid_cents').notNull().default(0),
  balanceCents: integer('balance_cents').notNull().generatedAlwaysAs(sql`"total_cents" - "paid_cents"`),
  pricingSnapshot: jsonb('pricing_snapshot').$type<Record<string, unknown>>().notNull(),
  pricingSnapshotId: uuid('pricing_snapshot_id').references((): AnyPgColumn => pricingSnapshots.id),
  issuedAt: at('issued_at').notNull().defaultNow(),
  /** Null when the system issued it (manifest arrival, reconciliation). */
  issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
  dueAt: at('due_at'),
  replacesInvoiceId: uuid('replaces_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
  replacedByInvoiceId: uuid('replaced_by_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
  voidReason: text('void_reason'),
  voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
  voidedAt: at('voided_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  // Migration 0033: what the lines, billed packages and history of an invoice refer to (invoice and courier together).
  unique('invoices_id_courier_key').on(t.id, t.courierId),
  uniqueIndex('invoices_courier_no_key').on(t.courierId, t.invoiceNo),
  index('invoices_courier_issued_idx').on(t.courierId, t.issuedAt, t.id),
  index('invoices_courier_status_idx').on(t.courierId, t.status, t.issuedAt, t.id),
  index('invoices_courier_branch_idx').on(t.courierId, t.branchId, t.issuedAt, t.id),
  index('invoices_customer_issued_idx').on(t.customerId, t.issuedAt, t.id),
  index('invoices_issued_idx').on(t.issuedAt, t.id),
  index('invoices_search_idx').using('gin', sql`${t.invoiceNo} gin_trgm_ops`),
  index('invoices_customer_open_idx').on(t.customerId).where(sql`${t.status} in ('unpaid', 'partially_paid')`),
  // Migration 0026, outstanding by age (docs/decisions/020); the migration adds INCLUDE (total_cents, paid_cents, balance_cents, branch_id, customer_id).
  index('invoices_courier_open_issued_idx').on(t.courierId, t.issuedAt).where(sql`${t.status} in ('unpaid', 'partially_paid')`),
  check('invoices_status_check', sql`${t.status} in ('unpaid', 'partially_paid', 'paid', 'void')`),
  check('invoices_amounts_check', sql`${t.subtotalCents} + ${t.gctCents} = ${t.totalCents} and ${t.totalCents} >= 0 and ${t.gctCents} >= 0`),
  check('invoices_paid_check', sql`${t.paidCents} >= 0 and ${t.paidCents} <= ${t.totalCents}`),
  check('invoices_status_amounts_check', sql`(${t.status} = 'unpaid' and ${t.paidCents} = 0)
    or (${t.status} = 'partially_paid' and ${t.paidCents} > 0 and ${t.paidCents} < ${t.totalCents})
    or (${t.status} = 'paid' and ${t.paidCents} = ${t.totalCents})
    or (${t.status} = 'void' and ${t.paidCents} = 0 and ${t.voidReason} is not null)`),
]);

/**
 * The packages an invoice bills. `live` turns false when the invoice is voided; the partial unique
 * index keeps one live invoice per package. `supplementary` marks a later invoice for charges
 * after payment (storage, duty), which links the package without taking its invoice's place.
 */
export const invoicePackages = pgTable('invoice_packages', {
  invoiceId: uuid('invoice_id').notNull(),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'restrict' }),
  courierId: uuid('courier_id').notNull(),
  live: boolean('live').notNull().default(true),
  supplementary: boolean('supplementary').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'invoice_packages_pk', columns: [t.invoiceId, t.packageId] }),
  foreignKey({ name: 'invoice_packages_invoice_courier_fk', columns: [t.invoiceId, t.courierId], foreignColumns: [invoices.id, invoices.courierId] }).onDelete('cascade'),
  uniqueIndex('invoice_packages_live_package_key').on(t.packageId).where(sql`${t.live} and not ${t.supplementary}`),
  index('invoice_packages_package_idx').on(t.packageId),
]);

/**
 * What an invoice charges, each line saying what it is ("Freight AIR 7 lb"). Lines priced at issue
 * have `added_after_issue` false; a line added later (assessed duty, storage) names who added it
 * and has an invoice event of kind line_added. A discount is a negative line.
 */
export const invoiceLines = pgTable('invoice_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull(),
  invoiceId: uuid('invoice_id').notNull(),
  position: integer('position').notNull(),
  /** The pricing function's code (freight, processing, gct …) or the code of a line added later. */
  code: text('code').notNull(),
  description: text('description').notNull(),
  amountCents: integer('amount_cents').notNull(),
  packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
  addedAfterIssue: boolean('added_after_issue').notNull().default(false),
  /** Who added a line after issue; null on the lines priced at issue (the invoice's issued_by issued them). */
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  addedAt: at('added_at').notNull().defaultNow(),
}, (t) => [
  index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
  foreignKey({ name: 'invoice_lines_invoice_courier_fk', columns: [t.invoiceId, t.courierId], foreignColumns: [invoices.id, invoices.courierId] }).onDelete('cascade'),
  // Migration 0016, revenue by charge type (docs/decisions/020); the migration adds INCLUDE (invoice_id, code, amount_cents).
  index('invoice_lines_courier_added_idx').on(t.courierId, t.addedAt),
]);

/** The invoice's history, written in the transaction of each change. */
export const invoiceEvents = pgTable('invoice_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull(),
  invoiceId: uuid('invoice_id').notNull(),
  kind: text('kind', { enum: INVOICE_EVENT_KINDS }).notNull(),
  note: text('note'),
  amountCents: integer('amount_cents'),
  actorType: text('actor_type', { enum: actorTypes }).notNull(),
  actorId: uuid('actor_id'),
  visibleToCustomer: boolean('visible_to_customer').notNull().default(true),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  index('invoice_events_invoice_idx').on(t.invoiceId, t.createdAt),
  foreignKey({ name: 'invoice_events_invoice_courier_fk', columns: [t.invoiceId, t.courierId], foreignColumns: [invoices.id, invoices.courierId] }).onDelete('cascade'),
]);

/**
 * Money received (the payments issue builds on it): numbered per courier RCT-000045 (counter kind
 * 'payment'); settles one or several invoices of one customer through payment_allocations.
 */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'restrict' }),
  branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  paymentNo: text('payment_no').notNull(),
  method: text('method', { enum: PAYMENT_METHODS }).notNull(),
  /** Card terminal or bank transfer reference. */
  reference: text('reference'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull().default('JMD'),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('recorded'),
  note: text('note'),
  /** The request's Idempotency-Key, a backstop beside idempotency_keys: one payment per key and courier. */
  idempotencyKey: text('idempotency_key'),
  recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  recordedAt: at('recorded_at').notNull().defaultNow(),
  voidReason: text('void_reason'),
  voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
  voidedAt: at('voided_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payments_courier_no_key').on(t.courierId, t.paymentNo),
  uniqueIndex('payments_courier_idempotency_key').on(t.courierId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  index('payments_courier_recorded_idx').on(t.courierId, t.recordedAt, t.id),
  index('payments_courier_status_idx').on(t.courierId, t.status, t.recordedAt, t.id),
  index('payments_courier_method_idx').on(t.courierId, t.method, t.recordedAt, t.id),
  index('payments_courier_branch_idx').on(t.courierId, t.branchId, t.recordedAt, t.id),
  index('payments_customer_recorded_idx').on(t.customerId, t.recordedAt, t.id),
  // Migration 0012: the payments list's staff-member filter.
  index('payments_courier_recorded_by_idx').on(t.courierId, t.recordedBy, t.recordedAt, t.id),
  index('payments_recorded_idx').on(t.recordedAt, t.id),
  index('payments_search_idx').using('gin', sql`(${t.paymentNo} || ' ' || coalesce(${t.reference}, '')) gin_trgm_ops`),
  check('payments_method_check', sql`${t.method} in ('cash', 'card', 'bank_transfer')`),
  check('payments_status_check', sql`${t.status} in ('recorded', 'void')`),
  check('payments_amount_positive', sql`${t.amountCents} > 0`),
  check('payments_void_reason_check', sql`${t.status} <> 'void' or ${t.voidReason} is not null`),
]);

/** How much of a payment went to which invoice. */
export const paymentAllocations = pgTable('payment_allocations', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  paymentId: uuid('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
  invoiceId: uuid('invoice_id').notNull().references(() => invoices.id, { onDelete: 'restrict' }),
  amountCents: integer('amount_cents').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payment_allocations_payment_invoice_key').on(t.paymentId, t.invoiceId),
  index('payment_allocations_invoice_idx').on(t.invoiceId),
  check('payment_allocations_amount_positive', sql`${t.amountCents} > 0`),
]);

export const paymentEvents = pgTable('payment_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  paymentId: uuid('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: PAYMENT_EVENT_KINDS }).notNull(),
  note: text('note'),
  actorType: text('actor_type', { enum: actorTypes }).notNull(),
  actorId: uuid('actor_id'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [index('payment_events_payment_idx').on(t.paymentId, t.createdAt)]);

/** A customer's bank-transfer proof for an invoice; verifying it records a payment (`payment_id`). */
export const paymentProofs = pgTable('payment_proofs', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  invoiceId: uuid('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  storedFileId: uuid('stored_file_id').notNull().references(() => storedFiles.id, { onDelete: 'restrict' }),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference'),
  note: text('note'),
  status: text('status', { enum: PAYMENT_PROOF_STATUSES }).notNull().default('pending'),
  /** The rejection reason the customer reads. */
  reason: text('reason'),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: at('reviewed_at'),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  index('payment_proofs_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  index('payment_proofs_courier_status_idx').on(t.courierId, t.status, t.createdAt, t.id),
  index('payment_proofs_customer_created_idx').on(t.customerId, t.createdAt, t.id),
  index('payment_proofs_invoice_idx').on(t.invoiceId),
  check('payment_proofs_status_check', sql`${t.status} in ('pending', 'verified', 'rejected')`),
  check('payment_proofs_amount_positive', sql`${t.amountCents} > 0`),
  check('payment_proofs_rejected_reason', sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
  check('payment_proofs_verified_payment', sql`${t.status} <> 'verified' or ${t.paymentId} is not null`),
]);
