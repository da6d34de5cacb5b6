import { dashboardSummarySchema, type DashboardSummary } from '@parceldesk/shared/schemas/couriers';
import type { AppContext, ZodApp } from '../../app-context';
import { prepareStatement, runPrepared } from '../../db/prepared';
import { principalOf } from '../../plugins/auth';
import type { Principal } from '../../lib/principal';

type Scope = DashboardSummary['scope'];
type Counts = { couriers: number; branches: number; staff: number; customers: number; business_customers: number; new_this_month: number };
type RecentRow = { id: string; first_name: string; last_name: string; mailbox_number: string; courier_name: string; created_at: Date };

/** A table alias limited to the scope: $1 is the courier, $2 the branch. */
function within(scope: Scope, alias: string): string {
  if (scope === 'network') return 'true';
  return scope === 'courier' ? `${alias}.courier_id = $1` : `${alias}.courier_id = $1 and ${alias}.branch_id = $2`;
}

/**
 * The dashboard is read on every visit of every staff-side home page (and three in ten of the
 * soak's requests): two prepared statements per scope (issue 16). Each customer figure stays its
 * own count, which an index answers alone; one pass with FILTER read the heap and was slower.
 */
function statementsFor(scope: Scope) {
  const counts = prepareStatement<Counts, string[]>(`dashboard_counts_${scope}`, `
    select
      (select count(*)::int from couriers co where ${scope === 'network' ? 'true' : 'co.id = $1'}) as couriers,
      (select count(*)::int from branches b where ${scope === 'network' ? 'true' : 'b.courier_id = $1'} and b.is_active and ${scope === 'branch' ? 'b.id = $2' : 'true'}) as branches,
      (select count(*)::int from users u where u.role <> 'super_admin' and u.is_active and ${within(scope, 'u')}) as staff,
      (select count(*)::int from customers c where c.is_active and ${within(scope, 'c')}) as customers,
      (select count(*)::int from customers c where c.is_active and c.account_type = 'business' and ${within(scope, 'c')}) as business_customers,
      (select count(*)::int from customers c where c.is_active and c.created_at >= date_trunc('month', now()) and ${within(scope, 'c')}) as new_this_month`);
  const recent = prepareStatement<RecentRow, string[]>(`dashboard_recent_${scope}`, `
    select c.id, c.first_name, c.last_name, c.mailbox_number, co.name as courier_name, c.created_at
    from customers c join couriers co on co.id = c.courier_id
    where ${within(scope, 'c')}
    order by c.created_at desc limit 5`);
  return { counts, recent };
}
const STATEMENTS = { network: statementsFor('network'), courier: statementsFor('courier'), branch: statementsFor('branch') };

/** Counts for the signed-in user's own scope: the network, their courier, or their branch. */
async function summarise(ctx: AppContext, principal: Principal): Promise<DashboardSummary> {
  const courier = principal.role === 'super_admin' ? null : principal.courierId;
  const branch = principal.role === 'branch_manager' || principal.role === 'staff' ? principal.branchId : null;
  const scope: Scope = branch && courier ? 'branch' : courier ? 'courier' : 'network';
  const values = scope === 'branch' ? [courier!, branch!] : scope === 'courier' ? [courier!] : [];
  const [countRows, recent] = await Promise.all([
    runPrepared(ctx.db, STATEMENTS[scope].counts, values),
    runPrepared(ctx.db, STATEMENTS[scope].recent, values),
  ]);
  const counts: Partial<Counts> = countRows[0] ?? {};
  const figure = (key: keyof Counts, label: string) => ({ key, label, value: Number(counts[key] ?? 0) });

  const figures = principal.role === 'super_admin'
    ? [figure('couriers', 'Couriers'), figure('branches', 'Branches'), figure('staff', 'Staff users'), figure('customers', 'Customers'), figure('new_this_month', 'New customers this month')]
    : [figure('customers', 'Customers'), figure('business_customers', 'Business customers'), figure('new_this_month', 'New customers this month'), figure('staff', 'Staff users'), figure('branches', 'Branches')];

  return {
    scope,
    figures,
    recentCustomers: recent.map((r) => ({
      id: r.id, name: `${r.first_name} ${r.last_name}`, mailboxNumber: r.mailbox_number, courierName: r.courier_name,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export function dashboardRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/dashboard/summary', {
    schema: { tags: ['dashboard'], summary: 'Figures for the signed-in user\'s dashboard', response: { 200: dashboardSummarySchema } },
    config: { access: { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff'], permission: 'dashboard_view' } },
  }, (request) => summarise(ctx, principalOf(request)));
}
