import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, WEBHOOK_MSG, type WebhookDelivery, type WebhookEndpoint, type WebhookPayload } from '@parceldesk/shared/schemas/webhooks';
import { buildApp, type App } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeUser, signIn } from '../../test/factories';
import { packageWorld, upsNumber, type PackageWorld } from '../packages/package-test-kit';
import { verifyWebhook } from './webhook-signing';
import { startWebhookReceiver } from './webhook-receiver';

const ENV = { ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_LIMIT: '3' };
let t: TestApp;
let w: PackageWorld;
beforeAll(async () => {
  t = await createTestApp(ENV, { startJobs: true });
  w = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const until = async <T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

async function subscribe(app: App, headers: Record<string, string>, url: string, events: string[] = ['package.received', 'package.status_changed']) {
  const response = await app.inject({ method: 'POST', url: '/api/settings/webhooks', headers, payload: { url, events } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: WebhookEndpoint; secret: string; message: string }>();
}
const receive = (app: App, headers: Record<string, string>) => app.inject({
  method: 'POST', url: '/api/packages/receive', headers, payload: { trackingNumber: upsNumber(), mailboxNumber: w.tanya.mailboxNumber, weight: 2 },
});
const deliveries = async (app: App, headers: Record<string, string>, endpointId: string) =>
  (await app.inject({ method: 'GET', url: `/api/settings/webhooks/${endpointId}/deliveries`, headers })).json<{ data: WebhookDelivery[] }>().data;

describe('outbound webhooks', () => {
  it('signs each delivery over timestamp.body with the secret shown once; the receiver verifies it', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const created = await subscribe(t.app, w.as.admin, receiver.url);
      expect(created.secret).toMatch(/^whsec_/);
      expect(created.message).toBe(WEBHOOK_MSG.created);
      const list = await t.app.inject({ method: 'GET', url: '/api/settings/webhooks', headers: w.as.admin });
      expect(list.body).not.toContain(created.secret);

      const received = await receive(t.app, w.as.clerk);
      expect(received.statusCode).toBe(201);
      const pkg = received.json<{ package: { id: string; packageNumber: string } }>().package;
      const moved = await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/status`, headers: w.as.admin, payload: { status: 'on_hold', note: 'Customs query' } });
      expect(moved.statusCode, moved.body).toBe(200);

      await until(() => receiver.received.length, (n) => n >= 2);
      const bodies = receiver.received.map((r) => JSON.parse(r.body) as WebhookPayload);
      expect(bodies.map((b) => b.type)).toEqual(['package.received', 'package.status_changed']);
      expect(bodies[0]!.data).toMatchObject({ packageId: pkg.id, packageNumber: pkg.packageNumber, status: 'received', customerId: w.tanya.id });
      expect(bodies[1]!.data).toMatchObject({ packageId: pkg.id, previousStatus: 'received', status: 'on_hold', note: 'Customs query' });
      for (const delivery of receiver.received) {
        const headers = delivery.headers;
        const input = {
          secret: created.secret, body: delivery.body,
          timestamp: headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string, signature: headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
        };
        expect(verifyWebhook(input)).toBe(true);
        expect(verifyWebhook({ ...input, secret: 'whsec_wrong' })).toBe(false);
        expect(verifyWebhook({ ...input, body: delivery.body.replace('package', 'pakage') })).toBe(false);
        // A replay after the tolerance is refused by its timestamp.
        expect(verifyWebhook(input, { now: Number(input.timestamp) + 301 })).toBe(false);
        expect(headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe(JSON.parse(delivery.body).id);
      }
      const log = await until(() => deliveries(t.app, w.as.admin, created.data.id), (rows) => rows.every((row) => row.status === 'delivered'));
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, eventType: 'package.status_changed' });
      expect(log[0]!.lastDurationMs).toBeGreaterThanOrEqual(0);
    } finally {
      await receiver.close();
    }
  });

  it('an event is written in the transaction of its change: rolled back with it, committed with it', async () => {
    const created = await subscribe(t.app, w.as.admin, 'http://127.0.0.1:9/never', ['package.status_changed']);
    const pkg = (await receive(t.app, w.as.clerk)).json<{ package: { id: string } }>().package;
    const client = await t.database.pool.connect();
    const count = async () => (await client.query(`select count(*)::int as n from webhook_deliveries where endpoint_id = $1`, [created.data.id])).rows[0].n as number;
    try {
      await client.query('begin');
      await client.query(`insert into package_events (courier_id, package_id, kind, status, actor_type) values ($1, $2, 'status', 'on_hold', 'system')`, [w.courier.id, pkg.id]);
      expect(await count()).toBe(1);
      await client.query('rollback');
      expect(await count()).toBe(0);
    } finally {
      client.release();
    }
    await t.app.inject({ method: 'DELETE', url: `/api/settings/webhooks/${created.data.id}`, headers: w.as.admin });
  });

  it('retries a failing receiver with backoff until it answers 2xx; the log shows each answer; resend sends the same event again', async () => {
    const receiver = await startWebhookReceiver({ answer: (n) => (n <= 2 ? 503 : 204) });
    try {
      const created = await subscribe(t.app, w.as.admin, receiver.url, ['package.received']);
      await receive(t.app, w.as.clerk);
      const [delivery] = await until(() => deliveries(t.app, w.as.admin, created.data.id), (rows) => rows[0]?.status === 'delivered', 30_000);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204, lastError: null });
      expect(receiver.received).toHaveLength(3);
      const ids = new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.id.toLowerCase()]));
      expect(ids.size).toBe(1);

      const resent = await t.app.inject({ method: 'POST', url: `/api/settings/webhooks/deliveries/${delivery!.id}/resend`, headers: w.as.admin });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().message).toBe(WEBHOOK_MSG.resent);
      await until(() => receiver.received.length, (n) => n === 4);
      expect(receiver.received[3]!.headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe([...ids][0]);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the retry limit and marks the delivery failed', async () => {
    const receiver = await startWebhookReceiver({ answer: () => 500 });
    try {
      const created = await subscribe(t.app, w.as.admin, receiver.url, ['package.received']);
      await receive(t.app, w.as.clerk);
      const [delivery] = await until(() => deliveries(t.app, w.as.admin, created.data.id), (rows) => rows[0]?.status === 'failed', 40_000);
      expect(delivery).toMatchObject({ attempts: 4, lastStatusCode: 500, lastError: 'HTTP 500' });
      const endpoints = (await t.app.inject({ method: 'GET', url: '/api/settings/webhooks', headers: w.as.admin })).json<{ data: WebhookEndpoint[] }>().data;
      expect(endpoints.find((e) => e.id === created.data.id)).toMatchObject({ failedCount: 1, pendingCount: 0 });
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('delivers each event exactly once across a restart of the API in the middle of the queue', async () => {
    const receiver = await startWebhookReceiver({ delayMs: 150 });
    const second = await createTestApp(ENV, { startJobs: true });
    let app: App | null = second.app;
    try {
      const world = await packageWorld(second.app, second.database.db);
      await subscribe(second.app, world.as.admin, receiver.url, ['package.received']);
      const receiveHere = () => second.app.inject({
        method: 'POST', url: '/api/packages/receive', headers: world.as.clerk, payload: { trackingNumber: upsNumber(), mailboxNumber: world.tanya.mailboxNumber, weight: 2 },
      });
      for (let i = 0; i < 12; i += 1) expect((await receiveHere()).statusCode).toBe(201);
      await until(() => receiver.received.length, (n) => n >= 2);
      await second.app.close(); // SIGTERM path: the dispatcher and job runner stop mid-queue
      app = null;
      const sentBefore = receiver.received.length;
      expect(sentBefore).toBeLessThan(12);
      app = await buildApp({ env: second.env, database: second.database, logger: false, startWorkers: false, startJobs: true });
      await app.ready();
      await until(() => receiver.received.length, (n) => n >= 12, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // nothing more arrives
      const ids = receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.id.toLowerCase()]);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      const { rows } = await second.database.pool.query(`select status, count(*)::int as n from webhook_deliveries group by status`);
      expect(rows).toEqual([{ status: 'delivered', n: 12 }]);
    } finally {
      await app?.close();
      await second.database.close();
      await receiver.close();
    }
  }, 60_000);
});

describe('webhook settings', () => {
  it('refuses private, loopback and link-local targets unless allowed by configuration', async () => {
    const strict = await createTestApp({});
    try {
      const world = await packageWorld(strict.app, strict.database.db);
      for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook', 'http://192.168.0.4/x']) {
        const response = await strict.app.inject({ method: 'POST', url: '/api/settings/webhooks', headers: world.as.admin, payload: { url, events: ['invoice.issued'] } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().fieldErrors?.url, url).toMatch(/Webhook URL (must be a public address|localhost could not be resolved)/);
      }
      const bad = await strict.app.inject({ method: 'POST', url: '/api/settings/webhooks', headers: world.as.admin, payload: { url: 'ftp://example.com', events: [] } });
      expect(bad.statusCode).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it('another courier\'s endpoint or delivery answers 404; staff cannot manage webhooks', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const created = await subscribe(t.app, w.as.admin, receiver.url, ['package.received']);
      const courier = await makeCourier(t.database.db);
      const other = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
      for (const [method, url] of [['GET', `/api/settings/webhooks/${created.data.id}/deliveries`], ['DELETE', `/api/settings/webhooks/${created.data.id}`]] as const) {
        expect((await t.app.inject({ method, url, headers: other })).statusCode).toBe(404);
      }
      const put = await t.app.inject({ method: 'PUT', url: `/api/settings/webhooks/${created.data.id}`, headers: other, payload: { url: receiver.url, events: ['invoice.issued'] } });
      expect(put.statusCode).toBe(404);
      await receive(t.app, w.as.clerk);
      const [delivery] = await until(() => deliveries(t.app, w.as.admin, created.data.id), (rows) => rows[0]?.status === 'delivered');
      expect((await t.app.inject({ method: 'POST', url: `/api/settings/webhooks/deliveries/${delivery!.id}/resend`, headers: other })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/settings/webhooks', headers: other })).json().data).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/settings/webhooks', headers: w.as.clerk })).statusCode).toBe(403);
      const updated = await t.app.inject({ method: 'PUT', url: `/api/settings/webhooks/${created.data.id}`, headers: w.as.admin, payload: { url: receiver.url, events: ['payment.recorded'], isActive: false } });
      expect(updated.json().data).toMatchObject({ events: ['payment.recorded'], isActive: false });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/settings/webhooks/${created.data.id}`, headers: w.as.admin })).json().message).toBe(WEBHOOK_MSG.deleted);
    } finally {
      await receiver.close();
    }
  });
});
