import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/api/src/db/embedded';
import { call, killServer, makeDataDir, signInSuperAdmin, sleep, spawnServer, SUPERADMIN, waitUntil, type ServerProcess } from './support/server-process';

type Phase = 'before' | 'outage' | 'recovering' | 'after';
interface Outcome { phase: Phase; endPhase: Phase; status: number | 'network'; text: string }

/**
 * Issue 6, faults: PostgreSQL restarted under load. A dedicated embedded PostgreSQL (never the
 * machine's shared server) is the API's DATABASE_URL; while requests flow it is stopped, then
 * started again on the same port. The API must answer 503 with a JSON message during the outage,
 * never a 500 or a dropped connection, and recover by itself: same process, no restart.
 */
describe('PostgreSQL restarted under load', () => {
  let database: EmbeddedDatabase | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await killServer(server);
    await database?.stop();
  });

  it('answers 503 during the outage and recovers without a restart', async () => {
    const pgDir = await makeDataDir('pg');
    const pgPort = await freePort();
    database = await startEmbeddedPostgres(pgDir, () => {}, { port: pgPort });
    server = await spawnServer({ env: { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '5' } });
    const { baseUrl } = server;
    const token = await signInSuperAdmin(baseUrl);

    let phase: Phase = 'before';
    let running = true;
    const outcomes: Outcome[] = [];
    const requests = [
      () => call(baseUrl, 'GET', '/api/auth/profile', { token }),
      () => call(baseUrl, 'GET', '/api/dashboard/summary', { token }),
      () => call(baseUrl, 'POST', '/api/auth/super-admin/login', { json: SUPERADMIN }),
    ];
    const worker = async (index: number) => {
      for (let n = index; running; n += 1) {
        const at = phase;
        const request = requests[n % requests.length]!;
        try {
          const response = await request();
          outcomes.push({ phase: at, endPhase: phase, status: response.status, text: response.text });
        } catch (error) {
          outcomes.push({ phase: at, endPhase: phase, status: 'network', text: String(error) });
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, i) => worker(i));

    await sleep(1500);
    phase = 'outage';
    await database.stop();
    await sleep(3000);
    const healthDown = await call(baseUrl, 'GET', '/api/health').catch((error: unknown) => {
      throw new Error(`the server went away during the outage: ${String(error)}\n${server?.output()}`);
    });

    database = await startEmbeddedPostgres(pgDir, () => {}, { port: pgPort });
    phase = 'recovering';
    await waitUntil(async () => (await call(baseUrl, 'GET', '/api/health')).status === 200, 20_000, 'health 200 after the restart');
    phase = 'after';
    await sleep(1500);
    running = false;
    await Promise.all(workers);

    const summary = outcomes.reduce<Record<string, number>>((acc, o) => {
      const key = `${o.phase}:${o.status}`;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});
    const context = `outcomes ${JSON.stringify(summary)}\nserver output:\n${server.output().slice(-3000)}`;

    // The process never went away and never dropped a connection.
    expect(server.child.exitCode, context).toBeNull();
    expect(outcomes.filter((o) => o.status === 'network'), context).toEqual([]);
    // Only 200 or 503 anywhere: no 500 and no 401 from a session lookup that failed.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503).map((o) => `${o.phase} ${o.status} ${o.text}`), context).toEqual([]);
    expect(outcomes.filter((o) => o.endPhase === 'before').every((o) => o.status === 200), context).toBe(true);

    const during = outcomes.filter((o) => o.status === 503);
    expect(during.length, context).toBeGreaterThan(0);
    for (const outage of during) {
      const body = JSON.parse(outage.text) as { message?: unknown };
      expect(typeof body.message).toBe('string');
      expect(outage.text).not.toMatch(/select |insert |ECONNREFUSED|at .*\.js/i);
    }
    expect(healthDown.status).toBe(503);
    expect(healthDown.body).toEqual({ status: 'degraded', database: 'down' });

    // Recovered by itself: every request after recovery succeeds, old session and new sign-in alike.
    const after = outcomes.filter((o) => o.phase === 'after');
    expect(after.length, context).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 200), context).toBe(true);
    expect((await call(baseUrl, 'GET', '/api/auth/profile', { token })).status).toBe(200);
    expect(await signInSuperAdmin(baseUrl)).toEqual(expect.any(String));
  });
});
