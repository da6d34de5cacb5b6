import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../apps/api/src/db/client';
import { makeCourier, makeUser, TEST_PASSWORD } from '../../apps/api/src/test/factories';
import { createTestDatabase } from '../../apps/api/src/test/test-database';
import { call, killServer, sleep, spawnServer, waitUntil, type ServerProcess } from './support/server-process';

const BULK_UPLOAD = '/api/settings/shipping-rates/bulk-upload';
/** The parser's row limit (modules/settings/spreadsheet-parser.ts): the largest file it accepts. */
const ROWS = 20_000;

function rateFile(): string {
  const lines = ['weight,cost'];
  for (let i = 1; i <= ROWS; i += 1) lines.push(`${i} lbs,${100 + (i % 900)}.50`);
  return `${lines.join('\n')}\n`;
}

function upload(baseUrl: string, token: string, courierId: string, csv: string) {
  const form = new FormData();
  form.append('courier_id', courierId);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'rates.csv');
  return fetch(`${baseUrl}${BULK_UPLOAD}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

/**
 * Issue 6, faults: the API process is killed with SIGKILL in the middle of the largest
 * transactional write, a 20,000-row shipping-rate bulk upload. After a restart the rates are all
 * there or all absent, never a part, and the same upload then succeeds. Skipped only while the
 * bulk-upload route is not registered (it is listed in the server's own OpenAPI document).
 */
describe('SIGKILL in the middle of a bulk write', () => {
  let server: ServerProcess | undefined;
  let database: DbHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await killServer(server);
    await database?.close();
    await dropDatabase?.();
  });

  it('leaves the rates all there or all absent, and the upload works after a restart', async (context) => {
    const testDb = await createTestDatabase();
    dropDatabase = testDb.drop;
    database = createDb(testDb.url, 2);
    const db = database.db;
    server = await spawnServer({ env: { DATABASE_URL: testDb.url } });
    const { baseUrl, port } = server;

    const openapi = await call<{ paths: Record<string, unknown> }>(baseUrl, 'GET', '/api/openapi.json');
    if (!openapi.body.paths[BULK_UPLOAD]) context.skip(`${BULK_UPLOAD} is not registered yet`);

    const courier = await makeCourier(db);
    const admin = await makeUser(db, { role: 'courier_admin', courier });
    const signIn = async (url: string) => {
      const response = await call<{ token: string }>(url, 'POST', '/api/auth/login', { json: { email: admin.email, password: TEST_PASSWORD } });
      expect(response.status, response.text).toBe(200);
      return response.body.token;
    };
    const ratesInDb = async () => Number((await db.execute<{ n: string }>(sql`select count(*) as n from shipping_rates where courier_id = ${courier.id}`)).rows[0]?.n);
    const csv = rateFile();

    // Watch for the upload's open write transaction, then kill the server under it.
    const killed = (async () => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const { rows } = await db.execute<{ pid: number }>(sql`
          select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and backend_xid is not null and query ilike '%shipping_rates%'`);
        if (rows[0]) {
          server!.child.kill('SIGKILL');
          return rows[0].pid;
        }
        await sleep(5);
      }
      throw new Error('never saw the bulk upload write transaction');
    })();
    const uploaded = upload(baseUrl, await signIn(baseUrl), courier.id, csv).then((r) => r.status, (error: unknown) => String(error));
    const backendPid = await killed;
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await uploaded).toMatch(/fetch failed|other side closed|socket/i);

    // PostgreSQL rolls the transaction back once it sees the client gone.
    await waitUntil(async () => (await db.execute(sql`select 1 from pg_stat_activity where pid = ${backendPid}`)).rows.length === 0, 15_000, 'the killed backend to end');
    const afterKill = await ratesInDb();
    expect([0, ROWS]).toContain(afterKill);

    server = await spawnServer({ env: { DATABASE_URL: testDb.url }, port });
    const token = await signIn(server.baseUrl);
    const listed = await call<{ data: unknown[] }>(server.baseUrl, 'GET', '/api/settings/shipping-rates', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(afterKill);

    const retry = await upload(server.baseUrl, token, courier.id, csv);
    const result = await retry.json() as { createdRates: number; updatedRates: number; invalidRates: number; totalProcessed: number };
    expect(retry.status, JSON.stringify(result)).toBe(200);
    expect(result).toEqual(expect.objectContaining({ createdRates: ROWS - afterKill, updatedRates: afterKill, invalidRates: 0, totalProcessed: ROWS }));
    expect(await ratesInDb()).toBe(ROWS);
  });
});
