import { eq, sql } from 'drizzle-orm';
import { assertTicketMove, statusAfterReply, type TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import type { CreateTicketInput } from '@parceldesk/shared/schemas/tickets';
import type { DbOrTx } from '../../db/client';
import { customers, ticketAttachments, ticketMessages, ticketReads, tickets, users } from '../../db/schema/index';
import { publishEvent, type Audience, type TicketLiveEvent } from '../../events/publish';
import { auditAction, type Actor } from '../../lib/actor';
import { forbidden } from '../../lib/app-error';
import { nextNumber } from '../../lib/counters';
import { canAnswerTickets, loadTicket, type TicketRow } from './ticket-access';
import { emailCustomerOfReply, notifyStaffOfCustomerMessage } from './ticket-notify';
import { resolveDepartment } from './ticket-settings.service';
import type { TicketAttachmentUpload } from './ticket-form';

/**
 * Ticket statuses (docs/decisions/002-ticket-statuses.md; the rules are domain/ticket-status.ts in
 * packages/shared):
 * - staff move pending → in_progress | resolved | closed, in_progress → resolved | closed,
 *   resolved → in_progress | closed, and reopen closed → in_progress; anything else is 409;
 * - a staff reply to a pending ticket makes it in_progress;
 * - a customer reply to a resolved ticket reopens it (in_progress);
 * - nobody replies to a closed ticket (409) until staff reopen it.
 * Every change takes the ticket's row lock, so a reply and a status change cannot interleave.
 */

/** TKT-000123: numbered per courier under the counter row's lock. */
async function nextTicketNumber(tx: DbOrTx, courierId: string): Promise<string> {
  return `TKT-${String(await nextNumber(tx, courierId, 'ticket')).padStart(6, '0')}`;
}

async function insertMessage(tx: DbOrTx, input: { ticket: TicketRow; actor: Actor; body: string; attachments: TicketAttachmentUpload[] }) {
  const { ticket, actor } = input;
  const isCustomer = actor.principal.kind === 'customer';
  const [message] = await tx.insert(ticketMessages).values({
    courierId: ticket.courierId, ticketId: ticket.id, authorType: isCustomer ? 'customer' : 'staff',
    userId: isCustomer ? null : actor.principal.id, customerId: isCustomer ? actor.principal.id : null, body: input.body,
  }).returning();
  if (!message) throw new Error('ticket message insert returned nothing');
  if (input.attachments.length > 0) {
    await tx.insert(ticketAttachments).values(input.attachments.map((file, position) => ({
      courierId: ticket.courierId, ticketId: ticket.id, messageId: message.id, fileName: file.fileName,
      contentType: file.contentType, sizeBytes: file.data.length, data: file.data, position,
    })));
  }
  // The writer has read the conversation up to their own message.
  await tx.insert(ticketReads).values({ ticketId: ticket.id, readerType: isCustomer ? 'customer' : 'user', readerId: actor.principal.id, lastReadAt: sql`now()` })
    .onConflictDoUpdate({
      target: [ticketReads.ticketId, ticketReads.readerType, ticketReads.readerId],
      set: { lastReadAt: sql`greatest(${ticketReads.lastReadAt}, now())` },
    });
  return message;
}

async function authorName(tx: DbOrTx, actor: Actor): Promise<string> {
  const table = actor.principal.kind === 'customer' ? customers : users;
  const [row] = await tx.select({ firstName: table.firstName, lastName: table.lastName }).from(table).where(eq(table.id, actor.principal.id));
  return row ? `${row.firstName} ${row.lastName}` : 'Support';
}

const attachmentDetails = (attachments: TicketAttachmentUpload[]) =>
  attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, sizeBytes: a.data.length }));

/** A customer opens a ticket: the ticket, its first message and files, the staff notifications, the audit row and the live event commit together. */
export async function createTicket(db: DbOrTx, input: { actor: Actor; publicUrl: string; form: CreateTicketInput; attachments: TicketAttachmentUpload[] }): Promise<string> {
  const { actor, form } = input;
  const courierId = actor.principal.courierId;
  if (actor.principal.kind !== 'customer' || !courierId) throw forbidden();
  const department = await resolveDepartment(db, courierId, form.department);
  const ticketNo = await nextTicketNumber(db, courierId);
  const [ticket] = await db.insert(tickets).values({
    courierId, ticketNo, subject: form.subject, department, status: 'pending', customerId: actor.principal.id,
    lastCustomerMessageAt: sql`now()`,
  }).returning();
  if (!ticket) throw new Error('ticket insert returned nothing');
  await insertMessage(db, { ticket, actor, body: form.message, attachments: input.attachments });
  await notifyStaffOfCustomerMessage(db, { ticket, customerName: await authorName(db, actor), body: form.message, isNewTicket: true, publicUrl: input.publicUrl });
  await auditAction(db, actor, {
    courierId, action: 'ticket.created', targetType: 'ticket', targetId: ticket.id,
    details: { ticketNo, subject: form.subject, department, attachments: attachmentDetails(input.attachments) },
  });
  await announceTicket(db, { ticket, kind: 'ticket.created', status: ticket.status, audience: 'staff' });
  return ticket.id;
}

/** A reply by the ticket's customer or by staff holding tickets_reply. */
export async function addTicketMessage(
  db: DbOrTx,
  input: { actor: Actor; ticketId: string; publicUrl: string; body: string; attachments: TicketAttachmentUpload[] },
): Promise<void> {
  const { actor } = input;
  if (!canAnswerTickets(actor.principal)) throw forbidden();
  const byCustomer = actor.principal.kind === 'customer';
  const ticket = await loadTicket(db, actor.principal, input.ticketId, { lock: true });
  const status = statusAfterReply(ticket.status, byCustomer);
  const message = await insertMessage(db, { ticket, actor, body: input.body, attachments: input.attachments });
  await db.update(tickets).set({
    status,
    // now() is the transaction's start: the message's own created_at, to the microsecond.
    lastMessageAt: sql`now()`,
    updatedAt: sql`now()`,
    ...(byCustomer ? { lastCustomerMessageAt: sql`now()` } : { lastStaffMessageAt: sql`now()` }),
  }).where(eq(tickets.id, ticket.id));
  const name = await authorName(db, actor);
  if (byCustomer) {
    await notifyStaffOfCustomerMessage(db, { ticket, customerName: name, body: input.body, isNewTicket: false, publicUrl: input.publicUrl });
  } else {
    await emailCustomerOfReply(db, { ticket, staffName: name, body: input.body, publicUrl: input.publicUrl });
  }
  await auditAction(db, actor, {
    courierId: ticket.courierId, action: byCustomer ? 'ticket.message_added' : 'ticket.replied', targetType: 'ticket', targetId: ticket.id,
    details: { ticketNo: ticket.ticketNo, messageId: message.id, attachments: attachmentDetails(input.attachments) },
  });
  if (status !== ticket.status) {
    await auditAction(db, actor, {
      courierId: ticket.courierId, action: 'ticket.status_changed', targetType: 'ticket', targetId: ticket.id,
      details: { ticketNo: ticket.ticketNo, from: ticket.status, to: status, reason: byCustomer ? 'customer reply' : 'staff reply' },
    });
  }
  await announceTicket(db, { ticket, kind: 'ticket.message', status, audience: byCustomer ? 'staff' : 'all' });
}

/** Staff move a ticket along TICKET_TRANSITIONS; the same status or a move off the table is 409. */
export async function changeTicketStatus(db: DbOrTx, input: { actor: Actor; ticketId: string; status: TicketStatus }): Promise<void> {
  const { actor, status } = input;
  if (actor.principal.kind === 'customer' || !canAnswerTickets(actor.principal)) throw forbidden();
  const ticket = await loadTicket(db, actor.principal, input.ticketId, { lock: true });
  assertTicketMove(ticket.status, status);
  await db.update(tickets).set({ status, updatedAt: sql`now()` }).where(eq(tickets.id, ticket.id));
  await auditAction(db, actor, {
    courierId: ticket.courierId, action: 'ticket.status_changed', targetType: 'ticket', targetId: ticket.id,
    details: { ticketNo: ticket.ticketNo, from: ticket.status, to: status, reason: 'manual' },
  });
  await announceTicket(db, { ticket, kind: 'ticket.status', status, audience: 'all' });
}

/** The ticket's live event, with its customer's branch so branch-bound staff hear only of the tickets they may open (decision 008). */
async function announceTicket(
  db: DbOrTx,
  input: { ticket: Pick<typeof tickets.$inferSelect, 'id' | 'ticketNo' | 'courierId' | 'customerId'>; kind: TicketLiveEvent['kind']; status: TicketStatus; audience: Audience },
): Promise<void> {
  const { ticket } = input;
  const [owner] = ticket.customerId ? await db.select({ branchId: customers.branchId }).from(customers).where(eq(customers.id, ticket.customerId)) : [];
  await publishEvent(db, {
    family: 'tickets', courierId: ticket.courierId, kind: input.kind, ticketId: ticket.id, ticketNo: ticket.ticketNo, status: input.status,
    customerId: ticket.customerId, branchId: owner?.branchId ?? null, audience: input.audience,
  });
}
