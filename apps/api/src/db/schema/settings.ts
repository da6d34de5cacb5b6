import { customType, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { couriers } from './tenancy';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Files users upload (logos, rate sheets), kept in PostgreSQL so every instance serves them. */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['logo', 'rate_sheet', 'package_document', 'package_photo', 'payment_proof', 'pickup_signature', 'pickup_letter', 'delivery_signature', 'delivery_photo'] }).notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('stored_files_courier_idx').on(t.courierId, t.kind)]);

/** Settings tab 1: freight by weight. `weight` is the text as typed; `weight_lbs` its normalised pounds. */
export const shippingRates = pgTable('shipping_rates', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  weight: text('weight').notNull(),
  weightLbs: numeric('weight_lbs', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  cost: numeric('cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('shipping_rates_courier_weight_key').on(t.courierId, t.weightLbs)]);

/** Settings tab 3: a fee per weight range ('1lb to 10lbs'), with numeric bounds for overlap checks. */
export const processingFees = pgTable('processing_fees', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  weightRange: text('weight_range').notNull(),
  minLbs: numeric('min_lbs', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  maxLbs: numeric('max_lbs', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  fee: numeric('fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('processing_fees_courier_idx').on(t.courierId, t.minLbs)]);

/** Settings tab 2: GCT and the named fees, one row per courier (defaults from shared/domain.md). */
export const courierFeeSettings = pgTable('courier_fee_settings', {
  courierId: uuid('courier_id').primaryKey().references(() => couriers.id, { onDelete: 'cascade' }),
  gct: numeric('gct', { precision: 5, scale: 2, mode: 'number' }).notNull().default(15),
  unknownFee: numeric('unknown_fee', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  uncollectedFee: numeric('uncollected_fee', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  switchingFee: numeric('switching_fee', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Settings tab 5: the courier's own SMTP server. The password is AES-256-GCM ciphertext. */
export const courierEmailConfigs = pgTable('courier_email_configs', {
  courierId: uuid('courier_id').primaryKey().references(() => couriers.id, { onDelete: 'cascade' }),
  smtpHost: text('smtp_host').notNull(),
  smtpPort: integer('smtp_port').notNull(),
  smtpUser: text('smtp_user').notNull(),
  smtpPasswordEncrypted: text('smtp_password_encrypted').notNull(),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name').notNull(),
  status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

