import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { couriers, customers, users } from './tenancy';

/** Issue 14, batch emails (migration 0017, docs/decisions/021-batch-emails.md). */
export const emailBatches = pgTable('email_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  batchNo: text('batch_no').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  audience: jsonb('audience').notNull(),
  audienceLabel: text('audience_label').notNull(),
  /** queued: recipients chosen, outbox rows not all written yet; sending: every recipient has its outbox row. */
  status: text('status', { enum: ['queued', 'sending'] }).notNull().default('queued'),
  recipientCount: integer('recipient_count').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  queuedAt: timestamp('queued_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('email_batches_courier_no_key').on(t.courierId, t.batchNo),
  index('email_batches_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  index('email_batches_pending_idx').on(t.createdAt).where(sql`${t.status} = 'queued'`),
  check('email_batches_status_check', sql`${t.status} in ('queued', 'sending')`),
]);

export const BATCH_RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;

/** One row per customer a batch goes to: the unique (batch, customer) key is the "never twice" rule. */
export const emailBatchRecipients = pgTable('email_batch_recipients', {
  id: uuid('id').primaryKey().defaultRandom(),
  batchId: uuid('batch_id').notNull().references(() => emailBatches.id, { onDelete: 'cascade' }),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  status: text('status', { enum: BATCH_RECIPIENT_STATUSES }).notNull().default('queued'),
  /** Set in the transaction that writes the recipient's outbox row. */
  outboxId: uuid('outbox_id'),
  error: text('error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('email_batch_recipients_batch_customer_key').on(t.batchId, t.customerId),
  index('email_batch_recipients_batch_status_idx').on(t.batchId, t.status),
  index('email_batch_recipients_unqueued_idx').on(t.batchId).where(sql`${t.outboxId} is null and ${t.status} = 'queued'`),
  check('email_batch_recipients_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'skipped')`),
]);
