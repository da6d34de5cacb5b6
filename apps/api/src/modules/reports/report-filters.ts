import { and, eq, sql, type SQL } from 'drizzle-orm';
import { defaultGrouping, jamaicaToday, resolveReportRange, type DayRange, type ReportGrouping } from '@parceldesk/shared/domain/report-range';
import type { ReportQuery, ReportTable } from '@parceldesk/shared/schemas/reports';
import type { Service } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { branches } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { LOCAL_TIME_ZONE, localDayEnd, localDayStart } from '../../lib/local-time';
import type { Principal } from '../../lib/principal';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';

export const zone = sql.raw(`'${LOCAL_TIME_ZONE}'`);

/** A report's filters, resolved and checked against the caller's scope. */
export interface ReportFilters {
  range: DayRange;
  groupBy: ReportGrouping;
  /** null: the network (super admin without a courier filter). */
  courierId: string | null;
  /** A branch-scoped user's branch (decision 008): undefined when not branch-bound; null when bound to none. */
  scopeBranch: string | null | undefined;
  branchId: string | undefined;
  service: Service | undefined;
}

/**
 * Resolves the preset on Jamaica's calendar and checks the named courier and branch: another
 * courier's (or, for a courier's user, any other courier named) answers 404, like every tenant id.
 */
export async function resolveFilters(db: DbOrTx, principal: Principal, query: ReportQuery, now = new Date()): Promise<ReportFilters> {
  const scope = scopeOf(principal);
  if (query.courierId && scope.courierId && query.courierId !== scope.courierId) throw notFound();
  const courierId = scope.courierId ?? query.courierId ?? null;
  if (query.branchId) {
    const [branch] = await db.select({ id: branches.id }).from(branches)
      .where(tenantWhere(branches, { courierId }, eq(branches.id, query.branchId))).limit(1);
    if (!branch) throw notFound();
  }
  const range = resolveReportRange(query.preset, jamaicaToday(now), { from: query.from, to: query.to });
  return {
    range,
    groupBy: query.groupBy ?? defaultGrouping(range),
    courierId,
    scopeBranch: scope.branch ? scope.branch.id : undefined,
    branchId: query.branchId,
    service: query.service,
  };
}

/** `column` within the range's Jamaica days, written so the (courier, time) indexes serve it. */
export function inRange(column: SQL, range: DayRange): SQL {
  return sql`${column} >= ${localDayStart(range.from)} and ${column} < ${localDayEnd(range.to)}`;
}

/** A local `date` column (the daily roll-ups of migration 0026) within the range's days. */
export function dayInRange(column: SQL, range: DayRange): SQL {
  return sql`${column} between (${range.from})::date and (${range.to})::date`;
}

const PERIOD_FORMAT: Record<ReportGrouping, string> = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** The local day, Monday of the week, or month an instant falls in, as text that sorts in time order. */
export function periodOf(column: SQL, groupBy: ReportGrouping): SQL<string> {
  return sql<string>`to_char(date_trunc(${sql.raw(`'${groupBy}'`)}, ${column} at time zone ${zone}), ${sql.raw(`'${PERIOD_FORMAT[groupBy]}'`)})`;
}

/** The period of a local `date` column (a roll-up's day), as periodOf writes it for an instant. */
export function dayPeriodOf(column: SQL, groupBy: ReportGrouping): SQL<string> {
  return sql<string>`to_char(date_trunc(${sql.raw(`'${groupBy}'`)}, ${column}::timestamp), ${sql.raw(`'${PERIOD_FORMAT[groupBy]}'`)})`;
}

/** The courier condition on a row's courier_id column (alias.courier_id). */
export function courierIs(alias: string, filters: ReportFilters): SQL {
  return filters.courierId ? sql`${sql.identifier(alias)}.courier_id = ${filters.courierId}` : sql`true`;
}

/**
 * Branch conditions: the chosen branch on the row's own branch (an invoice's or package's
 * collection branch, a payment's counter), and a branch-scoped user's customers (decision 008,
 * as the invoices, payments and uncollected lists do).
 */
export function branchIs(alias: string, filters: ReportFilters, customerColumn = 'customer_id'): SQL {
  const own = filters.branchId ? sql`${sql.identifier(alias)}.branch_id = ${filters.branchId}` : undefined;
  const bound = filters.scopeBranch === undefined ? undefined
    : filters.scopeBranch === null ? sql`false`
      : sql`${sql.identifier(alias)}.${sql.identifier(customerColumn)} in (select c.id from customers c where c.branch_id = ${filters.scopeBranch})`;
  return and(own, bound) ?? sql`true`;
}

export function serviceIs(alias: string, filters: ReportFilters): SQL {
  return filters.service ? sql`${sql.identifier(alias)}.service = ${filters.service}` : sql`true`;
}

/** The courier's name as the first column when the network is shown side by side. */
export const courierName = (alias: string) => sql`(select co.name from couriers co where co.id = ${sql.identifier(alias)}.courier_id)`;

export interface ReportBody { notes: string[]; tables: ReportTable[] }

export const rowsOf = async (db: DbOrTx, query: SQL) => (await db.execute<Record<string, unknown>>(query)).rows;
/** The courier name column and its place in GROUP BY / ORDER BY, when the network is shown. */
export const courierSelect = (f: ReportFilters, alias: string) => (f.courierId ? sql`` : sql`${courierName(alias)} as courier,`);
export const courierGroup = (f: ReportFilters, alias: string) => (f.courierId ? sql`` : sql`${sql.identifier(alias)}.courier_id,`);
export const courierOrder = (f: ReportFilters) => (f.courierId ? sql`` : sql`courier,`);

