import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from './principal';
import type { DbOrTx } from '../db/client';
import { notFound } from './app-error';

/**
 * The one data-access path for tenant-owned rows (README, Tenancy). A scope is either the whole
 * network (super admin) or one courier; every tenant query builds its WHERE through `where()`,
 * so a row of another courier is simply not found (404), never filtered by hand in a handler.
 */
export interface TenantScope {
  courierId: string | null;
}

export function scopeOf(principal: Principal): TenantScope {
  if (principal.role === 'super_admin') return { courierId: null };
  if (!principal.courierId) throw notFound();
  return { courierId: principal.courierId };
}

type TenantTable = PgTable & { id: PgColumn; courierId: PgColumn };

export function tenantWhere(table: TenantTable, scope: TenantScope, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(scope.courierId ? eq(table.courierId, scope.courierId) : undefined, ...conditions);
}

/** Loads one tenant-owned row by id within the scope, or answers 404. */
export async function findInScope<T extends TenantTable>(
  db: DbOrTx,
  table: T,
  scope: TenantScope,
  id: string,
): Promise<T['$inferSelect']> {
  const rows = await db.select().from(table as PgTable).where(tenantWhere(table, scope, eq(table.id, id))).limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}
