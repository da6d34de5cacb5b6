import { sql, type SQL } from 'drizzle-orm';
import { mayOpenScreen } from '@parceldesk/shared/permissions';
import { DASHBOARD_FIGURE_PERMISSION, type DashboardFigureKey } from '@parceldesk/shared/schemas/dashboard';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';
import type { Principal } from '../../lib/principal';
import { scopeOf } from '../../lib/tenant-scope';

/**
 * What one reader's dashboard counts, the way the lists its figures open count (decision 008):
 * the network, a courier, or a branch. Packages name their branch (the pickup branch, which the
 * packages list filters by as branchName); invoices, payments and uncollected parcels follow
 * their customer's branch, as those lists do.
 */
export interface DashboardScope {
  courier: string | null;
  branch: string | null;
  /** A branch-scoped reader without a branch sees nothing. */
  isEmpty: boolean;
  may: (key: DashboardFigureKey) => boolean;
  /** `alias.courier_id = …` (or true for the network). */
  inCourier: (alias: string) => SQL;
  /** The package's own branch. */
  packageBranch: (alias: string) => SQL;
  /** The branch of the row's customer. */
  customerBranch: (alias: string) => SQL;
}

export function dashboardScope(principal: Principal): DashboardScope {
  const scope = scopeOf(principal);
  const branch = scope.branch ? scope.branch.id : null;
  const isEmpty = Boolean(scope.branch && !scope.branch.id);
  const none = sql`false`;
  return {
    courier: scope.courierId,
    branch,
    isEmpty,
    // Issue 15 #10: a figure shows only to whoever may open the screen it summarises.
    may: (key) => mayOpenScreen(principal, DASHBOARD_FIGURE_PERMISSION[key]),
    inCourier: (alias) => (scope.courierId ? sql`${sql.identifier(alias)}.courier_id = ${scope.courierId}` : sql`true`),
    packageBranch: (alias) => (isEmpty ? none : branch ? sql`${sql.identifier(alias)}.branch_id = ${branch}` : sql`true`),
    customerBranch: (alias) => (isEmpty ? none : branch
      ? sql`${sql.identifier(alias)}.customer_id in (select bc.id from customers bc where bc.branch_id = ${branch})` : sql`true`),
  };
}

const zone = sql.raw(`'${LOCAL_TIME_ZONE}'`);
/**
 * The unit and the months back are written into the statement, not bound: the dashboard's
 * statements are prepared once (db/prepared.ts), and a bound unit left PostgreSQL planning them
 * again on every request (it cannot fold date_trunc($1, …) into the generic plan).
 */
const unitSql = (unit: 'day' | 'week' | 'month') => sql.raw(`'${unit}'`);
const monthsSql = (monthsBack: number) => sql.raw(String(Math.trunc(monthsBack)));
/** Start of the local day, week (Monday) and month, as instants. */
export const localStart = (unit: 'day' | 'week' | 'month', monthsBack = 0) => monthsBack === 0
  ? sql`(date_trunc(${unitSql(unit)}, now() at time zone ${zone}) at time zone ${zone})`
  : sql`((date_trunc('month', now() at time zone ${zone}) - make_interval(months => ${monthsSql(monthsBack)})) at time zone ${zone})`;
/** The same starts as local dates, for the roll-ups keyed by Jamaica day. */
export const localDate = (unit: 'day' | 'week' | 'month', monthsBack = 0) => monthsBack === 0
  ? sql`date_trunc(${unitSql(unit)}, now() at time zone ${zone})::date`
  : sql`(date_trunc('month', now() at time zone ${zone}) - make_interval(months => ${monthsSql(monthsBack)}))::date`;
export const localToday = sql<string>`to_char(now() at time zone ${zone}, 'YYYY-MM-DD')`;
export const localMonth = (monthsBack: number) =>
  sql<string>`to_char(date_trunc('month', now() at time zone ${zone}) - make_interval(months => ${monthsSql(monthsBack)}), 'YYYY-MM')`;

/** A list's URL with its filters (use-table-url-state reads `filters` as JSON). */
export function listLink(path: string, filters: Record<string, string> = {}, sort?: { field: string; order: 'asc' | 'desc' }): string {
  const params = new URLSearchParams();
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  if (sort) {
    params.set('sort', sort.field);
    params.set('order', sort.order);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
