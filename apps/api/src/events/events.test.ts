import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketEvent } from '@parceldesk/shared/schemas/tickets';
import { buildApp, type App } from '../app';
import { createDb, type DbHandle } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTicket, reply, setStatus, ticketWorld, type TicketWorld } from '../modules/tickets/ticket-test-kit';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer } from '../test/factories';

interface SseBlock { event: string | null; data: string | null; comment: string | null }

/** A real EventSource-like reader: an HTTP GET kept open, split into SSE blocks as they arrive. */
function openStream(url: string, headers: Record<string, string> = {}) {
  const blocks: SseBlock[] = [];
  const waiters = new Set<() => void>();
  let status = 0;
  let ended = false;
  let buffer = '';
  const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
    status = response.statusCode ?? 0;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\n\n'); at !== -1; at = buffer.indexOf('\n\n')) {
        const block: SseBlock = { event: null, data: null, comment: null };
        for (const line of buffer.slice(0, at).split('\n')) {
          if (line.startsWith(':')) block.comment = line.slice(1).trim();
          else if (line.startsWith('event:')) block.event = line.slice(6).trim();
          else if (line.startsWith('data:')) block.data = line.slice(5).trim();
        }
        buffer = buffer.slice(at + 2);
        blocks.push(block);
      }
      waiters.forEach((wake) => wake());
    });
    response.on('end', () => {
      ended = true;
      waiters.forEach((wake) => wake());
    });
  });
  request.on('error', () => undefined);

  async function waitFor<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`stream: nothing matching within ${timeoutMs} ms; got ${JSON.stringify(blocks)}`);
      await new Promise<void>((resolve) => {
        const wake = () => { waiters.delete(wake); resolve(); };
        waiters.add(wake);
        setTimeout(wake, 100);
      });
    }
  }
  const events = () => blocks.filter((b) => b.event === 'tickets').map((b) => JSON.parse(b.data ?? 'null') as TicketEvent);
  return {
    get status() { return status; },
    get ended() { return ended; },
    events,
    connected: () => waitFor(() => blocks.find((b) => b.comment?.startsWith('connected'))),
    event: (match: (e: TicketEvent) => boolean) => waitFor(() => events().find(match)),
    ended$: (timeoutMs?: number) => waitFor(() => (ended ? true : undefined), timeoutMs),
    close: () => request.destroy(),
  };
}
type Stream = ReturnType<typeof openStream>;

describe('live ticket events across two API instances (LISTEN/NOTIFY + SSE)', () => {
  let a: TestApp;
  let b: App;
  let bDatabase: DbHandle;
  let base: string;
  let w: TicketWorld;
  const streams: Stream[] = [];

  beforeAll(async () => {
    a = await createTestApp({ EVENTS_STREAM_MAX_MS: '120000' });
    // Instance B: its own app and pool on the same database, listening on a real port.
    const url = a.database.pool.options.connectionString;
    if (!url) throw new Error('the test database has no connection string');
    bDatabase = createDb(url, 3);
    b = await buildApp({ env: a.env, database: bDatabase, logger: false, startWorkers: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    if (!address || typeof address === 'string') throw new Error('instance B has no port');
    base = `http://127.0.0.1:${address.port}/api/events/stream`;
    w = await ticketWorld(a);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const connect = async (headers: { authorization: string }, viaQuery = true) => {
    const token = headers.authorization.slice('Bearer '.length);
    const stream = viaQuery ? openStream(`${base}?token=${encodeURIComponent(token)}`) : openStream(base, headers);
    streams.push(stream);
    await stream.connected();
    expect(stream.status).toBe(200);
    return stream;
  };

  it('a write on instance A reaches the right streams on instance B, and only those', async () => {
    const admin = await connect(w.as.admin);
    const viewer = await connect(w.as.viewer, false);
    const customer = await connect(w.as.customer);
    const neighbour = await connect(w.as.customer2);
    const outsider = await connect(w.as.outsider);
    const otherAdmin = await connect(w.as.otherAdmin);
    const superAdmin = await connect(w.as.superAdmin);

    const ticket = await openTicket(a, w.as.customer);
    const created = { kind: 'ticket.created', ticketId: ticket.id, ticketNo: ticket.ticket_no, status: 'pending' };
    expect(await admin.event((e) => e.ticketId === ticket.id)).toEqual(created);
    expect(await viewer.event((e) => e.ticketId === ticket.id)).toEqual(created);
    expect(await superAdmin.event((e) => e.ticketId === ticket.id)).toEqual(created);

    await reply(a, w.as.staff, ticket.id);
    expect(await customer.event((e) => e.kind === 'ticket.message')).toEqual({ kind: 'ticket.message', ticketId: ticket.id, ticketNo: ticket.ticket_no, status: 'in_progress' });
    await setStatus(a, w.as.admin, ticket.id, 'resolved');
    await customer.event((e) => e.kind === 'ticket.status');
    await admin.event((e) => e.kind === 'ticket.status');

    // A stream gets events in commit order: once a later event has arrived, an earlier one it
    // should have had would be there already, so the absences below are real.
    const theirs = await openTicket(a, w.as.otherCustomer);
    await otherAdmin.event((e) => e.ticketId === theirs.id);
    await superAdmin.event((e) => e.ticketId === theirs.id);
    expect(otherAdmin.events().some((e) => e.ticketId === ticket.id)).toBe(false);
    expect(admin.events().some((e) => e.ticketId === theirs.id)).toBe(false);
    expect(customer.events().some((e) => e.kind === 'ticket.created')).toBe(false);

    const own = await openTicket(a, w.as.customer2);
    await reply(a, w.as.staff, own.id);
    await neighbour.event((e) => e.ticketId === own.id && e.kind === 'ticket.message');
    expect(neighbour.events().some((e) => e.ticketId === ticket.id)).toBe(false);
    expect(outsider.events()).toEqual([]);
  });

  it('after the LISTEN connection is lost, it reconnects, tells streams to resync, and delivers again', async () => {
    const admin = await connect(w.as.admin);
    await bDatabase.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen parceldesk_events' and pid <> pg_backend_pid()`);
    await admin.event((e) => e.kind === 'resync');
    const ticket = await openTicket(a, w.as.customer);
    await admin.event((e) => e.ticketId === ticket.id);
  });

  it('needs a live session: no token or a bad one answers 401', async () => {
    const anonymous = openStream(base);
    streams.push(anonymous);
    await anonymous.ended$();
    expect(anonymous.status).toBe(401);
    const garbage = openStream(`${base}?token=not-a-token`);
    streams.push(garbage);
    await garbage.ended$();
    expect(garbage.status).toBe(401);
  });

  it('a stream closes at once when its session ends: logout, deactivation, courier suspension, on another instance (issue 15, item 8)', async () => {
    const db = a.database.db;
    const courier = await makeCourier(db);
    const admin = await makeUser(db, { role: 'courier_admin', courier });
    const staff = await makeUser(db, { role: 'staff', courier });
    const customer = await makeCustomer(db, courier);
    const adminSession = await signIn(a.app, admin);
    const staffSession = await signIn(a.app, staff);
    const customerSession = await signInCustomer(a.app, customer, courier.apiKey);
    const bystander = await connect((await signIn(a.app, admin)).headers);

    // Each revocation happens on instance A; the streams are on instance B. EVENTS_STREAM_MAX_MS is two minutes here.
    const out = await connect(adminSession.headers);
    const started = Date.now();
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: adminSession.headers })).statusCode).toBe(200);
    await out.ended$(3_000);

    const deactivated = await connect(staffSession.headers);
    const byAdmin = (await signIn(a.app, admin)).headers;
    expect((await a.app.inject({ method: 'POST', url: `/api/staff/${staff.id}/deactivate`, headers: byAdmin })).statusCode).toBe(200);
    await deactivated.ended$(3_000);

    const suspended = await connect(customerSession.headers);
    expect((await a.app.inject({ method: 'POST', url: `/api/network/couriers/${courier.id}/suspend`, headers: w.as.superAdmin })).statusCode).toBe(200);
    await suspended.ended$(3_000);
    expect(Date.now() - started).toBeLessThan(20_000);

    // A stream of a session that is still live stays open.
    const live = await connect(w.as.admin);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live.ended).toBe(false);
    expect(bystander.ended).toBe(true); // the bystander's courier was suspended too
  });

  it('keeps the ?token= credential out of the request log, however its name is spelled (issue 15, item 6)', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ env: { ...a.env, EVENTS_STREAM_MAX_MS: 100 }, database: bDatabase, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } }, startWorkers: false });
    try {
      const token = w.as.admin.authorization.slice('Bearer '.length);
      for (const name of ['token', '%74oken', '%74%6F%6B%65%6E', 'TOKEN', 'to%6ben']) {
        lines.length = 0;
        const response = await logged.inject({ method: 'GET', url: `/api/events/stream?${name}=${token}&x=1` });
        if (name !== 'TOKEN') expect(response.statusCode, name).toBe(200);
        const incoming = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } }).find((entry) => entry.msg === 'incoming request');
        // No query string at all on this route.
        expect(incoming?.req?.url, name).toBe('/api/events/stream');
        expect(lines.some((line) => line.includes(token.slice(-20))), name).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });

  it('a stream ends after EVENTS_STREAM_MAX_MS (the browser reconnects and the session is checked again)', async () => {
    const short = await createTestApp({ EVENTS_STREAM_MAX_MS: '300' });
    try {
      const response = await short.app.inject({ method: 'GET', url: '/api/events/stream', headers: (await ticketWorld(short)).as.admin });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      expect(response.body).toContain(': connected');
    } finally {
      await short.close();
    }
  });
});
