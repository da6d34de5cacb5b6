/**
 * Dashboard benchmark (issue 14), server time through app.inject on a scratch database seeded at
 * the bench seed's biggest courier (200,000 parcels, one history row each, 60,000 invoices,
 * 40,000 payments over a year): GET /dashboard/summary as the courier admin (every figure, chart
 * and list), as a branch-scoped staff member, GET /dashboard/customer as a customer, and the super
 * admin's network table. Target: p99 < 50 ms each (on an idle 2-core machine).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboards.bench.ts
 */
import os from 'node:os';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer } from '../apps/api/src/test/factories';
import { quantile } from './lib/load';
import { startScratchApp } from './lib/scratch-app';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const STATUSES = ['received', 'in_transit', 'ready_for_pickup', 'collected', 'collected', 'collected', 'unknown', 'on_hold', 'arrived', 'delivered'];

async function main() {
  const scratch = await startScratchApp('dashboards');
  const { app, handle } = scratch;
  try {
    const courier = await makeCourier(handle.db, { name: 'Bench Dashboard Courier' });
    await makeCourier(handle.db, { name: 'Bench Other Courier' });
    const q = (text: string, values: unknown[] = []) => handle.pool.query(text, values);
    const started = Date.now();
    await q(`insert into customers (courier_id, mailbox_number, account_type, first_name, last_name, email, phone, password_hash, trn, address, parish, city)
      select $1, 'BD-' || lpad(g::text, 6, '0'), 'individual', 'Bench', 'Customer ' || g, 'benchd' || g || '@example.com', '876-555-0100', 'x', lpad(g::text, 9, '0'), '1 Bench Road', 'Kingston', 'Kingston'
      from generate_series(1, 5000) g`, [courier.id]);
    await q(`with cust as (select array_agg(id order by mailbox_number) as ids from customers where courier_id = $1),
      br as (select id from branches where courier_id = $1 limit 1)
      insert into packages (courier_id, package_no, tracking_number, carrier, status, customer_id, branch_id, service, pieces, weight, volumetric_divisor, chargeable_weight, received_at, updated_at, ready_since)
      select $1, 'BD-P-' || lpad(g::text, 7, '0'), '1ZBENCHD' || lpad(g::text, 10, '0'), 'ups', ($3::text[])[1 + g % 10],
        case when g % 10 = 6 then null else cust.ids[1 + g % 5000] end, br.id, 'air', 1, 2, 166, 2,
        now() - make_interval(mins => (g * 157) % 525600), now() - make_interval(mins => (g * 157) % 525600),
        -- Ready since its one history row (below); migration 0027's trigger would otherwise say now.
        case when ($3::text[])[1 + g % 10] = 'ready_for_pickup' then now() - make_interval(mins => (g * 157) % 525600) end
      from generate_series(1, $2::int) g, cust, br`, [courier.id, PACKAGES, STATUSES]);
    await q(`insert into package_events (courier_id, package_id, kind, status, actor_type, created_at)
      select courier_id, id, 'status', status, 'system', updated_at from packages where courier_id = $1`, [courier.id]);
    await q(`with cust as (select array_agg(id order by mailbox_number) as ids from customers where courier_id = $1)
      insert into invoices (courier_id, customer_id, invoice_no, status, subtotal_cents, gct_cents, total_cents, paid_cents, issued_at, pricing_snapshot)
      select $1, cust.ids[1 + g % 5000], 'INV-' || lpad(g::text, 7, '0'), case when g % 3 = 0 then 'unpaid' when g % 3 = 1 then 'paid' else 'partially_paid' end,
        10000, 1500, 11500, case when g % 3 = 1 then 11500 when g % 3 = 2 then 5000 else 0 end, now() - make_interval(days => g % 365), '{}'::jsonb
      from generate_series(1, 60000) g, cust`, [courier.id]);
    await q(`with cust as (select array_agg(id order by mailbox_number) as ids from customers where courier_id = $1)
      insert into payments (courier_id, customer_id, payment_no, method, amount_cents, status, void_reason, recorded_at)
      select $1, cust.ids[1 + g % 5000], 'RCT-' || lpad(g::text, 7, '0'), 'cash', 5000 + g % 7000, case when g % 50 = 0 then 'void' else 'recorded' end,
        case when g % 50 = 0 then 'Bench' end, now() - make_interval(mins => (g * 13) % 525600)
      from generate_series(1, 40000) g, cust`, [courier.id]);
    // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
    await q('vacuum analyze');
    console.log(`Seeded ${PACKAGES} parcels, their history, 60,000 invoices and 40,000 payments in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const { rows: [branch] } = await q('select id from branches where courier_id = $1 limit 1', [courier.id]);
    const customer = await makeCustomer(handle.db, courier);
    await q(`update packages set customer_id = $2 where id in (select id from packages where courier_id = $1 and customer_id is not null limit 40)`, [courier.id, customer.id]);
    const readers = {
      'courier admin (every figure)': (await signIn(app, await makeUser(handle.db, { role: 'courier_admin', courier }))).headers,
      'branch staff (all permissions, one branch)': (await signIn(app, await makeUser(handle.db, {
        role: 'staff', courier, branchId: branch.id,
        permissions: ['dashboard_view', 'packages_view', 'packages_unknown', 'packages_uncollected', 'invoices_view', 'payments_view', 'customers_view'],
      }))).headers,
      'super admin (network table)': (await signIn(app, await makeUser(handle.db, { role: 'super_admin' }))).headers,
    };
    const time = async (label: string, url: string, headers: Record<string, string>) => {
      for (let i = 0; i < 10; i += 1) await app.inject({ method: 'GET', url, headers });
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      console.log(`  ${label.padEnd(60)} p50 ${quantile(times, 0.5).toFixed(1)} ms  p99 ${quantile(times, 0.99).toFixed(1)} ms  (target p99 < 50 ms)`);
    };
    console.log(`load average (1 min) before timing: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs (wall time is only meaningful on an idle machine)`);
    for (const [label, headers] of Object.entries(readers)) await time(`GET /dashboard/summary, ${label}`, '/api/dashboard/summary', headers);
    const customerHeaders = (await signInCustomer(app, customer, courier.apiKey)).headers;
    await time('GET /dashboard/customer, a customer with 40 parcels', '/api/dashboard/customer', customerHeaders);
    console.log(`load average (1 min) after timing: ${os.loadavg()[0]?.toFixed(1)}`);
    await app.close();
  } finally {
    // BENCH_KEEP=1 keeps the seeded database for EXPLAIN (dropped by hand afterwards).
    await scratch.close({ keep: Boolean(process.env.BENCH_KEEP) });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
