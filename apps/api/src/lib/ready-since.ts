import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { packageEvents } from '../db/schema/index';
import { qualified } from './list-query';

/**
 * When a parcel became ready for pickup: the first history row at ready_for_pickup after the last
 * row at any other status (an edit while it waits does not restart the clock); a parcel set ready
 * without a history row (older data) counts from its last update.
 */
export function readySinceSql(table: { id: AnyPgColumn; updatedAt: AnyPgColumn }): SQL<Date> {
  // Written with the table's name: drizzle writes a single-table select's columns bare, and a
  // bare "id" inside the subquery would name the history row's own id.
  const pkg = { id: qualified(table.id), updatedAt: qualified(table.updatedAt) };
  return sql<Date>`coalesce((select min(pe.created_at) from ${packageEvents} pe where pe.package_id = ${pkg.id} and pe.status = 'ready_for_pickup'
    and pe.created_at > coalesce((select max(po.created_at) from ${packageEvents} po where po.package_id = ${pkg.id} and po.status <> 'ready_for_pickup'), '-infinity'::timestamptz)),
    ${pkg.updatedAt})`;
}
