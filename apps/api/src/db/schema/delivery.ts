import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES, DELIVERY_WINDOWS } from '@parceldesk/shared/domain/delivery';
import { invoices, payments } from './billing';
import { packages } from './packages';
import { storedFiles } from './settings';
import { couriers, customers, users } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Issue 14 (migration 0015): the areas a courier delivers to, with the fee a request there costs. */
export const deliveryLocations = pgTable('delivery_locations', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  parish: text('parish').notNull(),
  feeCents: integer('fee_cents').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  notes: text('notes'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('delivery_locations_courier_name_key').on(t.courierId, sql`lower(${t.name})`),
  check('delivery_locations_fee_check', sql`${t.feeCents} >= 0`),
]);

/**
 * A customer's request to have ready parcels delivered (DR-000012, counter kind 'delivery_request').
 * The fee is the location's at request time; the schedule, the driver and the stop order are
 * staff's; the proof (signature file, recipient) and the cash-on-delivery payment close it.
 */
export const deliveryRequests = pgTable('delivery_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  requestNo: text('request_no').notNull(),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'restrict' }),
  locationId: uuid('location_id').notNull().references(() => deliveryLocations.id, { onDelete: 'restrict' }),
  status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('requested'),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  preferredDate: date('preferred_date', { mode: 'string' }).notNull(),
  notes: text('notes'),
  feeCents: integer('fee_cents').notNull(),
  feeInvoiceId: uuid('fee_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  scheduledDate: date('scheduled_date', { mode: 'string' }),
  timeWindow: text('time_window', { enum: DELIVERY_WINDOWS }),
  driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
  stopOrder: integer('stop_order'),
  recipientName: text('recipient_name'),
  signatureFileId: uuid('signature_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
  photoFileId: uuid('photo_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  collectedCents: integer('collected_cents').notNull().default(0),
  failureReason: text('failure_reason'),
  rejectionReason: text('rejection_reason'),
  deliveredAt: at('delivered_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('delivery_requests_courier_no_key').on(t.courierId, t.requestNo),
  index('delivery_requests_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  index('delivery_requests_customer_idx').on(t.customerId, t.createdAt),
  index('delivery_requests_run_idx').on(t.courierId, t.scheduledDate, t.driverId),
  check('delivery_requests_status_check', sql`${t.status} in ('requested', 'scheduled', 'out_for_delivery', 'delivered', 'failed', 'cancelled', 'rejected')`),
  check('delivery_requests_fee_check', sql`${t.feeCents} >= 0 and ${t.collectedCents} >= 0`),
  check('delivery_requests_scheduled_check', sql`${t.status} in ('requested', 'cancelled', 'rejected') or (${t.scheduledDate} is not null and ${t.timeWindow} is not null)`),
  check('delivery_requests_window_check', sql`${t.timeWindow} is null or ${t.timeWindow} in ('morning', 'afternoon', 'evening')`),
  check('delivery_requests_delivered_check', sql`${t.status} <> 'delivered' or (${t.recipientName} is not null and ${t.deliveredAt} is not null)`),
]);

/** The parcels of a request. `live` while the request is open: a parcel is on one open request at a time (unique). */
export const deliveryRequestPackages = pgTable('delivery_request_packages', {
  requestId: uuid('request_id').notNull().references(() => deliveryRequests.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'restrict' }),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  live: boolean('live').notNull().default(true),
}, (t) => [
  primaryKey({ name: 'delivery_request_packages_pk', columns: [t.requestId, t.packageId] }),
  uniqueIndex('delivery_request_packages_live_key').on(t.packageId).where(sql`${t.live}`),
]);

/** One row per status change (and per reschedule or driver change), written with the change. */
export const deliveryRequestEvents = pgTable('delivery_request_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  requestId: uuid('request_id').notNull().references(() => deliveryRequests.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status', { enum: DELIVERY_STATUSES }),
  toStatus: text('to_status', { enum: DELIVERY_STATUSES }).notNull(),
  note: text('note'),
  actorType: text('actor_type', { enum: ['user', 'customer', 'system'] }).notNull(),
  actorId: uuid('actor_id'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull().default(sql`clock_timestamp()`),
}, (t) => [index('delivery_request_events_request_idx').on(t.requestId, t.createdAt)]);
