import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';

type Summary = {
  scope: 'network' | 'courier' | 'branch';
  figures: { key: string; label: string; value: number }[];
  recentCustomers: { id: string; name: string; mailboxNumber: string; courierName: string; createdAt: string }[] | null;
};

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;
let secondBranchId: string;
const customersOfA: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  courierA = await makeCourier(t.database.db);
  courierB = await makeCourier(t.database.db);
  const { rows } = await t.database.pool.query(`insert into branches (courier_id, name) values ($1, 'Spanish Town') returning id`, [courierA.id]);
  secondBranchId = rows[0].id;

  // Courier A: 3 active at Head Office (1 business), 1 active at Spanish Town, 1 deactivated at Head Office.
  customersOfA.push((await makeCustomer(t.database.db, courierA)).id);
  customersOfA.push((await makeCustomer(t.database.db, courierA)).id);
  customersOfA.push((await makeCustomer(t.database.db, courierA, { accountType: 'business', businessName: 'Reid Trading', title: null })).id);
  customersOfA.push((await makeCustomer(t.database.db, courierA, { branchId: secondBranchId })).id);
  customersOfA.push((await makeCustomer(t.database.db, courierA, { isActive: false })).id);
  // Courier B: 4 active customers, none of which A may count or see.
  for (let i = 0; i < 4; i += 1) await makeCustomer(t.database.db, courierB, { firstName: 'Other' });
});
afterAll(() => t.close());

const summary = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers });
const figuresOf = (body: Summary) => Object.fromEntries(body.figures.map((f) => [f.key, f.value]));
/** The people figures (issue 15 #10 cases), leaving out the package figures of issue 11. */
const peopleFiguresOf = (body: Summary) => Object.fromEntries(body.figures.filter((f) => !f.key.startsWith('packages_')).map((f) => [f.key, f.value]));

describe('GET /api/dashboard/summary', () => {
  it('shows a courier admin the counts of its own courier only', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: courierA });
    await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const response = await summary((await signIn(t.app, admin)).headers);
    expect(response.statusCode).toBe(200);
    const body = response.json<Summary>();
    expect(body.scope).toBe('courier');
    expect(figuresOf(body)).toEqual({
      customers: 4,
      business_customers: 1,
      new_this_month: 4, // active sign-ups only: the deactivated one is not counted
      staff: 2,
      branches: 2,
      // Issue 11: a courier admin sees packages; this courier has received none yet.
      packages_received_today: 0,
      packages_received_week: 0,
      packages_at_warehouse: 0,
      packages_unknown: 0,
      packages_in_transit: 0,
      packages_on_hold: 0,
      packages_ready_for_pickup: 0,
      packages_uncollected: 0,
      invoices_unpaid_total: 0,
      invoices_unpaid_count: 0,
      revenue_this_month: 0,
      revenue_last_month: 0,
    });
    expect(body.recentCustomers).toHaveLength(5);
    for (const recent of body.recentCustomers ?? []) {
      expect(customersOfA).toContain(recent.id);
      expect(recent.courierName).toBe(courierA.name);
    }
  });

  it('shows a super admin the whole network, growing with each new courier', async () => {
    const superAdmin = await makeUser(t.database.db, { role: 'super_admin' });
    const { headers } = await signIn(t.app, superAdmin);
    const before = await summary(headers);
    expect(before.statusCode).toBe(200);
    const body = before.json<Summary>();
    expect(body.scope).toBe('network');
    const { rows } = await t.database.pool.query(`select
      (select count(*)::int from couriers) as couriers,
      (select count(*)::int from customers where is_active) as customers`);
    expect(figuresOf(body)).toMatchObject({ couriers: rows[0].couriers, customers: rows[0].customers });
    expect(figuresOf(body).customers).toBeGreaterThanOrEqual(8);
    expect(figuresOf(body).couriers).toBeGreaterThanOrEqual(2);

    await makeCourier(t.database.db);
    const after = figuresOf((await summary(headers)).json<Summary>());
    expect(after.couriers).toBe(figuresOf(body).couriers! + 1);
  });

  it('shows staff with dashboard_view the counts of their own branch', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const response = await summary((await signIn(t.app, staff)).headers);
    expect(response.statusCode).toBe(200);
    const body = response.json<Summary>();
    expect(body.scope).toBe('branch');
    // The staff role views customers but not business customers, staff or branches (issue 15 #10).
    expect(peopleFiguresOf(body)).toEqual({ customers: 3, new_this_month: 3 });

    const atSecond = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA, branchId: secondBranchId });
    const second = (await summary((await signIn(t.app, atSecond)).headers)).json<Summary>();
    expect(figuresOf(second)).toMatchObject({ customers: 1, business_customers: 0 });
    expect(Object.keys(figuresOf(second))).not.toContain('branches');
    expect(second.recentCustomers?.map((c) => c.id)).toEqual([customersOfA[3]]);
  });

  it('shows each figure and list only to whoever may open the screen it summarises (issue 15 #10)', async () => {
    const asStaff = async (permissions: string[]) => {
      const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA, permissions: ['dashboard_view', ...permissions] });
      await t.database.pool.query(`update users set role_id = null where id = $1`, [staff.id]);
      return (await summary((await signIn(t.app, staff)).headers)).json<Summary>();
    };
    const bare = await asStaff([]);
    expect(bare.figures).toEqual([]);
    expect(bare.recentCustomers).toBeNull();

    const staffOnly = await asStaff(['staff_view']);
    expect(Object.keys(peopleFiguresOf(staffOnly))).toEqual(['staff']);
    expect(staffOnly.recentCustomers).toBeNull();

    const business = await asStaff(['customers_business']);
    expect(peopleFiguresOf(business)).toEqual({ business_customers: 1 });
    expect(business.recentCustomers).toBeNull();

    const customers = await asStaff(['customers_view']);
    expect(peopleFiguresOf(customers)).toEqual({ customers: 3, new_this_month: 3 });
    expect(customers.recentCustomers?.length).toBe(4); // the newest of the branch, deactivated ones included
  });

  it('refuses staff without dashboard_view', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    await t.database.pool.query(`update users set role_id = null where id = $1`, [staff.id]);
    const response = await summary((await signIn(t.app, staff)).headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.forbidden });
  });

  it('lets a permission held directly, without a role, open the dashboard', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA, permissions: ['dashboard_view'] });
    await t.database.pool.query(`update users set role_id = null where id = $1`, [staff.id]);
    expect((await summary((await signIn(t.app, staff)).headers)).statusCode).toBe(200);
  });

  it('takes effect at once when the role loses dashboard_view', async () => {
    const courier = await makeCourier(t.database.db);
    const staff = await makeUser(t.database.db, { role: 'staff', courier });
    const { headers } = await signIn(t.app, staff);
    expect((await summary(headers)).statusCode).toBe(200);
    await t.database.pool.query(
      `update roles set permissions = array_remove(permissions, 'dashboard_view') where courier_id = $1 and builtin = 'staff'`,
      [courier.id],
    );
    expect((await summary(headers)).statusCode).toBe(403);
  });

  it('is not for customers or anonymous callers', async () => {
    const customer = await makeCustomer(t.database.db, courierB);
    const { headers } = await signInCustomer(t.app, customer, courierB.apiKey);
    expect((await summary(headers)).statusCode).toBe(403);
    expect((await summary({})).statusCode).toBe(401);
  });
});

describe('package figures on the dashboard (issue 11)', () => {
  it('count what the user\'s scope received today and what waits, and only for those who see packages', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: courierB });
    const headers = (await signIn(t.app, admin)).headers;
    const clerk = await makeUser(t.database.db, { role: 'staff', courier: courierB, permissions: ['packages_scan'] });
    const clerkHeaders = (await signIn(t.app, clerk)).headers;
    const receive = (payload: object) => t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: clerkHeaders, payload: { weight: 1, ...payload } });
    const customer = await makeCustomer(t.database.db, courierB);
    expect((await receive({ trackingNumber: 'DASHBOARD0001', customerId: customer.id })).statusCode).toBe(201);
    expect((await receive({ trackingNumber: 'DASHBOARD0002' })).statusCode).toBe(201);
    const figures = figuresOf((await summary(headers)).json<Summary>());
    expect(figures).toMatchObject({ packages_received_today: 2, packages_received_week: 2, packages_at_warehouse: 1, packages_unknown: 1 });
    const blind = await makeUser(t.database.db, { role: 'staff', courier: courierB, permissions: ['dashboard_view'] });
    await t.database.pool.query('update users set role_id = null where id = $1', [blind.id]);
    const blindFigures = figuresOf((await summary((await signIn(t.app, blind)).headers)).json<Summary>());
    expect(Object.keys(blindFigures).some((key) => key.startsWith('packages_'))).toBe(false);
  });
});

describe('work and money figures (issue 14)', () => {
  it('count parcels by status, unpaid invoices by age and revenue in the reader\'s scope, each with its filtered list', async () => {
    const courier = await makeCourier(t.database.db);
    const other = await makeCourier(t.database.db);
    const customer = await makeCustomer(t.database.db, courier);
    const stranger = await makeCustomer(t.database.db, other);
    const q = (text: string, values: unknown[]) => t.database.pool.query(text, values);
    const parcel = (c: TestCourier, customerId: string | null, status: string, n: number) => q(`insert into packages
      (courier_id, package_no, tracking_number, carrier, status, customer_id, weight, volumetric_divisor, chargeable_weight)
      select $1, 'DB-' || $4 || '-' || g, 'DBTRACK' || $4 || g, 'other', $2, $3, 1, 166, 1 from generate_series(1, $5::int) g`, [c.id, status, customerId, `${c.id.slice(0, 6)}${status}`, n]);
    await parcel(courier, customer.id, 'ready_for_pickup', 3);
    await parcel(courier, customer.id, 'in_transit', 2);
    await parcel(other, stranger.id, 'ready_for_pickup', 5);
    // One of the three has waited 20 days (past the default 15-day threshold): uncollected.
    await q(`update packages set ready_since = now() - interval '20 days' where id = (select id from packages where courier_id = $1 and status = 'ready_for_pickup' limit 1)`, [courier.id]);
    const invoice = (c: TestCourier, customerId: string, no: string, total: number, paid: number, daysAgo: number) => q(`insert into invoices
      (courier_id, customer_id, invoice_no, status, subtotal_cents, gct_cents, total_cents, paid_cents, issued_at, pricing_snapshot)
      values ($1, $2, $3, $4, $5, 0, $5, $6, now() - make_interval(days => $7::int), '{}')`, [c.id, customerId, no, paid === 0 ? 'unpaid' : 'partially_paid', total, paid, daysAgo]);
    await invoice(courier, customer.id, 'INV-900001', 50_000, 0, 2);
    await invoice(courier, customer.id, 'INV-900002', 30_000, 10_000, 45);
    await invoice(other, stranger.id, 'INV-900003', 99_000, 0, 2);
    const payment = (c: TestCourier, customerId: string, no: string, cents: number, status = 'recorded') => q(`insert into payments
      (courier_id, customer_id, payment_no, method, amount_cents, status, void_reason) values ($1, $2, $3, 'cash', $4, $5, $6)`,
    [c.id, customerId, no, cents, status, status === 'void' ? 'Mistake' : null]);
    await payment(courier, customer.id, 'RCT-900001', 10_000);
    await payment(courier, customer.id, 'RCT-900002', 7_000, 'void');
    await payment(other, stranger.id, 'RCT-900003', 77_000);

    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier });
    const body = (await summary((await signIn(t.app, admin)).headers)).json<Summary & Record<string, unknown>>();
    const byKey = Object.fromEntries(body.figures.map((f) => [f.key, f as unknown as { value: number; link: string | null; format: string }]));
    expect(byKey.packages_ready_for_pickup).toMatchObject({ value: 3, link: `packages?filters=${encodeURIComponent('{"status":"ready_for_pickup"}')}` });
    expect(byKey.packages_in_transit?.value).toBe(2);
    // The uncollected figure counts what the uncollected list lists.
    expect(byKey.packages_uncollected).toMatchObject({ value: 1, link: 'uncollected' });
    const uncollected = await t.app.inject({ method: 'GET', url: '/api/uncollected', headers: (await signIn(t.app, admin)).headers });
    expect(uncollected.json<{ total: number }>().total).toBe(1);
    expect(byKey.invoices_unpaid_total).toMatchObject({ value: 70_000, format: 'money' });
    expect(byKey.invoices_unpaid_count?.value).toBe(2);
    expect(byKey.revenue_this_month).toMatchObject({ value: 10_000, format: 'money' });
    expect(body.unpaidAging).toEqual([
      { bucket: '0-30', count: 1, balanceCents: 50_000 }, { bucket: '31-60', count: 1, balanceCents: 20_000 },
      { bucket: '61-90', count: 0, balanceCents: 0 }, { bucket: '90+', count: 0, balanceCents: 0 },
    ]);
    expect(body.packagesByStatus).toEqual([{ status: 'in_transit', count: 2 }, { status: 'ready_for_pickup', count: 3 }]);
    expect((body.revenueByMonth as { cents: number }[]).at(-1)?.cents).toBe(10_000);
    expect(body.couriers).toBeNull();

    // Staff who may view packages but not invoices or payments get no money figures.
    const clerk = await makeUser(t.database.db, { role: 'staff', courier, permissions: ['dashboard_view', 'packages_view'] });
    await t.database.pool.query('update users set role_id = null where id = $1', [clerk.id]);
    const clerkBody = (await summary((await signIn(t.app, clerk)).headers)).json<Summary & Record<string, unknown>>();
    expect(clerkBody.figures.some((f) => f.key.startsWith('invoices_') || f.key.startsWith('revenue_'))).toBe(false);
    expect(clerkBody.unpaidAging).toBeNull();
    expect(clerkBody.revenueByMonth).toBeNull();

    // The super admin sees each courier on its own row.
    const superAdmin = await makeUser(t.database.db, { role: 'super_admin' });
    const network = (await summary((await signIn(t.app, superAdmin)).headers)).json<{ couriers: { courierId: string; readyForPickup: number; unpaidCents: number; revenueThisMonthCents: number }[] }>();
    expect(network.couriers.find((c) => c.courierId === courier.id)).toMatchObject({ readyForPickup: 3, unpaidCents: 70_000, revenueThisMonthCents: 10_000 });
    expect(network.couriers.find((c) => c.courierId === other.id)).toMatchObject({ readyForPickup: 5, unpaidCents: 99_000, revenueThisMonthCents: 77_000 });

    // The customer's own dashboard: their parcels only.
    const mine = await t.app.inject({ method: 'GET', url: '/api/dashboard/customer', headers: (await signInCustomer(t.app, customer, courier.apiKey)).headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ packagesByStatus: unknown[] }>().packagesByStatus).toEqual([{ status: 'ready_for_pickup', count: 3 }, { status: 'in_transit', count: 2 }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/customer', headers: (await signIn(t.app, admin)).headers })).statusCode).toBe(403);
  });
});
