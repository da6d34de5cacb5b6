import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier } from '../test/factories';

let t: TestApp;
let courierId: string;
beforeAll(async () => {
  t = await createTestApp();
  const courier = await makeCourier(t.database.db);
  courierId = courier.id;
  const other = await makeCourier(t.database.db);
  for (const [id, n] of [[courier.id, 100000], [other.id, 20000]] as const) {
    await t.database.pool.query(`
    insert into customers (courier_id, branch_id, mailbox_number, account_type, first_name, last_name, email, phone,
      password_hash, trn, address, parish, city, created_at)
    select $1, null, 'P-' || n, 'individual', 'A' || n, 'Smith', 'p' || n || '@e.com', '876', 'x', '0', 'H', 'K', 'K', now() - n * interval '1 minute'
    from generate_series(1, $2::int) n`, [id, n]);
  }
  await t.database.pool.query('vacuum analyze customers');
}, 120_000);
afterAll(() => t.close());

it('ios', async () => {
  const q = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
  console.log(await q(`select relpages, relallvisible, reltuples from pg_class where relname = 'customers'`));
  const sqls = [
    `select id from customers where courier_id = $1 order by created_at desc, id desc limit 10 offset 49990`,
    `select count(*) from customers where courier_id = $1`,
  ];
  for (const s of sqls) {
    for (const setting of ['', 'set enable_seqscan = off', 'set enable_indexscan = off']) {
      const client = await t.database.pool.connect();
      if (setting) await client.query(setting);
      const plan = (await client.query(`explain (analyze) ${s}`, [courierId])).rows.map((r) => r['QUERY PLAN']).join('\n');
      client.release(true);
      console.log(`== ${setting} ${s}\n${plan}`);
    }
  }
}, 120_000);
