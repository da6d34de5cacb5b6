import { sql } from 'drizzle-orm';
import { ACCESS } from '@parceldesk/shared/access';
import { customerDashboardSchema, dashboardSummarySchema, type DashboardFigureKey, type DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import type { Principal } from '../../lib/principal';
import { isoOf, readPart, readTogether } from '../../db/prepared';
import { notFound } from '../../lib/app-error';
import { scopeOf } from '../../lib/tenant-scope';
import type { DeferredSessionCheck } from '../../lib/deferred-session';
import { courierRowsPart, customerDashboard, staffActivityPart } from './dashboard-activity.service';
import { dashboardScope } from './dashboard-scope';
import { workFigures, workParts } from './dashboard-work.service';

/** The lists the people figures open, in each area (the super admin has no network customer list). */
const COURIER_LINKS: Partial<Record<DashboardFigureKey, string>> = {
  customers: 'customers', business_customers: 'business-customers', staff: 'staff', branches: 'branches', new_this_month: 'customers?sort=createdAt&order=desc',
};
const NETWORK_LINKS: Partial<Record<DashboardFigureKey, string>> = { couriers: 'couriers', staff: 'staff', branches: 'branches' };

/** Counts for the signed-in user's own scope: the network, their courier, or their branch. */
async function summarise(ctx: AppContext, principal: Principal, session: DeferredSessionCheck | null): Promise<DashboardSummary> {
  const courier = principal.role === 'super_admin' ? null : principal.courierId;
  const branch = principal.role === 'branch_manager' || principal.role === 'staff' ? principal.branchId : null;
  const inCourier = (alias: string) => (courier ? sql`${sql.identifier(alias)}.courier_id = ${courier}` : sql`true`);
  const inBranch = (alias: string) => (branch ? sql`${sql.identifier(alias)}.branch_id = ${branch}` : sql`true`);
  // Customers follow the branch scope (docs/decisions/008): all branches with branches_all.
  const { branch: customerBranch } = scopeOf(principal);
  const customerIn = (alias: string) => (!customerBranch ? sql`true`
    : customerBranch.id ? sql`${sql.identifier(alias)}.branch_id = ${customerBranch.id}` : sql`false`);

  const scope = dashboardScope(principal);
  const mayView = scope.may;
  // Everything the dashboard shows is read in one statement (db/prepared.ts readTogether).
  const read = await readTogether(ctx.db, {
    counts: readPart(sql`
      select
        (select count(*)::int from couriers co where ${courier ? sql`co.id = ${courier}` : sql`true`}) as couriers,
        (select count(*)::int from branches b where ${inCourier('b')} and b.is_active and ${branch ? sql`b.id = ${branch}` : sql`true`}) as branches,
        (select count(*)::int from users u where u.role <> 'super_admin' and u.is_active and ${inCourier('u')} and ${inBranch('u')}) as staff,
        (select count(*)::int from customers c where c.is_active and ${inCourier('c')} and ${customerIn('c')}) as customers,
        (select count(*)::int from customers c where c.is_active and c.account_type = 'business' and ${inCourier('c')} and ${customerIn('c')}) as business_customers,
        (select count(*)::int from customers c where c.is_active and c.created_at >= date_trunc('month', now()) and ${inCourier('c')} and ${customerIn('c')}) as new_this_month`,
    (rows) => rows[0] ?? {}),
    ...workParts(scope, courier ? 'courier' : 'network'),
    recent: !mayView('recent_customers') ? null : readPart(sql`
      select c.id, c.first_name, c.last_name, c.mailbox_number, co.name as courier_name, c.created_at
      from customers c join couriers co on co.id = c.courier_id
      where ${inCourier('c')} and ${customerIn('c')}
      order by c.created_at desc, c.id desc limit 5`, (rows) => rows.map((r) => ({
      id: String(r.id), name: `${String(r.first_name)} ${String(r.last_name)}`, mailboxNumber: String(r.mailbox_number), courierName: String(r.courier_name),
      createdAt: isoOf(r.created_at),
    })), sql`x.created_at desc, x.id desc`),
    activity: staffActivityPart(scope),
    couriers: principal.role === 'super_admin' ? courierRowsPart() : null,
  }, session);
  const links = principal.role === 'super_admin' ? NETWORK_LINKS : COURIER_LINKS;
  const figure = (key: DashboardFigureKey, label: string) => ({ key, label, value: Number(read.counts[key] ?? 0), format: 'count' as const, link: links[key] ?? null });

  const figures: DashboardSummary['figures'] = (principal.role === 'super_admin'
    ? [figure('couriers', 'Couriers'), figure('branches', 'Branches'), figure('staff', 'Staff users'), figure('customers', 'Customers'), figure('new_this_month', 'New customers this month')]
    : [figure('customers', 'Customers'), figure('business_customers', 'Business customers'), figure('new_this_month', 'New customers this month'), figure('staff', 'Staff users'), figure('branches', 'Branches')]
  ).filter((f) => mayView(f.key));
  const work = workFigures(read);
  figures.push(...work.figures);

  return {
    scope: branch ? 'branch' : courier ? 'courier' : 'network',
    figures,
    recentCustomers: read.recent,
    packagesByStatus: work.packagesByStatus,
    revenueByMonth: work.revenueByMonth,
    unpaidAging: work.unpaidAging,
    recentActivity: read.activity,
    couriers: read.couriers,
  };
}

export function dashboardRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/dashboard/summary', {
    schema: { tags: ['dashboard'], summary: 'Figures for the signed-in user\'s dashboard', response: { 200: dashboardSummarySchema } },
    config: { access: ACCESS.dashboard, sessionInStatement: true },
  }, (request) => summarise(ctx, principalOf(request), request.deferredSession));

  app.get('/dashboard/customer', {
    schema: { tags: ['dashboard'], summary: 'The signed-in customer\'s parcels by status and recent activity', response: { 200: customerDashboardSchema } },
    config: { access: { roles: ['customer'] }, sessionInStatement: true },
  }, (request) => {
    const principal = principalOf(request);
    if (!principal.courierId) throw notFound();
    return customerDashboard(ctx.db, { id: principal.id, courierId: principal.courierId }, request.deferredSession);
  });
}
