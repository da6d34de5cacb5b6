import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isBranchScoped } from '@parceldesk/shared/permissions';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from './principal';
import type { DbOrTx } from '../db/client';
import { customers, deliveryRequests, packageClaims, packageFiles, packages, preAlerts, tickets } from '../db/schema/index';
import { notFound } from './app-error';

/**
 * The one data-access path for tenant-owned rows (README, Tenancy). A scope is either the whole
 * network (super admin) or one courier; every tenant query builds its WHERE through `where()`,
 * so a row of another courier is simply not found (404), never filtered by hand in a handler.
 */
export interface TenantScope {
  courierId: string | null;
  /**
   * Issue 15, branch scope (docs/decisions/008): set for a branch manager or staff member without
   * `branches_all`; customers and tickets of another branch are then not found either. A null id
   * (no branch assigned) finds none. Absent: every branch of the courier. `userId`: the user
   * themselves, who still finds the packages they received (decision 008, packages).
   */
  branch?: { id: string | null; userId?: string };
}

export function scopeOf(principal: Principal): TenantScope {
  if (principal.role === 'super_admin') return { courierId: null };
  if (!principal.courierId) throw notFound();
  if (isBranchScoped(principal)) return { courierId: principal.courierId, branch: { id: principal.branchId, userId: principal.id } };
  return { courierId: principal.courierId };
}

type TenantTable = PgTable & { id: PgColumn; courierId: PgColumn };

const ofCustomersOf = (branchId: string) => sql`(select ${customers.id} from ${customers} where ${customers.branchId} = ${branchId})`;

function packageOfBranch(branchId: string, userId: string | undefined): SQL {
  return sql`(${packages.branchId} = ${branchId} or ${packages.customerId} is null${userId ? sql` or ${packages.receivedBy} = ${userId}` : sql``})`;
}
const packagesOf = (branchId: string, userId: string | undefined) => sql`(select ${packages.id} from ${packages} where ${packageOfBranch(branchId, userId)})`;

/**
 * The tables a branch scope narrows, and how a row names its branch (a ticket, a pre-alert and a delivery request:
 * its customer's). A package follows its pickup branch; one that has no customer yet (unknown)
 * is every branch's to match, and whoever received a package still finds it (its label, its
 * page after the scan): decision 008, "Packages". A claim follows its package, and a package
 * document what it belongs to.
 */
const BRANCH_OF = new Map<PgTable, (branchId: string, userId: string | undefined) => SQL>([
  [customers, (branchId) => eq(customers.branchId, branchId)],
  [tickets, (branchId) => sql`${tickets.customerId} in ${ofCustomersOf(branchId)}`],
  [preAlerts, (branchId) => sql`${preAlerts.customerId} in ${ofCustomersOf(branchId)}`],
  [deliveryRequests, (branchId) => sql`${deliveryRequests.customerId} in ${ofCustomersOf(branchId)}`],
  [packages, packageOfBranch],
  [packageClaims, (branchId, userId) => sql`${packageClaims.packageId} in ${packagesOf(branchId, userId)}`],
  // A document follows what it belongs to: a package, a pre-alert (its customer's branch) or a claim (its package).
  [packageFiles, (branchId, userId) => sql`(${packageFiles.packageId} in ${packagesOf(branchId, userId)}
    or ${packageFiles.preAlertId} in (select ${preAlerts.id} from ${preAlerts} where ${preAlerts.customerId} in ${ofCustomersOf(branchId)})
    or ${packageFiles.claimId} in (select ${packageClaims.id} from ${packageClaims} where ${packageClaims.packageId} in ${packagesOf(branchId, userId)}))`],
]);

/** The branch condition of a scope for a table, if the scope has a branch and the table follows it. */
export function branchWhere(table: PgTable, scope: TenantScope): SQL | undefined {
  const rule = scope.branch ? BRANCH_OF.get(table) : undefined;
  if (!rule || !scope.branch) return undefined;
  return scope.branch.id ? rule(scope.branch.id, scope.branch.userId) : sql`false`;
}

export function tenantWhere(table: TenantTable, scope: TenantScope, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(scope.courierId ? eq(table.courierId, scope.courierId) : undefined, branchWhere(table, scope), ...conditions);
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
