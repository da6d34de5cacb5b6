import type pg from 'pg';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PackageStreamEvent } from '@parceldesk/shared/schemas/packages';
import type { TicketEvent } from '@parceldesk/shared/schemas/tickets';
import type { AppContext, ZodApp } from '../app-context';
import { ANY_SIGNED_IN } from '@parceldesk/shared/access';
import { principalOf } from '../plugins/auth';
import { createEventHub } from './event-hub';
import { loadPrincipal } from '../lib/principal';
import { mayReceivePackageEvent, parsePackageEvent, toPackageClient, type PackageEventPayload } from './package-events';
import { EVENTS_CHANNEL, mayReceive, parseStreamNotice, type SessionRevokedPayload, type TicketEventPayload } from './ticket-events';

/** Proxies close idle connections after about a minute; a comment line keeps the stream open. */
export const HEARTBEAT_MS = 25_000;
/** How long a new stream waits for the LISTEN to be in place before it says it is connected. */
const READY_WAIT_MS = 5_000;

const streamQuerySchema = z.object({
  /** EventSource cannot send headers: this route (only) takes the bearer token from the query. */
  token: z.string().max(4096).optional(),
});

const sseMessage = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const isPackageEvent = (event: TicketEventPayload | PackageEventPayload | SessionRevokedPayload): event is PackageEventPayload => event.kind.startsWith('package.');

const toClient = (event: TicketEventPayload): TicketEvent => ({ kind: event.kind, ticketId: event.ticketId, ticketNo: event.ticketNo, status: event.status });

/** The token of ?token= becomes the Authorization header before the auth check, when none was sent. */
function tokenFromQuery(request: FastifyRequest, _reply: unknown, done: () => void) {
  const token = (request.query as { token?: unknown }).token;
  if (!request.headers.authorization && typeof token === 'string' && token.length > 0) request.headers.authorization = `Bearer ${token}`;
  done();
}

/**
 * GET /events/stream (issue 5): Server-Sent Events of ticket activity on every instance, through
 * PostgreSQL LISTEN/NOTIFY (events/event-hub.ts). Each stream gets what its principal may see.
 */
export function eventRoutes(app: ZodApp, ctx: AppContext) {
  // drizzle keeps the app's pool as $client (not in the Database type); the hub opens its own connection with the pool's settings.
  const pool = (ctx.db as unknown as { $client: pg.Pool }).$client;
  // One channel: package events, ticket events and the end of a session (issue 15, item 8).
  const parse = (payload: string | undefined): TicketEventPayload | PackageEventPayload | SessionRevokedPayload | null => parsePackageEvent(payload) ?? parseStreamNotice(payload);
  const hub = createEventHub({ connection: pool.options, log: app.log, channel: EVENTS_CHANNEL, parse });
  const open = new Set<() => void>();
  const pings = new Set<() => void>();
  const heartbeat = setInterval(() => {
    for (const ping of pings) ping();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Streams never end on their own in time for a shutdown: end them first, so the server can close.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await hub.stop();
  });

  app.get('/events/stream', {
    schema: {
      tags: ['events'],
      summary: 'Live events (text/event-stream: `event: tickets` with { kind, ticketId, ticketNo, status }, `event: packages` with { kind, packageId, packageNumber, status }); token in the header or ?token=',
      querystring: streamQuerySchema,
    },
    config: { access: ANY_SIGNED_IN },
    onRequest: tokenFromQuery,
  }, async (request, reply) => {
    const principal = principalOf(request);
    const raw = reply.raw;
    let ended = false;
    const send = (chunk: string) => {
      if (!ended) raw.write(chunk);
    };
    const subscriber = {
      onEvent: (event: TicketEventPayload | PackageEventPayload | SessionRevokedPayload) => {
        // The session signed out, was deactivated or its courier suspended: stop at once (issue 15, item 8).
        if (event.kind === 'session.revoked') {
          if (event.sessionId === principal.sessionId) end();
        } else if (isPackageEvent(event)) {
          if (mayReceivePackageEvent(principal, event)) send(sseMessage('packages', toPackageClient(event)));
        } else if (mayReceive(principal, event)) {
          send(sseMessage('tickets', toClient(event)));
        }
      },
      onResync: () => {
        // A revocation may have been missed while LISTEN was down: check the session again.
        void loadPrincipal(ctx.db, principal.sessionId).then((live) => {
          if (!live) return end();
          send(sseMessage('tickets', { kind: 'resync', ticketId: null, ticketNo: null, status: null } satisfies TicketEvent));
          send(sseMessage('packages', { kind: 'resync', packageId: null, packageNumber: null, status: null } satisfies PackageStreamEvent));
        }, () => end());
      },
    };
    const ping = () => send(': ping\n\n');
    const unsubscribe = hub.subscribe(subscriber);
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(lifetime);
      unsubscribe();
      pings.delete(ping);
      open.delete(end);
      raw.end();
    };
    // A stream lives EVENTS_STREAM_MAX_MS; EventSource reconnects by itself, and the new request
    // checks the session again. A revoked session's stream does not wait for that: see onEvent.
    const lifetime = setTimeout(end, ctx.env.EVENTS_STREAM_MAX_MS);
    open.add(end);
    pings.add(ping);
    raw.on('close', end);

    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    send('retry: 5000\n\n');
    // "connected" once the LISTEN is in place, so a write after it is sure to be heard.
    const live = await hub.ready(READY_WAIT_MS);
    // A revocation committed between the auth check and the LISTEN would not be heard: look once more.
    if (!(await loadPrincipal(ctx.db, principal.sessionId))) return end();
    send(`: connected${live ? '' : ' (events delayed)'}\n\n`);
  });
}
