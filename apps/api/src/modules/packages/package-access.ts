import { and, eq, type SQL } from 'drizzle-orm';
import { canMovePackage, PACKAGE_STATUSES, type PackageStatus } from '@parceldesk/shared/domain/packages';
import type { DbOrTx } from '../../db/client';
import { packages } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';

export type PackageRow = typeof packages.$inferSelect;

const isGated = (principal: Principal) => principal.role === 'branch_manager' || principal.role === 'staff';

/** Admins hold every package permission; branch managers and staff the ones their role grants (spec section 6). */
export function holds(principal: Principal, permission: 'packages_view' | 'packages_scan' | 'packages_unknown' | 'packages_manage'): boolean {
  if (principal.kind === 'customer') return false;
  return !isGated(principal) || principal.permissions.has(permission);
}

/**
 * The packages a principal may open: a customer their own (another customer's is simply not
 * found), everyone else the packages of their tenant scope.
 */
export function visiblePackages(principal: Principal, ...conditions: (SQL | undefined)[]): SQL | undefined {
  if (principal.kind === 'customer') {
    if (!principal.courierId) throw notFound();
    return and(eq(packages.courierId, principal.courierId), eq(packages.customerId, principal.id), ...conditions);
  }
  return tenantWhere(packages, scopeOf(principal), ...conditions);
}

/** One package the principal may open, or 404; `lock` takes the row lock that orders its changes. */
export async function loadPackage(db: DbOrTx, principal: Principal, id: string, options: { lock?: boolean } = {}): Promise<PackageRow> {
  const query = db.select().from(packages).where(visiblePackages(principal, eq(packages.id, id))).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The statuses a viewer may move a package to with POST /packages/{id}/status: the transitions
 * of packages/shared, except that an unknown package becomes received only by assignment or an
 * approved claim (they name its customer).
 */
export function allowedPackageStatuses(principal: Principal, pkg: Pick<PackageRow, 'status' | 'customerId'>): PackageStatus[] {
  if (!holds(principal, 'packages_manage')) return [];
  return PACKAGE_STATUSES.filter((to) => canMovePackage(pkg.status, to) && (pkg.customerId !== null || ['on_hold', 'returned', 'abandoned'].includes(to)));
}
