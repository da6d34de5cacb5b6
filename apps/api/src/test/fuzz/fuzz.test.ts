import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { apiRouteTable, type MatrixRoute } from '../access-matrix/route-table';
import { seedWorld, type MatrixWorld } from '../access-matrix/world';
import { formatReport, runFuzz } from './fuzz-runner';
import { changedTables, databaseFingerprint } from './invariants';

/**
 * Issue 6, fuzzing: requests generated from every route's own schema (fast-check). `npm test`
 * runs a short pass with a fixed seed; `npm run fuzz` (scripts/fuzz.mjs) sets FUZZ_REQUESTS and a
 * fresh FUZZ_SEED for the long one. Tests may read process.env (eslint.config.js).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);

describe('fuzzing every route from its own schema', () => {
  let test: TestApp;
  let world: MatrixWorld;
  let routes: MatrixRoute[];

  beforeAll(async () => {
    // Sign-in failures are counted per account; the fuzzer fails often on purpose.
    test = await createTestApp({ RATE_LIMIT_ACCOUNT_MAX: '100000' });
    world = await seedWorld(test);
    // HEAD twins of GET routes run the GET's handler: fuzzing the GET covers them.
    routes = apiRouteTable(test.app).routes.filter((route) => !route.isHeadTwin);
  });
  afterAll(() => test?.close());

  it('the database fingerprint sees a committed change and not a rolled-back one', async () => {
    const fingerprint = await databaseFingerprint(test.database.pool);
    const start = await fingerprint();
    const client = await test.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('update couriers set name = name where id = $1', [world.a.id]);
      await client.query('rollback');
      expect(changedTables(start, await fingerprint())).toEqual([]);
      await client.query('update couriers set name = name where id = $1', [world.a.id]);
      const updated = await fingerprint();
      expect(changedTables(start, updated)).toEqual(['couriers']);
      await client.query('delete from shipping_rates where id = $1', [world.c.targets.shipping_rate]);
      expect(changedTables(updated, await fingerprint())).toEqual(['shipping_rates']);
    } finally {
      client.release();
    }
  });

  it(`never a 5xx, no internals in a body, a JSON { message } with every 4xx, nothing stored by a rejected request (${REQUESTS} generated requests and the fixed corpus)`, async () => {
    const verbose = REQUESTS > 2000;
    const report = await runFuzz(test, world, routes, { requests: REQUESTS, seed: SEED, log: verbose ? (line) => console.log(line) : undefined });
    const text = formatReport(report);
    if (verbose || report.violations.length > 0) console.log(text);
    else console.log(`fuzz: ${report.total} requests over ${routes.length} routes in ${report.seconds.toFixed(1)} s, by status ${JSON.stringify(Object.fromEntries(report.byStatus))}`);
    expect(report.total).toBeGreaterThanOrEqual(REQUESTS);
    expect(report.violations.length, `\n${text}`).toBe(0);
  }, Math.max(120_000, REQUESTS * 250));
});
