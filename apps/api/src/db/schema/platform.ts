import { integer, jsonb, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** A membership type's default rates, as stored in platform_settings.membership_rates. */
export interface StoredMembershipDefault {
  membershipType: 'standard' | 'student' | 'bpo_employee' | 'civil_servant';
  freightDiscountPercent: number;
  waiveProcessingFee: boolean;
}

/** Issue 14, /superadmin/settings: what a new courier starts with; one row (id 1), migration 0019, decision 023. */
export const platformSettings = pgTable('platform_settings', {
  id: smallint('id').primaryKey().default(1),
  gct: numeric('gct', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  unknownFee: numeric('unknown_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  uncollectedFee: numeric('uncollected_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  switchingFee: numeric('switching_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  volumetricDivisor: integer('volumetric_divisor').notNull(),
  storageThresholdDays: integer('storage_threshold_days').notNull(),
  storageReminderDays: integer('storage_reminder_days').array().notNull(),
  storageFeeMode: text('storage_fee_mode', { enum: ['once', 'per_day'] }).notNull(),
  storageFeeCapCents: integer('storage_fee_cap_cents'),
  abandonmentDays: integer('abandonment_days').notNull(),
  ticketDepartments: text('ticket_departments').array().notNull(),
  membershipRates: jsonb('membership_rates').$type<StoredMembershipDefault[]>().notNull(),
  senderName: text('sender_name'),
  senderEmail: text('sender_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
