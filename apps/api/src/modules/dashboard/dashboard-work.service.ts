import { sql } from 'drizzle-orm';
import { PACKAGE_STATUSES, type PackageStatus } from '@parceldesk/shared/domain/packages';
import { AGING_BUCKET_DAYS, AGING_BUCKETS } from '@parceldesk/shared/domain/billing';
import { DEFAULT_STORAGE_RULES } from '@parceldesk/shared/schemas/pricing-settings';
import type { DashboardFigure, DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import { readPart, type ReadResults } from '../../db/prepared';
import { dashboardReadyDays, packageCountSql, packages } from '../../db/schema/index';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';
import { uncollectedCutoffDaySql, uncollectedCutoffSql } from '../../lib/ready-since';
import { listLink, localDate, localMonth, localStart, localToday, type DashboardScope } from './dashboard-scope';

const n = (value: unknown) => Number(value ?? 0);
const zone = sql.raw(`'${LOCAL_TIME_ZONE}'`);

/**
 * Issue 14: the parcels, money and work waiting in the reader's scope, each figure with the
 * filtered list that shows the same rows: one part per section the reader may see, read together
 * with the rest of the dashboard in one statement (db/prepared.ts readTogether).
 */
export function workParts(scope: DashboardScope, area: 'network' | 'courier') {
  // The packages list filters a branch by its id (branchName's dropdown value), so a branch's figures open the branch's rows.
  const branchFilter: Record<string, string> = scope.branch ? { branchName: scope.branch } : {};
  // A courier-wide or network reader reads the roll-ups; a branch reader's uncollected parcels,
  // invoices and payments follow their customers' branch (which can change), so theirs are read from the rows.
  const wholeCourier = !scope.branch && !scope.isEmpty;

  // From the counters (migration 0027: parcels per courier, branch and status) and the parcels
  // roll-up (0026: received per courier, local day, branch), not from the parcels themselves.
  const packagesPart = !scope.may('packages') ? null : readPart(sql`
    select ${localToday} as today,
      (select coalesce(sum(r.parcels), 0)::int from report_parcels_daily r where ${scope.inCourier('r')} and ${scope.packageBranch('r')} and r.day >= ${localDate('day')}) as received_today,
      (select coalesce(sum(r.parcels), 0)::int from report_parcels_daily r where ${scope.inCourier('r')} and ${scope.packageBranch('r')} and r.day >= ${localDate('week')}) as received_week,
      (select coalesce(json_object_agg(s.status, s.n), '{}') from (
        select c.status, sum(c.packages)::int as n from dashboard_package_counts c where ${scope.inCourier('c')} and ${scope.packageBranch('c')}
        group by c.status having sum(c.packages) <> 0) s) as by_status`, (rows) => {
    const row = rows[0] ?? {};
    const byStatus = (row.by_status ?? {}) as Partial<Record<PackageStatus, number>>;
    const status = (s: PackageStatus, label: string, key = `packages_${s}`): DashboardFigure => ({
      key, label, value: n(byStatus[s]), format: 'count', link: listLink('packages', { status: s, ...branchFilter }),
    });
    return {
      figures: [
        { key: 'packages_received_today', label: 'Packages received today', value: n(row.received_today), format: 'count', link: listLink('packages', { receivedAt: String(row.today), ...branchFilter }) },
        // The list's date filter takes one day; the week opens newest first.
        { key: 'packages_received_week', label: 'Packages received this week', value: n(row.received_week), format: 'count', link: listLink('packages', branchFilter, { field: 'receivedAt', order: 'desc' }) },
        status('received', 'Packages at the warehouse', 'packages_at_warehouse'),
        status('in_transit', 'Packages on manifests in transit'),
        status('on_hold', 'Packages on hold'),
        status('ready_for_pickup', 'Packages ready for pickup'),
      ] satisfies DashboardFigure[],
      byStatus: PACKAGE_STATUSES.map((s) => ({ status: s, count: n(byStatus[s]) })).filter((s) => s.count > 0),
    };
  });

  // A branch reader without a branch counts nothing (the scope's packageBranch).
  const unknownPart = !scope.may('unknown') ? null : readPart(
    scope.isEmpty ? sql`select 0 as n` : sql`select (${packageCountSql({ courierId: scope.courier, branchId: scope.branch ?? undefined }, ['unknown'])}) as n`,
    (rows): DashboardFigure => ({ key: 'packages_unknown', label: 'Unknown packages', value: n(rows[0]?.n), format: 'count', link: 'unknown-packages' }));

  // The uncollected list is a courier's screen: its threshold is the courier's own. The Uncollected
  // list's rule (lib/ready-since.ts): from the ready-days counter (migration 0032), or from
  // packages_courier_ready_since_idx for a branch.
  const threshold = sql`coalesce((select s.storage_threshold_days from courier_pricing_settings s where s.courier_id = ${scope.courier}), ${DEFAULT_STORAGE_RULES.thresholdDays})`;
  const uncollectedPart = !(scope.may('uncollected') && area === 'courier' && scope.courier) ? null : readPart(wholeCourier
    ? sql`select coalesce(sum(d.packages), 0)::int as n from ${dashboardReadyDays} d
        where d.courier_id = ${scope.courier} and d.day < ${uncollectedCutoffDaySql(threshold)}`
    : sql`select count(*)::int as n from ${packages}
        where ${packages.courierId} = ${scope.courier} and ${packages.status} = 'ready_for_pickup' and ${packages.customerId} is not null
          and ${scope.customerBranch('packages')} and ${packages.readySince} < ${uncollectedCutoffSql(threshold)}`,
  (rows): DashboardFigure => ({ key: 'packages_uncollected', label: 'Uncollected packages', value: n(rows[0]?.n), format: 'count', link: 'uncollected' }));

  let invoicesPart = null;
  if (scope.may('invoices')) {
    // Open invoices by local day of issue: the counters (migration 0027) or the rows.
    const open = wholeCourier
      ? sql`select d.day, d.invoices as n, d.balance_cents as cents from dashboard_open_invoices d where ${scope.inCourier('d')}`
      : sql`select (i.issued_at at time zone ${zone})::date as day, 1 as n, i.balance_cents as cents
          from invoices i where ${scope.inCourier('i')} and ${scope.customerBranch('i')} and i.status in ('unpaid', 'partially_paid')`;
    // The invoices list's aging ranges (issued before the start of local day today − k), by local day.
    const buckets = AGING_BUCKETS.map((bucket) => {
      const [min, max] = AGING_BUCKET_DAYS[bucket];
      const conditions = [sql`true`];
      if (min > 0) conditions.push(sql`o.day < ${localDate('day')} - ${min - 1}::int`);
      if (max !== null) conditions.push(sql`o.day >= ${localDate('day')} - ${max}::int`);
      return sql`coalesce(sum(o.n) filter (where ${sql.join(conditions, sql` and `)}), 0)::int as ${sql.identifier(`n_${bucket}`)},
        coalesce(sum(o.cents) filter (where ${sql.join(conditions, sql` and `)}), 0)::bigint as ${sql.identifier(`c_${bucket}`)}`;
    });
    invoicesPart = readPart(sql`
      select coalesce(sum(o.n), 0)::int as n, coalesce(sum(o.cents), 0)::bigint as cents, ${sql.join(buckets, sql`, `)} from (${open}) o`, (rows) => {
      const row = rows[0] ?? {};
      return {
        figures: [
          { key: 'invoices_unpaid_total', label: 'Unpaid invoices total', value: n(row.cents), format: 'money', link: listLink('invoices', {}, { field: 'balanceCents', order: 'desc' }) },
          { key: 'invoices_unpaid_count', label: 'Unpaid invoices', value: n(row.n), format: 'count', link: listLink('invoices', {}, { field: 'balanceCents', order: 'desc' }) },
        ] satisfies DashboardFigure[],
        aging: AGING_BUCKETS.map((bucket) => ({ bucket, count: n(row[`n_${bucket}`]), balanceCents: n(row[`c_${bucket}`]) })),
      };
    });
  }

  let paymentsPart = null;
  if (scope.may('payments')) {
    // Six local months, oldest first: payments recorded less those voided (a void keeps its row),
    // from the till roll-up (migration 0026: recorded payments per courier and local day) or the rows.
    const recorded = wholeCourier
      ? sql`select r.day, r.amount_cents from report_payments_daily r where ${scope.inCourier('r')} and r.day >= ${localDate('month', 5)}`
      : sql`select (pay.recorded_at at time zone ${zone})::date as day, pay.amount_cents from payments pay
          where ${scope.inCourier('pay')} and ${scope.customerBranch('pay')} and pay.status = 'recorded' and pay.recorded_at >= ${localStart('month', 5)}`;
    paymentsPart = readPart(sql`
      select m.month, coalesce(sum(pay.amount_cents), 0)::bigint as cents
      from (select ${localMonth(5)} as month union all select ${localMonth(4)} union all select ${localMonth(3)}
            union all select ${localMonth(2)} union all select ${localMonth(1)} union all select ${localMonth(0)}) m
      left join (${recorded}) pay on to_char(pay.day, 'YYYY-MM') = m.month
      group by m.month`, (rows) => {
      const revenueByMonth = rows.map((r) => ({ month: String(r.month), cents: n(r.cents) }));
      const [last, current] = revenueByMonth.slice(-2);
      const monthLink = (month: string | undefined) => listLink('payments', { recordedAt: month ?? '', status: 'recorded' });
      return {
        figures: [
          { key: 'revenue_this_month', label: 'Revenue this month', value: current?.cents ?? 0, format: 'money', link: monthLink(current?.month) },
          { key: 'revenue_last_month', label: 'Revenue last month', value: last?.cents ?? 0, format: 'money', link: monthLink(last?.month) },
        ] satisfies DashboardFigure[],
        revenueByMonth,
      };
    }, sql`x.month`);
  }

  return { packages: packagesPart, unknown: unknownPart, uncollected: uncollectedPart, invoices: invoicesPart, payments: paymentsPart };
}

type WorkParts = ReturnType<typeof workParts>;

/** The work figures in the dashboard's order and the charts, from what the parts read. */
export function workFigures(read: ReadResults<WorkParts>): { figures: DashboardFigure[] } & Pick<DashboardSummary, 'packagesByStatus' | 'revenueByMonth' | 'unpaidAging'> {
  return {
    figures: [
      ...(read.packages?.figures ?? []),
      ...(read.unknown ? [read.unknown] : []),
      ...(read.uncollected ? [read.uncollected] : []),
      ...(read.invoices?.figures ?? []),
      ...(read.payments?.figures ?? []),
    ],
    packagesByStatus: read.packages?.byStatus ?? null,
    unpaidAging: read.invoices?.aging ?? null,
    revenueByMonth: read.payments?.revenueByMonth ?? null,
  };
}
