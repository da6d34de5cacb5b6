import { sql } from 'drizzle-orm';
import { PACKAGE_STATUSES, type PackageStatus } from '@parceldesk/shared/domain/packages';
import { AGING_BUCKET_DAYS, AGING_BUCKETS } from '@parceldesk/shared/domain/billing';
import { DEFAULT_STORAGE_RULES } from '@parceldesk/shared/schemas/pricing-settings';
import type { DashboardFigure, DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import type { DbOrTx } from '../../db/client';
import { packages } from '../../db/schema/index';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';
import { readySinceSql } from '../../lib/ready-since';
import { listLink, localMonth, localStart, localToday, type DashboardScope } from './dashboard-scope';

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const zone = sql.raw(`'${LOCAL_TIME_ZONE}'`);

/**
 * Issue 14: the parcels, money and work waiting in the reader's scope, each figure with the
 * filtered list that shows the same rows. One statement per part the reader may see.
 */
export async function workFigures(db: DbOrTx, scope: DashboardScope, area: 'network' | 'courier') {
  const figures: DashboardFigure[] = [];
  const out: Pick<DashboardSummary, 'packagesByStatus' | 'revenueByMonth' | 'unpaidAging'> = { packagesByStatus: null, revenueByMonth: null, unpaidAging: null };
  // The packages list filters a branch by its id (branchName's dropdown value), so a branch's figures open the branch's rows.
  const branchFilter: Record<string, string> = scope.branch ? { branchName: scope.branch } : {};
  const pkgWhere = sql`${scope.inCourier('p')} and ${scope.packageBranch('p')}`;

  if (scope.may('packages')) {
    const { rows } = await db.execute<Row>(sql`
      select ${localToday} as today,
        (select count(*)::int from packages p where ${pkgWhere} and p.received_at >= ${localStart('day')}) as received_today,
        (select count(*)::int from packages p where ${pkgWhere} and p.received_at >= ${localStart('week')}) as received_week,
        (select coalesce(json_object_agg(s.status, s.n), '{}') from (select p.status, count(*)::int as n from packages p where ${pkgWhere} group by p.status) s) as by_status`);
    const row = rows[0] ?? {};
    const byStatus = (typeof row.by_status === 'string' ? JSON.parse(row.by_status) : row.by_status ?? {}) as Partial<Record<PackageStatus, number>>;
    const status = (s: PackageStatus, label: string, key = `packages_${s}`) => ({
      key, label, value: n(byStatus[s]), format: 'count' as const, link: listLink('packages', { status: s, ...branchFilter }),
    });
    figures.push(
      { key: 'packages_received_today', label: 'Packages received today', value: n(row.received_today), format: 'count', link: listLink('packages', { receivedAt: String(row.today), ...branchFilter }) },
      // The list's date filter takes one day; the week opens newest first.
      { key: 'packages_received_week', label: 'Packages received this week', value: n(row.received_week), format: 'count', link: listLink('packages', branchFilter, { field: 'receivedAt', order: 'desc' }) },
      status('received', 'Packages at the warehouse', 'packages_at_warehouse'),
      status('in_transit', 'Packages on manifests in transit'),
      status('on_hold', 'Packages on hold'),
      status('ready_for_pickup', 'Packages ready for pickup'),
    );
    out.packagesByStatus = PACKAGE_STATUSES.map((s) => ({ status: s, count: n(byStatus[s]) })).filter((s) => s.count > 0);
  }

  if (scope.may('unknown')) {
    const { rows } = await db.execute<Row>(sql`select count(*)::int as n from packages p where ${pkgWhere} and p.status = 'unknown'`);
    figures.push({ key: 'packages_unknown', label: 'Unknown packages', value: n(rows[0]?.n), format: 'count', link: 'unknown-packages' });
  }

  // The uncollected list is a courier's screen: its threshold is the courier's own.
  if (scope.may('uncollected') && area === 'courier' && scope.courier) {
    const p = { id: packages.id, updatedAt: packages.updatedAt };
    const threshold = sql`coalesce((select s.storage_threshold_days from courier_pricing_settings s where s.courier_id = ${scope.courier}), ${DEFAULT_STORAGE_RULES.thresholdDays})`;
    const { rows } = await db.execute<Row>(sql`
      select count(*)::int as n from ${packages}
      where ${packages.courierId} = ${scope.courier} and ${packages.status} = 'ready_for_pickup' and ${packages.customerId} is not null
        and ${scope.customerBranch('packages')}
        and ((now() at time zone ${zone})::date - (${readySinceSql(p)} at time zone ${zone})::date) > ${threshold}`);
    figures.push({ key: 'packages_uncollected', label: 'Uncollected packages', value: n(rows[0]?.n), format: 'count', link: 'uncollected' });
  }

  if (scope.may('invoices')) {
    const dayStart = (daysAgo: number) => sql`(((now() at time zone ${zone})::date - ${daysAgo}::int)::timestamp at time zone ${zone})`;
    // The same ranges of issue instants as the invoices list's aging filter.
    const buckets = AGING_BUCKETS.map((bucket) => {
      const [min, max] = AGING_BUCKET_DAYS[bucket];
      const conditions = [sql`true`];
      if (min > 0) conditions.push(sql`i.issued_at < ${dayStart(min - 1)}`);
      if (max !== null) conditions.push(sql`i.issued_at >= ${dayStart(max)}`);
      return sql`count(*) filter (where ${sql.join(conditions, sql` and `)})::int as ${sql.identifier(`n_${bucket}`)},
        coalesce(sum(i.balance_cents) filter (where ${sql.join(conditions, sql` and `)}), 0)::bigint as ${sql.identifier(`c_${bucket}`)}`;
    });
    const { rows } = await db.execute<Row>(sql`
      select count(*)::int as n, coalesce(sum(i.balance_cents), 0)::bigint as cents, ${sql.join(buckets, sql`, `)}
      from invoices i where ${scope.inCourier('i')} and ${scope.customerBranch('i')} and i.status in ('unpaid', 'partially_paid')`);
    const row = rows[0] ?? {};
    figures.push(
      { key: 'invoices_unpaid_total', label: 'Unpaid invoices total', value: n(row.cents), format: 'money', link: listLink('invoices', {}, { field: 'balanceCents', order: 'desc' }) },
      { key: 'invoices_unpaid_count', label: 'Unpaid invoices', value: n(row.n), format: 'count', link: listLink('invoices', {}, { field: 'balanceCents', order: 'desc' }) },
    );
    out.unpaidAging = AGING_BUCKETS.map((bucket) => ({ bucket, count: n(row[`n_${bucket}`]), balanceCents: n(row[`c_${bucket}`]) }));
  }

  if (scope.may('payments')) {
    // Six local months, oldest first: payments recorded less those voided (a void keeps its row).
    const { rows } = await db.execute<Row>(sql`
      select m.month, coalesce(sum(pay.amount_cents), 0)::bigint as cents
      from (select ${localMonth(5)} as month union all select ${localMonth(4)} union all select ${localMonth(3)}
            union all select ${localMonth(2)} union all select ${localMonth(1)} union all select ${localMonth(0)}) m
      left join payments pay on ${scope.inCourier('pay')} and ${scope.customerBranch('pay')} and pay.status = 'recorded'
        and pay.recorded_at >= ${localStart('month', 5)} and to_char(pay.recorded_at at time zone ${zone}, 'YYYY-MM') = m.month
      group by m.month order by m.month`);
    out.revenueByMonth = rows.map((r) => ({ month: String(r.month), cents: n(r.cents) }));
    const [last, current] = out.revenueByMonth.slice(-2);
    const monthLink = (month: string | undefined) => listLink('payments', { recordedAt: month ?? '', status: 'recorded' });
    figures.push(
      { key: 'revenue_this_month', label: 'Revenue this month', value: current?.cents ?? 0, format: 'money', link: monthLink(current?.month) },
      { key: 'revenue_last_month', label: 'Revenue last month', value: last?.cents ?? 0, format: 'money', link: monthLink(last?.month) },
    );
  }
  return { figures, ...out };
}
