import { sql } from 'drizzle-orm';
import { PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_LABELS, type PackageStatus } from '@parceldesk/shared/domain/packages';
import type { CustomerDashboard, DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import type { DbOrTx } from '../../db/client';
import { isoOf, readPart, readTogether, type ReadPart } from '../../db/prepared';
import type { DeferredSessionCheck } from '../../lib/deferred-session';
import { localDate, type DashboardScope } from './dashboard-scope';

const n = (value: unknown) => Number(value ?? 0);
/** A timestamp as the API answers it (ISO, UTC). */
/** Written into the statements (a bound LIMIT keeps PostgreSQL from reusing a prepared plan). */
const ACTIVITY_LIMIT = sql.raw('8');

const KIND_TEXT: Record<string, string> = {
  received: 'received', assigned: 'assigned to a customer', claimed: 'claimed', branch_receipt: 'received at the branch', branch_switch: 'moved to another branch',
};

/** The newest package history rows of the reader's scope: what happened, to which parcel, opening it. */
export function staffActivityPart(scope: DashboardScope): ReadPart<NonNullable<DashboardSummary['recentActivity']>> | null {
  if (!scope.may('packages')) return null;
  return readPart(sql`
    select e.created_at, e.id as event_id, e.kind, e.status, p.id, p.package_no from package_events e join packages p on p.id = e.package_id
    where ${scope.inCourier('e')} and ${scope.packageBranch('p')} and e.kind <> 'edit'
    order by e.created_at desc, e.id desc limit ${ACTIVITY_LIMIT}`, (rows) => rows.map((r) => ({
    at: isoOf(r.created_at),
    text: `${String(r.package_no)} ${KIND_TEXT[String(r.kind)] ?? `is now ${PACKAGE_STATUS_LABELS[r.status as PackageStatus]}`}`,
    link: `packages/${String(r.id)}`,
  })), sql`x.created_at desc, x.event_id desc`);
}

/**
 * The super admin's network: each courier's key figures (issue 14), from the counters and
 * roll-ups (migrations 0026, 0027) rather than each courier's parcels and invoices.
 */
export function courierRowsPart(): ReadPart<NonNullable<DashboardSummary['couriers']>> {
  return readPart(sql`
    select co.id, co.name,
      (select count(*)::int from customers c where c.courier_id = co.id and c.is_active) as customers,
      (select coalesce(sum(r.parcels), 0)::int from report_parcels_daily r where r.courier_id = co.id and r.day >= ${localDate('week')}) as received_week,
      (select coalesce(sum(c.packages), 0)::int from dashboard_package_counts c where c.courier_id = co.id and c.status = 'ready_for_pickup') as ready,
      (select coalesce(sum(c.packages), 0)::int from dashboard_package_counts c where c.courier_id = co.id and c.status = 'unknown') as unknown,
      (select coalesce(sum(d.balance_cents), 0)::bigint from dashboard_open_invoices d where d.courier_id = co.id) as unpaid,
      (select coalesce(sum(r.amount_cents), 0)::bigint from report_payments_daily r where r.courier_id = co.id and r.day >= ${localDate('month')}) as revenue
    from couriers co`, (rows) => rows.map((r) => ({
    courierId: String(r.id), courierName: String(r.name), customers: n(r.customers), receivedThisWeek: n(r.received_week),
    readyForPickup: n(r.ready), unknown: n(r.unknown), unpaidCents: n(r.unpaid), revenueThisMonthCents: n(r.revenue),
  })), sql`x.name, x.id`);
}

/** A customer's own parcels by status and their newest history, in their wording (issue 14), read in one statement. */
export async function customerDashboard(db: DbOrTx, customer: { id: string; courierId: string }, session?: DeferredSessionCheck | null): Promise<CustomerDashboard> {
  return readTogether(db, {
    packagesByStatus: readPart(sql`
      select p.status, count(*)::int as n from packages p where p.courier_id = ${customer.courierId} and p.customer_id = ${customer.id} group by p.status`,
    (rows) => rows.map((r) => ({ status: r.status as PackageStatus, count: n(r.n) })).sort((a, b) => b.count - a.count)),
    recentActivity: readPart(sql`
      select e.created_at, e.id as event_id, e.status, p.package_no from packages p
      join lateral (select pe.created_at, pe.status, pe.id from package_events pe where pe.package_id = p.id and pe.kind <> 'edit' order by pe.created_at desc limit ${ACTIVITY_LIMIT}) e on true
      where p.courier_id = ${customer.courierId} and p.customer_id = ${customer.id}
      order by e.created_at desc, e.id desc limit ${ACTIVITY_LIMIT}`, (rows) => rows.map((r) => ({
      at: isoOf(r.created_at),
      text: `${String(r.package_no)}: ${PACKAGE_STATUS_CUSTOMER_LABELS[r.status as PackageStatus]}`,
      link: `packages?package=${encodeURIComponent(String(r.package_no))}`,
    })), sql`x.created_at desc, x.event_id desc`),
  }, session);
}
