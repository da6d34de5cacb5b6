import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  MANIFEST_STATUSES, RECONCILIATION_SCAN_OUTCOMES, RECONCILIATION_STATUSES,
} from '@parceldesk/shared/domain/manifests';
import { SERVICES } from '@parceldesk/shared/schemas/packages';
import { packages } from './packages';
import { storedFiles } from './settings';
import { branches, couriers, users } from './tenancy';

/** What a manifest search matches (manifests_search_idx is built on it). */
export function manifestSearchText(t: { number: AnyPgColumn; mawb: AnyPgColumn; billOfLading: AnyPgColumn }) {
  return sql`(${t.number} || ' ' || coalesce(${t.mawb}, '') || ' ' || coalesce(${t.billOfLading}, ''))`;
}

/**
 * One air or sea consolidation of a courier (issue 12, migration 0008). `mawb` for air (11 digits,
 * stored without the dash), `bill_of_lading` for sea; dates are calendar days (Jamaica).
 */
export const manifests = pgTable('manifests', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  number: text('number').notNull(),
  service: text('service', { enum: SERVICES }).notNull(),
  carrier: text('carrier').notNull(),
  mawb: text('mawb'),
  billOfLading: text('bill_of_lading'),
  flightOrVoyage: text('flight_or_voyage'),
  origin: text('origin').notNull(),
  destination: text('destination').notNull(),
  departureDate: date('departure_date', { mode: 'string' }),
  arrivalDate: date('arrival_date', { mode: 'string' }),
  notes: text('notes'),
  status: text('status', { enum: MANIFEST_STATUSES }).notNull().default('open'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  departedAt: timestamp('departed_at', { withTimezone: true }),
  arrivedAt: timestamp('arrived_at', { withTimezone: true }),
  reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('manifests_courier_number_key').on(t.courierId, t.number),
  index('manifests_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  index('manifests_courier_status_idx').on(t.courierId, t.status, t.createdAt, t.id),
  index('manifests_courier_service_idx').on(t.courierId, t.service, t.createdAt, t.id),
  index('manifests_created_idx').on(t.createdAt, t.id),
  index('manifests_search_idx').using('gin', sql`${manifestSearchText(t)} gin_trgm_ops`),
  check('manifests_service_check', sql`${t.service} IN ('air', 'sea')`),
  check('manifests_status_check', sql`${t.status} IN ('open', 'closed', 'departed', 'arrived', 'reconciled')`),
  check('manifests_dates_order', sql`${t.departureDate} IS NULL OR ${t.arrivalDate} IS NULL OR ${t.departureDate} <= ${t.arrivalDate}`),
  check('manifests_waybill_of_service', sql`(${t.service} = 'air' AND ${t.billOfLading} IS NULL) OR (${t.service} = 'sea' AND ${t.mawb} IS NULL)`),
]);

/**
 * Which parcels a manifest carries. A package is on at most one manifest at a time: the partial
 * unique index on `package_id` among rows not released (docs/decisions/012-manifests.md).
 */
export const manifestPackages = pgTable('manifest_packages', {
  manifestId: uuid('manifest_id').notNull().references(() => manifests.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the parcel leaves the manifest's custody for good (found missing, shipped again later). */
  releasedAt: timestamp('released_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ name: 'manifest_packages_pk', columns: [t.manifestId, t.packageId] }),
  uniqueIndex('manifest_packages_current_key').on(t.packageId).where(sql`${t.releasedAt} is null`),
  index('manifest_packages_manifest_added_idx').on(t.manifestId, t.addedAt),
  index('manifest_packages_package_idx').on(t.packageId),
]);

/** The manifest's history: its creation and every status move, in the move's transaction. */
export const manifestEvents = pgTable('manifest_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  manifestId: uuid('manifest_id').notNull().references(() => manifests.id, { onDelete: 'cascade' }),
  /** Null for the creation. */
  fromStatus: text('from_status', { enum: MANIFEST_STATUSES }),
  toStatus: text('to_status', { enum: MANIFEST_STATUSES }).notNull(),
  note: text('note'),
  actorType: text('actor_type', { enum: ['user', 'customer', 'system', 'api_key'] }).notNull(),
  actorId: uuid('actor_id'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('manifest_events_manifest_idx').on(t.manifestId, t.createdAt)]);

/** The check-in of an arrived manifest at the destination; one per manifest, stopped and resumed at will. */
export const reconciliations = pgTable('reconciliations', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  manifestId: uuid('manifest_id').notNull().references(() => manifests.id, { onDelete: 'cascade' }),
  status: text('status', { enum: RECONCILIATION_STATUSES }).notNull().default('in_progress'),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedBy: uuid('finished_by').references(() => users.id, { onDelete: 'set null' }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Migration 0009: the branch the shipment is checked in at (decision 013). */
  branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('reconciliations_manifest_key').on(t.manifestId),
  index('reconciliations_courier_started_idx').on(t.courierId, t.startedAt, t.id),
  check('reconciliations_status_check', sql`${t.status} IN ('in_progress', 'finished')`),
]);

/**
 * One scan at the destination. `client_scan_id` is the device's id for the scan: unique within
 * the reconciliation, so a retried or queued offline scan applies exactly once.
 */
export const reconciliationScans = pgTable('reconciliation_scans', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  reconciliationId: uuid('reconciliation_id').notNull().references(() => reconciliations.id, { onDelete: 'cascade' }),
  /** What the scanner read (package number or tracking number), as read. */
  code: text('code').notNull(),
  /** The package it names, when it is a known one (for an extra: where it really belongs). */
  packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
  outcome: text('outcome', { enum: RECONCILIATION_SCAN_OUTCOMES }).notNull(),
  note: text('note'),
  photoFileId: uuid('photo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
  scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
  deviceId: text('device_id'),
  clientScanId: text('client_scan_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Migration 0009 (decision 013): the code as matched, and who marked the parcel damaged when. */
  codeKey: text('code_key'),
  damagedBy: uuid('damaged_by').references(() => users.id, { onDelete: 'set null' }),
  damagedAt: timestamp('damaged_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('reconciliation_scans_client_key').on(t.reconciliationId, t.clientScanId),
  uniqueIndex('reconciliation_scans_package_key').on(t.reconciliationId, t.packageId).where(sql`${t.packageId} is not null`),
  uniqueIndex('reconciliation_scans_unknown_code_key').on(t.reconciliationId, t.codeKey).where(sql`${t.packageId} is null`),
  index('reconciliation_scans_reconciliation_idx').on(t.reconciliationId, t.createdAt),
  index('reconciliation_scans_package_idx').on(t.reconciliationId, t.packageId).where(sql`${t.packageId} is not null`),
  check('reconciliation_scans_outcome_check', sql`${t.outcome} IN ('received', 'extra', 'damaged')`),
]);
