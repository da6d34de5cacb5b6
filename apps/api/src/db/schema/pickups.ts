import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COLLECTOR_KINDS, ID_TYPES } from '@parceldesk/shared/schemas/pickups';
import { invoices } from './billing';
import { packages } from './packages';
import { storedFiles } from './settings';
import { branches, couriers, customers, users } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Issue 13, the pickup counter (migration 0013): one row per release at the counter, numbered
 * per courier PU-000012 (lib/counters.ts kind 'pickup'). Who collected (the customer, or an
 * authorised person with photo ID and the customer's letter), the signature (a PNG stored file),
 * who released, and, when parcels left unpaid, the courier admin's override with its reason.
 */
export const pickups = pgTable('pickups', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  pickupNo: text('pickup_no').notNull(),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'restrict' }),
  branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  collectorKind: text('collector_kind', { enum: COLLECTOR_KINDS }).notNull(),
  collectorName: text('collector_name').notNull(),
  collectorIdType: text('collector_id_type', { enum: ID_TYPES }),
  collectorIdNumber: text('collector_id_number'),
  collectorRelationship: text('collector_relationship'),
  authorisationLetterFileId: uuid('authorisation_letter_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
  signatureFileId: uuid('signature_file_id').notNull().references(() => storedFiles.id, { onDelete: 'restrict' }),
  releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
  releasedAt: at('released_at').notNull().defaultNow(),
  isOverride: boolean('is_override').notNull().default(false),
  overrideReason: text('override_reason'),
  overrideBy: uuid('override_by').references(() => users.id, { onDelete: 'set null' }),
  receiptEmailedTo: text('receipt_emailed_to'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('pickups_courier_no_key').on(t.courierId, t.pickupNo),
  uniqueIndex('pickups_letter_key').on(t.authorisationLetterFileId).where(sql`${t.authorisationLetterFileId} is not null`),
  index('pickups_courier_released_idx').on(t.courierId, t.releasedAt, t.id),
  index('pickups_customer_released_idx').on(t.customerId, t.releasedAt, t.id),
  check('pickups_collector_kind_check', sql`${t.collectorKind} in ('customer', 'authorised')`),
  check('pickups_id_type_check', sql`${t.collectorIdType} is null or ${t.collectorIdType} in ('drivers_licence', 'passport', 'national_id')`),
  check('pickups_authorised_check', sql`${t.collectorKind} = 'customer' or (${t.collectorIdType} is not null and ${t.collectorIdNumber} is not null
    and ${t.collectorRelationship} is not null and ${t.authorisationLetterFileId} is not null)`),
  check('pickups_override_check', sql`not ${t.isOverride} or (${t.overrideReason} is not null and ${t.overrideBy} is not null)`),
]);

/** The parcels released: `package_id` is unique, so a parcel is collected once, whatever races. */
export const pickupPackages = pgTable('pickup_packages', {
  pickupId: uuid('pickup_id').notNull().references(() => pickups.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'restrict' }),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ name: 'pickup_packages_pk', columns: [t.pickupId, t.packageId] }),
  uniqueIndex('pickup_packages_package_key').on(t.packageId),
]);

/** The invoices of the released parcels, with what was still owed on each at release (> 0 only under an override). */
export const pickupInvoices = pgTable('pickup_invoices', {
  pickupId: uuid('pickup_id').notNull().references(() => pickups.id, { onDelete: 'cascade' }),
  invoiceId: uuid('invoice_id').notNull().references(() => invoices.id, { onDelete: 'restrict' }),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  balanceCentsAtRelease: integer('balance_cents_at_release').notNull(),
}, (t) => [
  primaryKey({ name: 'pickup_invoices_pk', columns: [t.pickupId, t.invoiceId] }),
  index('pickup_invoices_invoice_idx').on(t.invoiceId),
]);
