import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CARRIERS, PACKAGE_STATUSES } from '@parceldesk/shared/domain/packages';
import { CLAIM_STATUSES, PRE_ALERT_STATUSES, SERVICES } from '@parceldesk/shared/schemas/packages';
import { storedFiles } from './settings';
import { branches, couriers, customers, users } from './tenancy';

/**
 * Every per-courier sequence (tickets, packages, later manifests and invoices): one row per
 * courier and kind, bumped by lib/counters.ts nextNumber() under the row's lock.
 */
export const courierCounters = pgTable('courier_counters', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  lastNo: bigint('last_no', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ name: 'courier_counters_pk', columns: [t.courierId, t.kind] })]);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const pounds = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });
const inches = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

/** What a package search matches besides the customer (package_search holds it for each parcel). */
export function packageSearchText(t: { packageNo: AnyPgColumn; trackingNumber: AnyPgColumn; externalControlNumber: AnyPgColumn; externalPackageId: AnyPgColumn }) {
  // Issue 17: the packing system's house number (ControlNumber) and PackageID find the parcel too.
  return sql`(${t.packageNo} || ' ' || ${t.trackingNumber} || ' ' || coalesce(${t.externalControlNumber}, '') || ' ' || coalesce(${t.externalPackageId}, ''))`;
}

/**
 * A parcel a courier received (issue 11). `tracking_number` is canonical (canonicalTracking of
 * packages/shared), unique per courier. Money in cents. `invoice_id` is set by the invoicing
 * issue; while it is null the weights may be corrected.
 */
export const packages = pgTable('packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  packageNo: text('package_no').notNull(),
  trackingNumber: text('tracking_number').notNull(),
  carrier: text('carrier', { enum: CARRIERS }).notNull(),
  status: text('status', { enum: PACKAGE_STATUSES }).notNull(),
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
  branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  preAlertId: uuid('pre_alert_id').references((): AnyPgColumn => preAlerts.id, { onDelete: 'set null' }),
  service: text('service', { enum: SERVICES }).notNull().default('air'),
  shipper: text('shipper'),
  description: text('description'),
  declaredValueCents: integer('declared_value_cents'),
  pieces: integer('pieces').notNull().default(1),
  weight: pounds('weight').notNull(),
  length: inches('length'),
  width: inches('width'),
  height: inches('height'),
  volumetricWeight: numeric('volumetric_weight', { precision: 10, scale: 2, mode: 'number' }),
  volumetricDivisor: integer('volumetric_divisor').notNull(),
  chargeableWeight: integer('chargeable_weight').notNull(),
  location: text('location'),
  notes: text('notes'),
  labelName: text('label_name'),
  labelMailbox: text('label_mailbox'),
  unknownFeeCents: integer('unknown_fee_cents'),
  invoiceId: uuid('invoice_id'),
  receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When it became ready for pickup; null at any other status. Kept by a row trigger on every
   * status change, whichever module makes it (migration 0027, docs/decisions/022-dashboards.md).
   */
  readySince: timestamp('ready_since', { withTimezone: true }),
  /** Issue 17: the packing system's PackageID and house number (ControlNumber) of a parcel it pushed. */
  externalPackageId: text('external_package_id'),
  externalControlNumber: text('external_control_number'),
  ...timestamps,
}, (t) => [
  uniqueIndex('packages_courier_external_key').on(t.courierId, t.externalPackageId).where(sql`${t.externalPackageId} is not null`),
  uniqueIndex('packages_courier_tracking_key').on(t.courierId, t.trackingNumber),
  uniqueIndex('packages_courier_no_key').on(t.courierId, t.packageNo),
  index('packages_courier_received_idx').on(t.courierId, t.receivedAt, t.id),
  index('packages_courier_status_idx').on(t.courierId, t.status, t.receivedAt, t.id),
  index('packages_courier_branch_idx').on(t.courierId, t.branchId, t.receivedAt, t.id),
  index('packages_courier_service_idx').on(t.courierId, t.service, t.receivedAt, t.id),
  index('packages_courier_carrier_idx').on(t.courierId, t.carrier, t.receivedAt, t.id),
  index('packages_customer_received_idx').on(t.customerId, t.receivedAt, t.id),
  index('packages_received_idx').on(t.receivedAt, t.id),
  index('packages_tracking_idx').on(t.trackingNumber),
  // Migration 0027 adds INCLUDE (id, customer_id, branch_id): the uncollected list, sweep, dashboard and report.
  index('packages_courier_ready_since_idx').on(t.courierId, t.readySince).where(sql`${t.status} = 'ready_for_pickup'`),
  index('packages_pre_alert_idx').on(t.preAlertId).where(sql`${t.preAlertId} is not null`),
  check('packages_weight_positive', sql`${t.weight} > 0`),
  check('packages_pieces_positive', sql`${t.pieces} > 0`),
]);

/**
 * Each parcel's packageSearchText, with the trigram index the courier-wide package search asks
 * (migration 0035). Kept apart from packages because every status move (an arrival moves 5,000
 * parcels at once) writes a new version of its parcels' rows and so a new entry in every index of
 * packages, where the trigram one cost as much as the other fourteen together; the numbers it
 * holds change rarely. Written by triggers on packages only (the insert's and the numbers'
 * changes), never by the application.
 */
export const packageSearch = pgTable('package_search', {
  packageId: uuid('package_id').primaryKey().references(() => packages.id, { onDelete: 'cascade' }),
  courierId: uuid('courier_id').notNull(),
  text: text('text').notNull(),
}, (t) => [
  // Without GIN's pending list (migrations 0031, 0035): searches never read an unsorted tail of new parcels.
  index('package_search_text_idx').using('gin', sql`${t.text} gin_trgm_ops`).with({ fastupdate: false }),
]);

/** The history: every change of a package is one row, written in the change's transaction. */
export const packageEvents = pgTable('package_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
  /** received, status, edit, assigned, claimed */
  kind: text('kind').notNull(),
  /** The package's status after the event. */
  status: text('status', { enum: PACKAGE_STATUSES }).notNull(),
  note: text('note'),
  location: text('location'),
  actorType: text('actor_type', { enum: ['user', 'customer', 'system', 'api_key'] }).notNull(),
  actorId: uuid('actor_id'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('package_events_package_idx').on(t.packageId, t.createdAt),
  // Migration 0016, the reports (docs/decisions/020): a courier's history rows at a status over a range;
  // the migration adds INCLUDE (package_id), which drizzle's index builder cannot say.
  index('package_events_courier_status_created_idx').on(t.courierId, t.status, t.createdAt),
  // Issue 14: a courier's newest history rows (the dashboard's recent activity), migration 0018.
  index('package_events_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  // Migration 0027: the super admin's network activity (newest first, no courier).
  index('package_events_created_idx').on(t.createdAt, t.id),
]);

export const preAlerts = pgTable('pre_alerts', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  trackingNumber: text('tracking_number').notNull(),
  carrier: text('carrier', { enum: CARRIERS }).notNull(),
  store: text('store').notNull(),
  description: text('description').notNull(),
  declaredValueCents: integer('declared_value_cents').notNull(),
  service: text('service', { enum: SERVICES }).notNull().default('air'),
  status: text('status', { enum: PRE_ALERT_STATUSES }).notNull().default('pending'),
  packageId: uuid('package_id').references((): AnyPgColumn => packages.id, { onDelete: 'set null' }),
  ...timestamps,
}, (t) => [
  index('pre_alerts_courier_tracking_idx').on(t.courierId, t.trackingNumber).where(sql`${t.status} = 'pending'`),
  uniqueIndex('pre_alerts_customer_tracking_key').on(t.customerId, t.trackingNumber).where(sql`${t.status} <> 'cancelled'`),
  index('pre_alerts_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  index('pre_alerts_customer_created_idx').on(t.customerId, t.createdAt, t.id),
]);

export const packageClaims = pgTable('package_claims', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
  trackingNumber: text('tracking_number').notNull(),
  note: text('note'),
  status: text('status', { enum: CLAIM_STATUSES }).notNull().default('pending'),
  decisionReason: text('decision_reason'),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  ...timestamps,
}, (t) => [
  index('package_claims_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  index('package_claims_customer_created_idx').on(t.customerId, t.createdAt, t.id),
  uniqueIndex('package_claims_pending_key').on(t.packageId, t.customerId).where(sql`${t.status} = 'pending'`),
]);

/** Photos, supplier invoices and claim proofs: the bytes are stored_files rows; this says whose. */
export const packageFiles = pgTable('package_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['photo', 'invoice', 'claim_proof'] }).notNull(),
  storedFileId: uuid('stored_file_id').notNull().references(() => storedFiles.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').references(() => packages.id, { onDelete: 'cascade' }),
  preAlertId: uuid('pre_alert_id').references(() => preAlerts.id, { onDelete: 'cascade' }),
  claimId: uuid('claim_id').references(() => packageClaims.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('package_files_package_idx').on(t.packageId).where(sql`${t.packageId} is not null`),
  index('package_files_pre_alert_idx').on(t.preAlertId).where(sql`${t.preAlertId} is not null`),
  index('package_files_claim_idx').on(t.claimId).where(sql`${t.claimId} is not null`),
  check('package_files_one_owner', sql`num_nonnulls(${t.packageId}, ${t.preAlertId}, ${t.claimId}) >= 1`),
]);

/** A write's answer kept per caller and Idempotency-Key, so a retried scan is applied once. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  principalId: uuid('principal_id').notNull(),
  key: text('key').notNull(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  route: text('route').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code').notNull(),
  outcome: text('outcome').notNull(),
  resourceId: uuid('resource_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.principalId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)]);
