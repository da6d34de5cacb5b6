import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid, boolean } from 'drizzle-orm/pg-core';
import { WEBHOOK_EVENT_TYPES } from '@parceldesk/shared/schemas/webhooks';
import { couriers } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A courier's webhook subscription (issue 17). `secret` is the signing secret, encrypted with the
 * secret box (security/encryption.ts, associated data `webhook:<id>`); it is shown once, at creation.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  description: text('description'),
  events: text('events', { enum: WEBHOOK_EVENT_TYPES }).array().notNull(),
  secret: text('secret').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('webhook_endpoints_courier_idx').on(t.courierId)]);

/** Written by the history tables' triggers (migration 0021) in the transaction of the change. */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  type: text('type', { enum: WEBHOOK_EVENT_TYPES }).notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  endpointId: uuid('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  eventId: uuid('event_id').notNull().references(() => webhookEvents.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
  generation: integer('generation').notNull().default(1),
  enqueuedGeneration: integer('enqueued_generation').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  lastStatusCode: integer('last_status_code'),
  lastDurationMs: integer('last_duration_ms'),
  lastError: text('last_error'),
  lastAttemptAt: at('last_attempt_at'),
  deliveredAt: at('delivered_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [unique('webhook_deliveries_once').on(t.endpointId, t.eventId), index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)]);
