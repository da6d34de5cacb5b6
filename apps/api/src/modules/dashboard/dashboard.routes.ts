import { sql } from 'drizzle-orm';
import { ACCESS } from '@parceldesk/shared/access';
import { dashboardSummarySchema, type DashboardSummary } from '@parceldesk/shared/schemas/couriers';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import type { Principal } from '../../lib/principal';

/** Counts for the signed-in user's own scope: the network, their courier, or their branch. */
async function summarise(ctx: AppContext, principal: Principal): Promise<DashboardSummary> {
  const courier = principal.role === 'super_admin' ? null : principal.courierId;
  const branch = principal.role === 'branch_manager' || principal.role === 'staff' ? principal.branchId : null;
  const inCourier = (alias: string) => (courier ? sql`${sql.identifier(alias)}.courier_id = ${courier}` : sql`true`);
  const inBranch = (alias: string) => (branch ? sql`${sql.identifier(alias)}.branch_id = ${branch}` : sql`true`);

  const result = await ctx.db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from couriers co where ${courier ? sql`co.id = ${courier}` : sql`true`}) as couriers,
      (select count(*)::int from branches b where ${inCourier('b')} and b.is_active and ${branch ? sql`b.id = ${branch}` : sql`true`}) as branches,
      (select count(*)::int from users u where u.role <> 'super_admin' and u.is_active and ${inCourier('u')} and ${inBranch('u')}) as staff,
      (select count(*)::int from customers c where c.is_active and ${inCourier('c')} and ${inBranch('c')}) as customers,
      (select count(*)::int from customers c where c.is_active and c.account_type = 'business' and ${inCourier('c')} and ${inBranch('c')}) as business_customers,
      (select count(*)::int from customers c where c.is_active and c.created_at >= date_trunc('month', now()) and ${inCourier('c')} and ${inBranch('c')}) as new_this_month`);
  const counts = result.rows[0] ?? {};
  const figure = (key: string, label: string) => ({ key, label, value: Number(counts[key] ?? 0) });

  const figures = principal.role === 'super_admin'
    ? [figure('couriers', 'Couriers'), figure('branches', 'Branches'), figure('staff', 'Staff users'), figure('customers', 'Customers'), figure('new_this_month', 'New customers this month')]
    : [figure('customers', 'Customers'), figure('business_customers', 'Business customers'), figure('new_this_month', 'New customers this month'), figure('staff', 'Staff users'), figure('branches', 'Branches')];

  const recent = await ctx.db.execute<{ id: string; first_name: string; last_name: string; mailbox_number: string; courier_name: string; created_at: Date }>(sql`
    select c.id, c.first_name, c.last_name, c.mailbox_number, co.name as courier_name, c.created_at
    from customers c join couriers co on co.id = c.courier_id
    where ${inCourier('c')} and ${inBranch('c')}
    order by c.created_at desc limit 5`);

  return {
    scope: branch ? 'branch' : courier ? 'courier' : 'network',
    figures,
    recentCustomers: recent.rows.map((r) => ({
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
