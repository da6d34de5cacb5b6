import { asc, eq, sql } from 'drizzle-orm';
import type { FilterOption } from '@parceldesk/shared/schemas/list-query';
import type { DbOrTx } from '../db/client';
import { branches, couriers, roles } from '../db/schema/index';
import { tenantWhere, type TenantScope } from './tenant-scope';

/**
 * Candidate values of the dropdown filters several lists share (lib/list-query.ts probes each
 * one against the list's own scope). Across the network a branch or role is labelled with its
 * courier, since every courier has a "Head Office" and a "Staff" role.
 */
export const activeOptions: readonly FilterOption[] = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function courierOptions(db: DbOrTx, scope: TenantScope) {
  return () => db.select({ value: couriers.id, label: couriers.name }).from(couriers)
    .where(scope.courierId ? eq(couriers.id, scope.courierId) : undefined)
    .orderBy(asc(couriers.name));
}

export function branchOptions(db: DbOrTx, scope: TenantScope) {
  const label = scope.courierId ? sql<string>`${branches.name}` : sql<string>`${branches.name} || ' (' || ${couriers.name} || ')'`;
  return () => db.select({ value: branches.id, label }).from(branches)
    .innerJoin(couriers, eq(couriers.id, branches.courierId))
    .where(tenantWhere(branches, scope))
    .orderBy(asc(label));
}

export function roleOptions(db: DbOrTx, scope: TenantScope) {
  const label = scope.courierId ? sql<string>`${roles.name}` : sql<string>`${roles.name} || ' (' || ${couriers.name} || ')'`;
  return () => db.select({ value: roles.id, label }).from(roles)
    .innerJoin(couriers, eq(couriers.id, roles.courierId))
    .where(tenantWhere(roles, scope))
    .orderBy(asc(label));
}
