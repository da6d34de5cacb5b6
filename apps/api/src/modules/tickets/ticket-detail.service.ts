import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import type { TicketAttachment, TicketDetail } from '@parceldesk/shared/schemas/tickets';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, ticketAttachments, ticketMessages, tickets, users } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import { allowedStatuses, canAnswerTickets, visibleTickets } from './ticket-access';
import { markRead } from './ticket-reads';

export const attachmentUrl = (id: string) => `/api/tickets/attachments/${id}`;

const staffName = sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, 'Support')`;
const customerName = sql<string>`coalesce(${customers.firstName} || ' ' || ${customers.lastName}, 'Customer')`;

async function findTicket(db: DbOrTx, principal: Principal, condition: SQL) {
  const rows = await db.select({
    ticket: tickets, courierName: couriers.name,
    customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, mailboxNumber: customers.mailboxNumber },
  }).from(tickets)
    .innerJoin(couriers, eq(couriers.id, tickets.courierId))
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .where(visibleTickets(principal, condition))
    .limit(2);
  return rows;
}

async function messagesOf(db: DbOrTx, ticketId: string) {
  const messages = await db.select({
    id: ticketMessages.id, authorType: ticketMessages.authorType, userId: ticketMessages.userId, customerId: ticketMessages.customerId,
    body: ticketMessages.body, createdAt: ticketMessages.createdAt, createdAtText: sql<string>`${ticketMessages.createdAt}::text`,
    staffName, customerName,
  }).from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.userId))
    .leftJoin(customers, eq(customers.id, ticketMessages.customerId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const files = await db.select({
    id: ticketAttachments.id, messageId: ticketAttachments.messageId, fileName: ticketAttachments.fileName,
    contentType: ticketAttachments.contentType, size: ticketAttachments.sizeBytes,
  }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId)).orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.position), asc(ticketAttachments.id));
  const byMessage = new Map<string, TicketAttachment[]>();
  for (const { messageId, ...file } of files) {
    const list = byMessage.get(messageId) ?? [];
    list.push({ ...file, url: attachmentUrl(file.id) });
    byMessage.set(messageId, list);
  }
  return { messages, byMessage };
}

/**
 * The conversation of one ticket the viewer may open (404 otherwise); opening it marks it read
 * up to the last message shown.
 */
async function openTicket(db: DbOrTx, principal: Principal, condition: SQL): Promise<TicketDetail> {
  const rows = await findTicket(db, principal, condition);
  if (rows.length > 1) throw conflict('Several couriers have a ticket with this number: choose the courier', { courierId: 'Choose the courier' });
  const found = rows[0];
  if (!found) throw notFound();
  const { ticket, courierName, customer } = found;
  const { messages, byMessage } = await messagesOf(db, ticket.id);
  const last = messages[messages.length - 1];
  if (last) await markRead(db, principal, ticket.id, last.createdAtText);
  return {
    id: ticket.id, ticket_no: ticket.ticketNo, subject: ticket.subject, department: ticket.department, status: ticket.status,
    customer, courierId: ticket.courierId, courierName,
    createdAt: ticket.createdAt.toISOString(), updatedAt: ticket.updatedAt.toISOString(),
    messages: messages.map((m) => ({
      id: m.id, user_id: m.userId, customer_id: m.customerId, authorType: m.authorType,
      authorName: m.authorType === 'staff' ? m.staffName : m.customerName,
      body: m.body, createdAt: m.createdAt.toISOString(), attachments: byMessage.get(m.id) ?? [],
    })),
    canReply: ticket.status !== 'closed' && canAnswerTickets(principal),
    allowedStatuses: allowedStatuses(principal, ticket.status),
  };
}

export function getTicket(db: DbOrTx, principal: Principal, id: string): Promise<TicketDetail> {
  return openTicket(db, principal, eq(tickets.id, id));
}

/**
 * For ?ticket=NO links. Numbers repeat across couriers, so a super admin may name the courier;
 * a courier user naming another courier gets 404.
 */
export function getTicketByNumber(db: DbOrTx, principal: Principal, ticketNo: string, courierId: string | undefined): Promise<TicketDetail> {
  if (courierId && principal.role !== 'super_admin' && courierId !== principal.courierId) throw notFound();
  const number = ticketNo.trim().toUpperCase();
  return openTicket(db, principal, and(eq(tickets.ticketNo, number), courierId ? eq(tickets.courierId, courierId) : undefined) ?? sql`false`);
}

/** An attachment's bytes, for a viewer who may open its ticket (404 otherwise). */
export async function getAttachment(db: DbOrTx, principal: Principal, id: string) {
  const [file] = await db.select({
    fileName: ticketAttachments.fileName, contentType: ticketAttachments.contentType, data: ticketAttachments.data,
  }).from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(visibleTickets(principal, eq(ticketAttachments.id, id)))
    .limit(1);
  if (!file) throw notFound(MSG.notFound);
  return file;
}
