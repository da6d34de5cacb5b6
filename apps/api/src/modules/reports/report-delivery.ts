import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courierGroup, courierIs, courierOrder, courierSelect, inRange, periodOf, rowsOf, zone, type ReportBody, type ReportFilters } from './report-filters';
import { reportTable, withCourier } from './report-table';

/**
 * Delivery requests made in the range (issue 14 "Delivery"): how many were delivered, delivered on
 * or before their scheduled day, failed, cancelled or rejected, or are still open; fees and cash
 * collected on delivery. By period and by driver. A request follows its customer's branch.
 */
export async function delivery(db: DbOrTx, f: ReportFilters): Promise<ReportBody> {
  const branch = sql.join([
    f.branchId ? sql`c.branch_id = ${f.branchId}` : sql`true`,
    f.scopeBranch === undefined ? sql`true` : f.scopeBranch === null ? sql`false` : sql`c.branch_id = ${f.scopeBranch}`,
  ], sql` and `);
  const from = sql`from delivery_requests d join customers c on c.id = d.customer_id
    where ${courierIs('d', f)} and ${inRange(sql`d.created_at`, f.range)} and ${branch}`;
  const onTime = sql`d.status = 'delivered' and (d.delivered_at at time zone ${zone})::date <= d.scheduled_date`;
  const figures = sql`count(*) filter (where d.status = 'delivered') as delivered,
    count(*) filter (where ${onTime}) as on_time,
    count(*) filter (where d.status = 'failed') as failed,
    coalesce(sum(d.collected_cents), 0) as collected`;
  const [byPeriod, byDriver] = await Promise.all([
    rowsOf(db, sql`
      select ${courierSelect(f, 'd')} ${periodOf(sql`d.created_at`, f.groupBy)} as period, count(*) as requests, ${figures},
        count(*) filter (where d.status in ('cancelled', 'rejected')) as cancelled,
        count(*) filter (where d.status in ('requested', 'scheduled', 'out_for_delivery')) as open,
        coalesce(sum(d.fee_cents) filter (where d.status not in ('cancelled', 'rejected')), 0) as fees
      ${from}
      group by ${courierGroup(f, 'd')} period order by ${courierOrder(f)} period`),
    rowsOf(db, sql`
      select ${courierSelect(f, 'd')} coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, 'No driver yet') as driver,
        count(*) as requests, ${figures}
      from delivery_requests d join customers c on c.id = d.customer_id left join users u on u.id = d.driver_id
      where ${courierIs('d', f)} and ${inRange(sql`d.created_at`, f.range)} and ${branch} and d.status not in ('cancelled', 'rejected')
      group by ${courierGroup(f, 'd')} d.driver_id, u.first_name, u.last_name, u.email order by ${courierOrder(f)} driver`),
  ]);
  return {
    notes: ['Delivery requests made in the range. On time: delivered on or before the scheduled day. Cancelled and rejected requests are left out of the driver table.',
      ...(f.service ? ['The service filter does not apply to delivery requests.'] : [])],
    tables: [
      reportTable('delivery', 'Delivery requests', withCourier(f, [
        { key: 'period', label: `Period (${f.groupBy})`, kind: 'text' }, { key: 'requests', label: 'Requests', kind: 'count' },
        { key: 'delivered', label: 'Delivered', kind: 'count' }, { key: 'on_time', label: 'On time', kind: 'count' },
        { key: 'failed', label: 'Failed', kind: 'count' }, { key: 'cancelled', label: 'Cancelled or rejected', kind: 'count' },
        { key: 'open', label: 'Open', kind: 'count' }, { key: 'fees', label: 'Delivery fees', kind: 'money' },
        { key: 'collected', label: 'Collected on delivery', kind: 'money' },
      ]), byPeriod, { label: 'period', series: ['on_time', 'failed'] }),
      reportTable('by_driver', 'Deliveries by driver', withCourier(f, [
        { key: 'driver', label: 'Driver', kind: 'text' }, { key: 'requests', label: 'Requests', kind: 'count' },
        { key: 'delivered', label: 'Delivered', kind: 'count' }, { key: 'on_time', label: 'On time', kind: 'count' },
        { key: 'failed', label: 'Failed', kind: 'count' }, { key: 'collected', label: 'Collected on delivery', kind: 'money' },
      ]), byDriver, { label: 'driver', series: ['delivered', 'failed'] }),
    ],
  };
}

