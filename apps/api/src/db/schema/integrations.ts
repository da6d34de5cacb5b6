import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@parceldesk/shared/api-scopes';
import type { ServiceMap } from '@parceldesk/shared/schemas/integrations';
import { manifests } from './manifests';
import { packages } from './packages';
import { couriers, users } from './tenancy';

/**
 * A courier's API key (issue 17, migration 0020): the token is shown once; only its sha256 is
 * kept (`token_hash`), with the first characters (`prefix`) to tell keys apart on screen.
 */
export const integrationKeys = pgTable('integration_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  tokenHash: text('token_hash').notNull(),
  scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  lastUsedIp: text('last_used_ip'),
}, (t) => [
  uniqueIndex('integration_keys_token_hash_key').on(t.tokenHash),
  index('integration_keys_courier_created_idx').on(t.courierId, t.createdAt),
]);

/** The courier's packing-system connection: the contract profile, the key it uses, its service types → ours. */
export const packingSystemConnections = pgTable('packing_system_connections', {
  courierId: uuid('courier_id').primaryKey().references(() => couriers.id, { onDelete: 'cascade' }),
  profile: text('profile', { enum: ['packing_v2'] }).notNull(),
  keyId: uuid('key_id').references(() => integrationKeys.id, { onDelete: 'set null' }),
  serviceMap: jsonb('service_map').$type<ServiceMap>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [check('packing_system_connections_profile_check', sql`"profile" IN ('packing_v2')`)]);

/**
 * What the warehouse last pushed of one of its parcels (its PackageID): the content hash (a
 * repeat is applied once), the push's time (an older update never overwrites a newer one), and
 * a delete (`deleted_at`).
 */
export const packingSystemParcels = pgTable('packing_system_parcels', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  externalId: text('external_id').notNull(),
  packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
  contentHash: text('content_hash').notNull(),
  pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
  lastPayload: jsonb('last_payload').$type<Record<string, unknown>>().notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'packing_system_parcels_pk', columns: [t.courierId, t.externalId] })]);

/** The same for the warehouse's manifests (its ManifestID → our manifest). */
export const packingSystemManifests = pgTable('packing_system_manifests', {
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  externalId: text('external_id').notNull(),
  manifestId: uuid('manifest_id').notNull().references(() => manifests.id, { onDelete: 'cascade' }),
  contentHash: text('content_hash').notNull(),
  pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
  lastPayload: jsonb('last_payload').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'packing_system_manifests_pk', columns: [t.courierId, t.externalId] })]);
