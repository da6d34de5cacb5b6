import { REPORT_LABELS, type ReportKind, type ReportQuery, type ReportResponse } from '@parceldesk/shared/schemas/reports';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, couriers } from '../../db/schema/index';
import type { Principal } from '../../lib/principal';
import { resolveFilters } from './report-filters';
import { REPORT_BUILDERS } from './report-queries';

/** GET /reports/{report}: one report for the caller's scope (the network, a courier, or a branch-scoped user's branch). */
export async function runReport(db: DbOrTx, principal: Principal, report: ReportKind, query: ReportQuery, now = new Date()): Promise<ReportResponse> {
  const filters = await resolveFilters(db, principal, query, now);
  const [body, branchOptions, courierOptions] = await Promise.all([
    REPORT_BUILDERS[report](db, filters),
    filters.courierId
      ? db.select({ value: branches.id, label: branches.name }).from(branches).where(eq(branches.courierId, filters.courierId)).orderBy(asc(branches.name))
      : [],
    principal.role === 'super_admin' ? db.select({ value: couriers.id, label: couriers.name }).from(couriers).orderBy(asc(couriers.name)) : [],
  ]);
  return {
    report,
    title: REPORT_LABELS[report],
    from: filters.range.from,
    to: filters.range.to,
    groupBy: filters.groupBy,
    scope: filters.scopeBranch !== undefined ? 'branch' : filters.courierId ? 'courier' : 'network',
    notes: body.notes,
    tables: body.tables,
    options: { branches: branchOptions, couriers: courierOptions },
  };
}
