import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../app';
import { createDb } from '../db/client';
import { loadEnv } from '../env';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { makeCourier, makeUser, signIn } from '../test/factories';

/** Issue 6, security baseline: what any answer carries, and what it never does. */
describe('HTTP security baseline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('sends helmet headers with a CSP that allows only our own origin, and no server version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
  });

  it('keeps CORS closed: no other origin is allowed to read an answer, preflights included', async () => {
    const origin = 'https://evil.example';
    const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS', url: '/api/auth/login', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBeLessThan(500);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('limits bodies and time: an oversized JSON body is a 413 with a message, and slow requests are cut off', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
    // Node's own limits on the server Fastify made: a whole request, and an idle socket.
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.server.timeout).toBe(60_000);
  });
});

describe('secrets', () => {
  it('generates the JWT key once into DATA_DIR/secrets (0600), keeps sessions across a restart, and never logs the key or a token', async () => {
    const testDb = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-secrets-'));
    const database = createDb(testDb.url, 3);
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    // No JWT_SECRET: the key must come from the data dir.
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'debug', WEB_DIST_DIR: path.join(dataDir, 'no-web-build'), RATE_LIMIT_IP_MAX: '1000' });
    const start = async () => {
      const app = await buildApp({ env, database, logger: { level: 'debug', stream }, startWorkers: false });
      await app.ready();
      return app;
    };
    try {
      let app = await start();
      const admin = await makeUser(database.db, { role: 'courier_admin', courier: await makeCourier(database.db) });
      const { token, headers } = await signIn(app, admin);
      await app.close();

      const file = path.join(dataDir, 'secrets', 'jwt-secret');
      expect(((await stat(file)).mode & 0o777).toString(8)).toBe('600');
      const secret = (await readFile(file, 'utf8')).trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);

      app = await start();
      expect((await app.inject({ method: 'GET', url: '/api/auth/profile', headers })).statusCode).toBe(200);
      await app.close();

      const log = logged.join('');
      expect(log).toContain('/api/auth/profile'); // the requests were logged ...
      expect(log).not.toContain(secret); // ... but never the key
      expect(log).not.toContain(token);
    } finally {
      await database.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('listen address (issue 15)', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});
