import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshRequest, killServer, spawnServer, SUPERADMIN, waitUntil, type ServerProcess } from './support/server-process';

/**
 * Issue 6, faults: SIGTERM. Sign-ins (argon2, ~100 ms of CPU each) are in flight when the signal
 * arrives: every one of them finishes with a token; a request after the signal gets 503 or a
 * refused connection; the process exits 0 and the embedded PostgreSQL (no DATABASE_URL) has
 * been stopped cleanly, which removes its postmaster.pid.
 */
describe('SIGTERM', () => {
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await killServer(server);
  });

  it('finishes in-flight requests, refuses new ones and stops the embedded database', async () => {
    // At info level the server logs each request as it starts handling it ("incoming request",
    // written after Fastify's 503-on-closing check): that line, not a sleep, says it is in flight.
    server = await spawnServer({ env: { LOG_LEVEL: 'info' } });
    const pidFile = path.join(server.dataDir, 'pg', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(true);
    const { baseUrl } = server;

    const count = (...patterns: RegExp[]) => server!.output().split('\n').filter((line) => patterns.every((p) => p.test(line))).length;
    const started = () => count(/"msg":"incoming request"/, /super-admin\/login/);
    const logged = started();
    let signalledAt = Number.POSITIVE_INFINITY;
    const inFlight = Array.from({ length: 10 }, () => freshRequest(baseUrl, 'POST', '/api/auth/super-admin/login', SUPERADMIN)
      .then((response) => ({ ...response, afterSignal: Date.now() > signalledAt }), (error: NodeJS.ErrnoException) => ({ status: 0, text: String(error.code ?? error), afterSignal: true })));
    await waitUntil(() => started() - logged === inFlight.length, 10_000, 'the server to start every sign-in');
    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitUntil(() => count(/SIGTERM: finishing in-flight requests/) === 1, 5_000, 'the server to take the signal');
    const late = await freshRequest(baseUrl, 'GET', '/api/health').then((r) => r.status, (error: NodeJS.ErrnoException) => error.code);

    const finished = await Promise.all(inFlight);
    const exit = await server.exited;
    const context = `in flight: ${JSON.stringify(finished.map((f) => [f.status, f.afterSignal, f.text.slice(0, 80)]))}\nserver output:\n${server.output().slice(-3000)}`;

    expect(finished.some((f) => f.afterSignal), `no sign-in was still running at the signal: the test proves nothing\n${context}`).toBe(true);
    for (const response of finished) {
      expect(response.status, context).toBe(200);
      expect(JSON.parse(response.text), context).toEqual(expect.objectContaining({ token: expect.any(String) }));
    }
    expect([503, 'ECONNREFUSED'], context).toContain(late);
    expect(exit, context).toEqual({ code: 0, signal: null });
    await waitUntil(() => !existsSync(pidFile), 5_000, 'postmaster.pid to go');
  });
});
