import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeUser, signIn } from '../test/factories';

/**
 * Issue 3: "a list of 100,000 rows answers in tens of milliseconds". One courier with 100,000
 * customers (and a neighbour with 20,000, so the tenant condition has work to do); each view is
 * requested through the API several times and the median is reported.
 *
 * Wall-clock bounds fail on a busy machine, so the bound is relative to two floors measured in
 * the same run: a bare `count(*)` of the courier's customers (an exact total must count the
 * matching rows whatever the indexes) and the cheapest authenticated request (GET /auth/profile).
 * On an idle machine both take a few milliseconds, which puts the bound in the tens.
 */
const CUSTOMERS = 100_000;
const RUNS = 7;
const COUNT_FACTOR = 10;
const REQUEST_FACTOR = 4;

let t: TestApp;
let headers: Record<string, string>;
let courierId: string;

beforeAll(async () => {
  t = await createTestApp();
  const courier = await makeCourier(t.database.db);
  courierId = courier.id;
  const neighbour = await makeCourier(t.database.db);
  const second = (await t.database.pool.query(`insert into branches (courier_id, name) values ($1, 'Montego Bay') returning id`, [courier.id])).rows[0].id;
  const seed = `
    insert into customers (courier_id, branch_id, mailbox_number, account_type, business_name, title, first_name, last_name, email, phone,
      password_hash, trn, address, parish, city, membership_type, is_active, created_at)
    select $1, case when n % 4 = 0 then $3::uuid else $2::uuid end, 'PERF-' || lpad(n::text, 6, '0'),
      case when n % 10 = 0 then 'business' else 'individual' end, case when n % 10 = 0 then 'Firm ' || n end, 'Mr.',
      (array['Andre','Beverley','Courtney','Delroy','Errol','Fiona','Garfield','Hyacinth'])[1 + n % 8] || n,
      (array['Brown','Campbell','Williams','Smith','Johnson','Reid','Clarke','Thompson','Grant','Walker'])[1 + n % 10],
      'person' || n || '@example.com', '876-555-' || lpad((n % 10000)::text, 4, '0'), 'x', '000-000-000', n || ' Hope Road',
      'Kingston', 'Kingston', (array['standard','student','bpo_employee','civil_servant'])[1 + n % 4], n % 50 <> 0,
      now() - n * interval '1 minute'
    from generate_series(1, $4::int) n`;
  await t.database.pool.query(seed, [courier.id, courier.branch.id, second, CUSTOMERS]);
  await t.database.pool.query(seed, [neighbour.id, neighbour.branch.id, neighbour.branch.id, 20_000]);
  // What autovacuum does after a bulk load (PostgreSQL 13+ vacuums on inserts too): statistics and the visibility map.
  await t.database.pool.query('vacuum analyze customers');
  headers = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
}, 120_000);
afterAll(() => t.close());

async function medianOf(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(RUNS / 2)] ?? 0) * 10) / 10;
}

/** Buffers (8 kB pages) the page-of-rows query of one list request touches: a measure no load changes. */
async function pageQueryBuffers(query: Record<string, string>): Promise<number> {
  const pool = t.database.pool;
  const original = pool.query.bind(pool);
  const captured: { text: string; values: unknown[] }[] = [];
  pool.query = ((config: unknown, values?: unknown) => {
    if (typeof config === 'object' && config !== null && 'text' in config) {
      const { text, values: inline } = config as { text: string; values?: unknown[] };
      captured.push({ text, values: inline ?? (values as unknown[]) ?? [] });
    }
    return (original as (c: unknown, v?: unknown) => unknown)(config, values);
  }) as typeof pool.query;
  try {
    await t.app.inject({ method: 'GET', url: `/api/customers?${new URLSearchParams(query).toString()}`, headers });
  } finally {
    pool.query = original;
  }
  const page = captured.find((c) => c.text.startsWith('select "customers"."id", "customers"."mailbox_number"'));
  if (!page) throw new Error('page query not seen');
  const { rows } = await original(`explain (analyze, buffers, format json) ${page.text}`, page.values);
  type PlanNode = Record<string, number> & { 'Parent Relationship'?: string; Plans?: PlanNode[] };
  const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
  const buffers = (node: PlanNode) => (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0);
  // The statement also carries the total (an InitPlan, issue 16): only the page's own reads count here.
  const total = (plan.Plans ?? []).filter((node) => node['Parent Relationship'] === 'InitPlan').reduce((sum, node) => sum + buffers(node), 0);
  return buffers(plan) - total;
}

async function median(query: Record<string, string>) {
  const url = `/api/customers?${new URLSearchParams(query).toString()}`;
  const first = await t.app.inject({ method: 'GET', url, headers });
  expect(first.statusCode).toBe(200);
  const ms = await medianOf(() => t.app.inject({ method: 'GET', url, headers }));
  return { ms, body: first.json() };
}

describe(`a list of ${CUSTOMERS.toLocaleString('en')} customers`, () => {
  it('answers each view in tens of milliseconds', async () => {
    const views: Record<string, Record<string, string>> = {
      'page 1, newest first': {},
      'deep page (5,000 of 10,000)': { page: '5000' },
      'page 1 by name': { sort: 'name' },
      'deep page by name (2,500)': { sort: 'name', page: '2500', pageSize: '10' },
      'search "smith"': { search: 'smith' },
      'search, rare term': { search: 'person99999@' },
      'filter business accounts': { filters: JSON.stringify({ accountType: 'business' }) },
      'search + membership filter + sort by email': { search: 'reid', filters: JSON.stringify({ membershipType: 'student' }), sort: 'email' },
      'deep page of a filter (500)': { page: '500', filters: JSON.stringify({ accountType: 'business' }) },
      '100 rows per page': { pageSize: '100' },
    };
    // The floors are measured beside each view, so a burst of load elsewhere moves both.
    const bareCount = () => medianOf(() => t.database.pool.query('select count(*) from customers where courier_id = $1', [courierId]));
    const bareRequest = () => medianOf(() => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers }));
    const report: Record<string, { ms: number; total: number; bound: number; buffers: number }> = {};
    for (const [name, query] of Object.entries(views)) {
      const [countMs, requestMs] = [await bareCount(), await bareRequest()];
      const { ms, body } = await median(query);
      const buffers = await pageQueryBuffers(query);
      report[name] = { ms, total: body.total, bound: Math.round(COUNT_FACTOR * countMs + REQUEST_FACTOR * requestMs), buffers };
    }
    const lines = Object.entries(report).map(([name, r]) => `  ${name.padEnd(46)} ${String(r.ms).padStart(7)} ms  (bound ${r.bound})  page query ${String(r.buffers).padStart(5)} buffers  total ${r.total}`);
    console.info(`list-query timings, median of ${RUNS}:\n${lines.join('\n')}`);

    expect(report['page 1, newest first']?.total).toBe(CUSTOMERS);
    expect(report['filter business accounts']?.total).toBe(CUSTOMERS / 10);
    expect(report['search, rare term']?.total).toBe(1);
    for (const [name, r] of Object.entries(report)) expect(r.ms, name).toBeLessThan(r.bound);
    // Load-independent: the page of rows never reads the table through; at most about one page
    // per row it skips (a deep page walks its index), so page 1 of any view stays in the hundreds.
    for (const [name, query] of Object.entries(views)) {
      const skipped = (Number(query.page ?? 1) - 1) * Number(query.pageSize ?? 10);
      expect(report[name]?.buffers, name).toBeLessThan(skipped + 1000);
    }
  }, 300_000);

  it('still offers the dropdowns of the whole courier', async () => {
    const { body } = await median({ search: 'smith' });
    expect(body.filterOptions.accountType).toHaveLength(2);
    expect(body.filterOptions.membershipType).toHaveLength(4);
    expect(body.filterOptions.branchName).toHaveLength(2);
    expect(body.filterOptions.isActive).toHaveLength(2);
  }, 60_000);
});
