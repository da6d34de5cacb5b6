import { boolean, date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { couriers } from './tenancy';

/** A customs category as stored: duty and GCT percent (telecom equipment pays 25 % GCT). */
export interface StoredCustomsCategory {
  code: string;
  name: string;
  dutyPercent: number;
  gctPercent: number;
}

/** Issue 13: exchange rate, SEA rate, storage rules and customs settings; money in integer cents (migration 0010). */
export const courierPricingSettings = pgTable('courier_pricing_settings', {
  courierId: uuid('courier_id').primaryKey().references(() => couriers.id, { onDelete: 'cascade' }),
  exchangeRateJmdCents: integer('exchange_rate_jmd_cents'),
  exchangeRateSetOn: date('exchange_rate_set_on', { mode: 'string' }),
  seaRatePerCubicFootCents: integer('sea_rate_per_cubic_foot_cents'),
  seaMinimumCents: integer('sea_minimum_cents').notNull().default(0),
  storageThresholdDays: integer('storage_threshold_days').notNull().default(15),
  storageReminderDays: integer('storage_reminder_days').array().notNull().default([7, 14]),
  storageFeeMode: text('storage_fee_mode', { enum: ['once', 'per_day'] }).notNull().default('once'),
  storageFeeCapCents: integer('storage_fee_cap_cents'),
  abandonmentDays: integer('abandonment_days').notNull().default(60),
  customsDeMinimisUsdCents: integer('customs_de_minimis_usd_cents').notNull().default(10000),
  customsScfPercent: numeric('customs_scf_percent', { precision: 7, scale: 4, mode: 'number' }).notNull().default(0.3),
  customsEnvlPercent: numeric('customs_envl_percent', { precision: 7, scale: 4, mode: 'number' }).notNull().default(0.5),
  customsStampDutyCents: integer('customs_stamp_duty_cents').notNull().default(10000),
  customsStampDutyThresholdCents: integer('customs_stamp_duty_threshold_cents').notNull().default(550000),
  customsGctPercent: numeric('customs_gct_percent', { precision: 7, scale: 4, mode: 'number' }).notNull().default(15),
  customsInsuranceAirPercent: numeric('customs_insurance_air_percent', { precision: 7, scale: 4, mode: 'number' }).notNull().default(1),
  customsInsuranceSeaPercent: numeric('customs_insurance_sea_percent', { precision: 7, scale: 4, mode: 'number' }).notNull().default(1.5),
  customsCategories: jsonb('customs_categories').$type<StoredCustomsCategory[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Issue 13: a membership type's freight discount and processing-fee waiver, per courier. */
export const membershipRates = pgTable('membership_rates', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  membershipType: text('membership_type', { enum: ['standard', 'student', 'bpo_employee', 'civil_servant'] }).notNull(),
  freightDiscountPercent: numeric('freight_discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  waiveProcessingFee: boolean('waive_processing_fee').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.courierId, t.membershipType] })]);
