import { sql } from 'drizzle-orm';
import { ACCESS } from '@parceldesk/shared/access';
import { mayOpenScreen } from '@parceldesk/shared/permissions';
import { DASHBOARD_FIGURE_PERMISSION, dashboardSummarySchema, type DashboardFigureKey, type DashboardSummary } from '@parceldesk/shared/schemas/couriers';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import type { Principal } from '../../lib/principal';
import { scopeOf } from '../../lib/tenant-scope';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';

const seesPackages = (principal: Principal) =>
  principal.role === 'super_admin' || principal.role === 'courier_admin' || principal.permissions.has('packages_view');

/**
 * Issue 11: packages received today and this week (Jamaica's calendar) and those waiting at
 * the statuses someone acts on, in the user's scope (a branch's staff: their pickup branch).
 */
async function packageFigures(ctx: AppContext, scope: { courier: string | null; branch: string | null }) {
  const where = sql.join([
    scope.courier ? sql`p.courier_id = ${scope.courier}` : sql`true`,
    scope.branch ? sql`p.branch_id = ${scope.branch}` : sql`true`,
  ], sql` and `);
  const today = sql`(date_trunc('day', now() at time zone ${LOCAL_TIME_ZONE}) at time zone ${LOCAL_TIME_ZONE})`;
  const week = sql`(date_trunc('week', now() at time zone ${LOCAL_TIME_ZONE}) at time zone ${LOCAL_TIME_ZONE})`;
  const result = await ctx.db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from packages p where ${where} and p.received_at >= ${today}) as received_today,
      (select count(*)::int from packages p where ${where} and p.received_at >= ${week}) as received_week,
      (select count(*)::int from packages p where ${where} and p.status = 'received') as at_warehouse,
      (select count(*)::int from packages p where ${where} and p.status = 'unknown') as unknown,
      (select count(*)::int from packages p where ${where} and p.status = 'on_hold') as on_hold,
      (select count(*)::int from packages p where ${where} and p.status = 'ready_for_pickup') as ready_for_pickup`);
  const counts = result.rows[0] ?? {};
  const figure = (key: string, label: string) => ({ key: `packages_${key}`, label, value: Number(counts[key] ?? 0) });
  return [
    figure('received_today', 'Packages received today'), figure('received_week', 'Packages received this week'),
    figure('at_warehouse', 'Packages at the warehouse'), figure('unknown', 'Unknown packages'),
    figure('on_hold', 'Packages on hold'), figure('ready_for_pickup', 'Packages ready for pickup'),
  ];
}

/** Counts for the signed-in user's own scope: the network, their courier, or their branch. */
async function summarise(ctx: AppContext, principal: Principal): Promise<DashboardSummary> {
  const courier = principal.role === 'super_admin' ? null : principal.courierId;
  const branch = principal.role === 'branch_manager' || principal.role === 'staff' ? principal.branchId : null;
  const inCourier = (alias: string) => (courier ? sql`${sql.identifier(alias)}.courier_id = ${courier}` : sql`true`);
  const inBranch = (alias: string) => (branch ? sql`${sql.identifier(alias)}.branch_id = ${branch}` : sql`true`);
  // Customers follow the branch scope (docs/decisions/008): all branches with branches_all.
  const { branch: customerBranch } = scopeOf(principal);
  const customerIn = (alias: string) => (!customerBranch ? sql`true`
    : customerBranch.id ? sql`${sql.identifier(alias)}.branch_id = ${customerBranch.id}` : sql`false`);

  const result = await ctx.db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from couriers co where ${courier ? sql`co.id = ${courier}` : sql`true`}) as couriers,
      (select count(*)::int from branches b where ${inCourier('b')} and b.is_active and ${branch ? sql`b.id = ${branch}` : sql`true`}) as branches,
      (select count(*)::int from users u where u.role <> 'super_admin' and u.is_active and ${inCourier('u')} and ${inBranch('u')}) as staff,
      (select count(*)::int from customers c where c.is_active and ${inCourier('c')} and ${customerIn('c')}) as customers,
      (select count(*)::int from customers c where c.is_active and c.account_type = 'business' and ${inCourier('c')} and ${customerIn('c')}) as business_customers,
      (select count(*)::int from customers c where c.is_active and c.created_at >= date_trunc('month', now()) and ${inCourier('c')} and ${customerIn('c')}) as new_this_month`);
  const counts = result.rows[0] ?? {};
  const figure = (key: DashboardFigureKey, label: string) => ({ key, label, value: Number(counts[key] ?? 0) });
  // Issue 15 #10: a figure shows only to whoever may open the screen it summarises.
  const mayView = (key: DashboardFigureKey) => mayOpenScreen(principal, DASHBOARD_FIGURE_PERMISSION[key]);

  const figures: DashboardSummary['figures'] = (principal.role === 'super_admin'
    ? [figure('couriers', 'Couriers'), figure('branches', 'Branches'), figure('staff', 'Staff users'), figure('customers', 'Customers'), figure('new_this_month', 'New customers this month')]
    : [figure('customers', 'Customers'), figure('business_customers', 'Business customers'), figure('new_this_month', 'New customers this month'), figure('staff', 'Staff users'), figure('branches', 'Branches')]
  ).filter((f) => mayView(f.key));

  if (seesPackages(principal)) figures.push(...await packageFigures(ctx, { courier, branch }));

  const recent = !mayView('recent_customers') ? null : await ctx.db.execute<{ id: string; first_name: string; last_name: string; mailbox_number: string; courier_name: string; created_at: Date }>(sql`
    select c.id, c.first_name, c.last_name, c.mailbox_number, co.name as courier_name, c.created_at
    from customers c join couriers co on co.id = c.courier_id
    where ${inCourier('c')} and ${customerIn('c')}
    order by c.created_at desc limit 5`);

  return {
    scope: branch ? 'branch' : courier ? 'courier' : 'network',
    figures,
    recentCustomers: recent && recent.rows.map((r) => ({
      id: r.id, name: `${r.first_name} ${r.last_name}`, mailboxNumber: r.mailbox_number, courierName: r.courier_name,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export function dashboardRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/dashboard/summary', {
    schema: { tags: ['dashboard'], summary: 'Figures for the signed-in user\'s dashboard', response: { 200: dashboardSummarySchema } },
    config: { access: ACCESS.dashboard },
  }, (request) => summarise(ctx, principalOf(request)));
}
