import { sql } from 'drizzle-orm';
import type { TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import type { DbOrTx } from '../db/client';
import type { Principal } from '../lib/principal';

/** One channel for every instance: a write on any instance reaches the streams of all of them. */
export const EVENTS_CHANNEL = 'parceldesk_events';

/**
 * Who an event is for: the courier's ticket staff, the ticket's customer, or both. Staff get
 * what customers write, customers what staff write; status changes and staff replies go to both
 * so the other staff lists refresh too.
 */
export type Audience = 'staff' | 'customer' | 'all';

export interface TicketEventPayload {
  courierId: string;
  kind: 'ticket.created' | 'ticket.message' | 'ticket.status';
  ticketId: string;
  ticketNo: string;
  status: TicketStatus;
  customerId: string;
  audience: Audience;
}

/**
 * Publishes inside the writing transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, so no stream hears of a ticket that was rolled back.
 */
export async function publishTicketEvent(tx: DbOrTx, event: TicketEventPayload): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * A session ended (revoked or deleted): the sessions table's trigger NOTIFYs it on this channel
 * at commit (migration 0007), so every instance closes that session's streams at once (issue 15, item 8).
 */
export interface SessionRevokedPayload {
  kind: 'session.revoked';
  sessionId: string;
}

export type StreamNotice = TicketEventPayload | SessionRevokedPayload;

/** Reads a NOTIFY payload of the channel: a ticket event or a session's end; anything else is dropped. */
export function parseStreamNotice(payload: string | undefined): StreamNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<SessionRevokedPayload>;
    if (value.kind === 'session.revoked') return typeof value.sessionId === 'string' ? { kind: value.kind, sessionId: value.sessionId } : null;
  } catch {
    return null;
  }
  return parseTicketEvent(payload);
}

/** Reads a NOTIFY payload back; anything malformed is dropped rather than sent to browsers. */
export function parseTicketEvent(payload: string | undefined): TicketEventPayload | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<TicketEventPayload>;
    const kinds = ['ticket.created', 'ticket.message', 'ticket.status'];
    const audiences = ['staff', 'customer', 'all'];
    if (typeof value.courierId !== 'string' || typeof value.ticketId !== 'string' || typeof value.customerId !== 'string') return null;
    if (!kinds.includes(String(value.kind)) || !audiences.includes(String(value.audience))) return null;
    return value as TicketEventPayload;
  } catch {
    return null;
  }
}

/**
 * Whether a connected principal may hear of an event: the ticket's own customer, the super
 * admin, the courier's admin, and its branch managers and staff holding tickets_view: exactly
 * who may open the ticket (modules/tickets/ticket-access.ts).
 */
export function mayReceive(principal: Principal, event: TicketEventPayload): boolean {
  if (principal.kind === 'customer') {
    return event.audience !== 'staff' && principal.id === event.customerId && principal.courierId === event.courierId;
  }
  if (event.audience === 'customer') return false;
  if (principal.role === 'super_admin') return true;
  if (principal.courierId !== event.courierId) return false;
  return principal.role === 'courier_admin' || principal.permissions.has('tickets_view');
}
