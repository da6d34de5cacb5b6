import { index, jsonb, pgTable, text, timestamp, uuid, integer, primaryKey } from 'drizzle-orm/pg-core';
import { couriers } from './tenancy';

/** 'user' rows live in users, 'customer' rows in customers. */
export const principalTypes = ['user', 'customer'] as const;

/** A signed JWT is only honoured while its session row is live: logout and password change revoke it. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  principalType: text('principal_type', { enum: principalTypes }).notNull(),
  principalId: uuid('principal_id').notNull(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  impersonatorId: uuid('impersonator_id'),
  /** For an impersonation session: the issuer's session; when it ends, this one opens nothing (issue 15 #9). */
  impersonatorSessionId: uuid('impersonator_session_id'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('sessions_principal_idx').on(t.principalType, t.principalId)]);

/**
 * Every single-use link of an account (issue 15): 'password' sets a password (reset or
 * invitation), 'email' confirms `newEmail`. Stored as SHA-256 hashes; the raw token exists only
 * in the email. A link ends when used or revoked (another link used, password or email changed).
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  principalType: text('principal_type', { enum: principalTypes }).notNull(),
  principalId: uuid('principal_id').notNull(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['password', 'email'] }).notNull().default('password'),
  newEmail: text('new_email'),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per issued impersonation token (its jti), so a token works once. */
export const impersonationGrants = pgTable('impersonation_grants', {
  id: uuid('id').primaryKey().defaultRandom(),
  issuedBy: uuid('issued_by').notNull(),
  /** The session that asked for the grant: the grant is void once it ends (issue 15 #9). */
  issuerSessionId: uuid('issuer_session_id'),
  targetType: text('target_type', { enum: principalTypes }).notNull(),
  targetId: uuid('target_id').notNull(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLogs = pgTable('audit_logs', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  actorType: text('actor_type', { enum: ['user', 'customer', 'system', 'api_key'] }).notNull(),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: uuid('target_id'),
  ip: text('ip'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('audit_logs_courier_created_idx').on(t.courierId, t.createdAt),
  // Issue 5, the audit log list: the network-wide sort, and the action filter in and across couriers.
  index('audit_logs_created_idx').on(t.createdAt),
  index('audit_logs_courier_action_idx').on(t.courierId, t.action, t.createdAt),
  index('audit_logs_action_idx').on(t.action, t.createdAt),
]);

/** Fixed-window counters shared by every API instance (sign-in, reset and tracking limits). Unlogged (migration 0029): a crash empties them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull().default(0),
  lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] })]);
