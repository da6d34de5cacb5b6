import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { couriers } from './tenancy';

/** Every email is written here in the same transaction as the change that caused it. */
export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Issue 14: the batch recipient this email is (unique: one email per recipient; migration 0017's trigger copies its status back). */
  batchRecipientId: uuid('batch_recipient_id'),
}, (t) => [
  index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  uniqueIndex('email_outbox_batch_recipient_key').on(t.batchRecipientId).where(sql`${t.batchRecipientId} is not null`),
]);
