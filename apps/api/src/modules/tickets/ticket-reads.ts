import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { TICKET_BELL_LIST_MAX, type UnreadTicket } from '@parceldesk/shared/schemas/tickets';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, ticketReads, tickets } from '../../db/schema/index';
import type { Principal } from '../../lib/principal';
import { visibleTickets } from './ticket-access';

/**
 * Read state and unread rules (spec section 4, issue 5). Each reader has a last-read time per
 * ticket. For staff a ticket is unread while it is open and a customer message is newer than
 * that; for a customer while a staff message is newer (the badge counts only tickets with at
 * least one staff message they have not read).
 */
export const readerTypeOf = (principal: Principal) => (principal.kind === 'customer' ? 'customer' as const : 'user' as const);

/** LEFT JOIN condition of the viewer's own read row. */
export function viewerRead(principal: Principal): SQL | undefined {
  return and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.readerType, readerTypeOf(principal)), eq(ticketReads.readerId, principal.id));
}

const lastRead = sql`coalesce(${ticketReads.lastReadAt}, '-infinity'::timestamptz)`;

/** The unread condition of the viewer (needs the viewerRead join). */
export function unreadCondition(principal: Principal): SQL {
  return principal.kind === 'customer'
    ? sql`${tickets.lastStaffMessageAt} > ${lastRead}`
    : sql`${tickets.status} <> 'closed' and ${tickets.lastCustomerMessageAt} > ${lastRead}`;
}

/** The viewer's unread flag as a column (false rather than null). */
export function unreadFlag(principal: Principal): SQL<boolean> {
  return sql<boolean>`coalesce(${unreadCondition(principal)}, false)`;
}

/** How many tickets are unread for the viewer: the bell for staff, the badge for a customer. */
export async function unreadCount(db: DbOrTx, principal: Principal): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tickets)
    .leftJoin(ticketReads, viewerRead(principal))
    .where(visibleTickets(principal, unreadCondition(principal)));
  return row?.n ?? 0;
}

/** The bell's dropdown: the most recently active unread tickets. */
export async function unreadTickets(db: DbOrTx, principal: Principal): Promise<UnreadTicket[]> {
  const rows = await db.select({
    id: tickets.id, ticketNo: tickets.ticketNo, subject: tickets.subject, status: tickets.status, department: tickets.department,
    updatedAt: tickets.updatedAt, firstName: customers.firstName, lastName: customers.lastName, courierId: tickets.courierId, courierName: couriers.name,
  }).from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .innerJoin(couriers, eq(couriers.id, tickets.courierId))
    .leftJoin(ticketReads, viewerRead(principal))
    .where(visibleTickets(principal, unreadCondition(principal)))
    .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
    .limit(TICKET_BELL_LIST_MAX);
  return rows.map((r) => ({
    id: r.id, ticket_no: r.ticketNo, subject: r.subject, status: r.status, department: r.department, updatedAt: r.updatedAt.toISOString(),
    customer: { firstName: r.firstName, lastName: r.lastName }, courierId: r.courierId, courierName: r.courierName,
  }));
}

/**
 * Marks the ticket read up to a message the viewer was shown (its created_at as PostgreSQL text,
 * to the microsecond), never moving the read time back.
 */
export async function markRead(db: DbOrTx, principal: Principal, ticketId: string, upTo: string): Promise<void> {
  await db.insert(ticketReads).values({ ticketId, readerType: readerTypeOf(principal), readerId: principal.id, lastReadAt: sql`${upTo}::timestamptz` })
    .onConflictDoUpdate({
      target: [ticketReads.ticketId, ticketReads.readerType, ticketReads.readerId],
      set: { lastReadAt: sql`greatest(${ticketReads.lastReadAt}, excluded.last_read_at)` },
    });
}
