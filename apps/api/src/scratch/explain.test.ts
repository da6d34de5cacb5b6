import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeUser, signIn } from '../test/factories';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const courier = await makeCourier(t.database.db);
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
  await t.database.pool.query(seed, [courier.id, courier.branch.id, second, 100000]);
  await t.database.pool.query(seed, [neighbour.id, neighbour.branch.id, neighbour.branch.id, 20_000]);
  await t.database.pool.query('vacuum analyze customers');
  if (process.env.DROP_CREATED) await t.database.pool.query('drop index customers_created_idx');
  headers = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
}, 120_000);
afterAll(() => t.close());

it('explains', async () => {
  const pool = t.database.pool;
  console.log((await pool.query(`select relpages, relallvisible, reltuples from pg_class where relname = 'customers'`)).rows);
  const cid = (await pool.query(`select courier_id from customers group by 1 order by count(*) desc limit 1`)).rows[0].courier_id;
  for (const q of [
    `select customers.id from customers left join couriers on couriers.id = customers.courier_id left join branches on branches.id = customers.branch_id where customers.courier_id = $1 order by customers.created_at desc, customers.id desc limit 10 offset 49990`,
    `select customers.id from customers left join couriers on couriers.id = customers.courier_id where customers.courier_id = $1 order by customers.created_at desc, customers.id desc limit 10 offset 49990`,
    `select customers.id from customers left join branches on branches.id = customers.branch_id where customers.courier_id = $1 order by customers.created_at desc, customers.id desc limit 10 offset 49990`,
  ]) {
    console.log((await pool.query(`explain ${q}`, [cid])).rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const original = pool.query.bind(pool);
  for (const q of (process.env.EXPLAIN_QUERIES ?? 'x=1').split('|')) {
    const captured: { text: string; values: unknown[] }[] = [];
    (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown) => {
      if (typeof config === 'object' && config && 'text' in config) captured.push({ text: (config as { text: string }).text, values: (config as { values?: unknown[] }).values ?? (values as unknown[]) });
      return (original as (a: unknown, b?: unknown) => unknown)(config, values);
    };
    const r = await t.app.inject({ method: 'GET', url: `/api/customers?${q}`, headers });
    (pool as unknown as { query: unknown }).query = original;
    console.log('=====', q, r.statusCode);
    for (const c of captured) {
      if (/sessions s/.test(c.text)) continue;
      const plan = await original(`explain (analyze, buffers off) ${c.text}`, c.values ?? []);
      console.log('--', c.text.slice(0, 300));
      console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    }
  }
}, 120_000);
