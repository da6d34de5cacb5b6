import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeUser, signIn } from '../test/factories';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const courier = await makeCourier(t.database.db);
  const second = (await t.database.pool.query(`insert into branches (courier_id, name) values ($1, 'Montego Bay') returning id`, [courier.id])).rows[0].id;
  await t.database.pool.query(`
    insert into customers (courier_id, branch_id, mailbox_number, account_type, business_name, title, first_name, last_name, email, phone,
      password_hash, trn, address, parish, city, membership_type, is_active, created_at)
    select $1, case when n % 4 = 0 then $3::uuid else $2::uuid end, 'PERF-' || lpad(n::text, 6, '0'),
      case when n % 10 = 0 then 'business' else 'individual' end, case when n % 10 = 0 then 'Firm ' || n end, 'Mr.',
      'A' || n, 'Smith', 'person' || n || '@example.com', '876', 'x', '000', 'Hope', 'Kingston', 'Kingston', 'standard', n % 50 <> 0,
      now() - n * interval '1 minute'
    from generate_series(1, 100000) n`, [courier.id, courier.branch.id, second]);
  await t.database.pool.query('vacuum analyze customers');
  headers = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
}, 120_000);
afterAll(() => t.close());

it('times', async () => {
  const pool = t.database.pool;
  const original = pool.query.bind(pool);
  for (const url of ['/api/auth/profile', '/api/customers', '/api/customers', '/api/customers', '/api/customers?page=5000']) {
    const log: string[] = [];
    const started = performance.now();
    (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown) => {
      const t0 = performance.now();
      const text = typeof config === 'object' && config && 'text' in config ? (config as { text: string }).text : String(config);
      const p = (original as (a: unknown, b?: unknown) => Promise<unknown>)(config, values);
      return p.then((r) => { log.push(`${(t0 - started).toFixed(1).padStart(6)} +${(performance.now() - t0).toFixed(1).padStart(6)}  ${text.slice(0, 90)}`); return r; });
    };
    await t.app.inject({ method: 'GET', url, headers });
    const total = performance.now() - started;
    (pool as unknown as { query: unknown }).query = original;
    console.log(`== ${url} ${total.toFixed(1)}ms\n${log.join('\n')}`);
  }
}, 120_000);
