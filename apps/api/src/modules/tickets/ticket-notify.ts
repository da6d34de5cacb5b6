import { and, eq, or, sql } from 'drizzle-orm';
import { BASE_PATH } from '@parceldesk/shared/constants';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, roles, users } from '../../db/schema/index';
import { enqueueEmail } from '../../mail/outbox';
import { createNotifications } from '../../lib/notifications';
import type { TicketRow } from './ticket-access';

const EXCERPT_MAX = 1000;
const excerpt = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX)}…` : text);

/** The ticket list of a role's area, opening the ticket (spec section 2, "Support-ticket bell"). */
export function ticketListPath(role: string, ticketNo: string): string {
  const area = role === 'courier_admin' ? '/admin' : role === 'super_admin' ? '/superadmin' : '/staff';
  return `${area}/support-tickets?ticket=${encodeURIComponent(ticketNo)}`;
}

/**
 * The courier's people who can see tickets: its admins, and branch managers and staff holding
 * tickets_view directly or through their role (the same rule as the principal loader).
 */
async function ticketStaffOf(tx: DbOrTx, courierId: string) {
  return tx.select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(
      eq(users.courierId, courierId),
      eq(users.isActive, true),
      or(
        eq(users.role, 'courier_admin'),
        sql`'tickets_view' = any(${users.permissions})`,
        sql`'tickets_view' = any(${roles.permissions})`,
      ),
    ));
}

async function courierOf(tx: DbOrTx, courierId: string) {
  const [courier] = await tx.select({ name: couriers.name, apiKey: couriers.apiKey, notify: couriers.notifyStaffByEmail })
    .from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw new Error('courier vanished while notifying about a ticket');
  return courier;
}

/**
 * A customer wrote (a new ticket or a reply): every ticket staff member gets an in-app
 * notification; for a new ticket they also get an email when the courier has switched that on.
 */
export async function notifyStaffOfCustomerMessage(
  tx: DbOrTx,
  input: { ticket: TicketRow; customerName: string; body: string; isNewTicket: boolean; publicUrl: string },
): Promise<void> {
  const { ticket, customerName, isNewTicket } = input;
  const staff = await ticketStaffOf(tx, ticket.courierId);
  if (staff.length === 0) return;
  const title = isNewTicket ? `New ticket ${ticket.ticketNo}: ${ticket.subject}` : `${customerName} replied on ${ticket.ticketNo}`;
  const body = isNewTicket ? `${customerName} opened a ${ticket.department} ticket: ${excerpt(input.body)}` : excerpt(input.body);
  await createNotifications(tx, staff.map((member) => ({
    courierId: ticket.courierId, userId: member.id, type: isNewTicket ? 'ticket.created' : 'ticket.reply', title, body,
    link: ticketListPath(member.role, ticket.ticketNo),
  })));
  if (!isNewTicket) return;
  const courier = await courierOf(tx, ticket.courierId);
  if (!courier.notify) return;
  for (const member of staff) {
    await enqueueEmail(tx, {
      courierId: ticket.courierId,
      to: member.email,
      subject: `${courier.name}: new support ticket ${ticket.ticketNo}`,
      text: [
        `Hello ${member.firstName},`,
        '',
        `${customerName} opened ticket ${ticket.ticketNo} (${ticket.department}): ${ticket.subject}`,
        '',
        excerpt(input.body),
        '',
        `Open it: ${input.publicUrl}${BASE_PATH}${ticketListPath(member.role, ticket.ticketNo)}`,
        '',
        courier.name,
      ].join('\n'),
    });
  }
}

/** A staff reply reaches the customer by email through the outbox (the courier's SMTP when configured). */
export async function emailCustomerOfReply(
  tx: DbOrTx,
  input: { ticket: TicketRow; staffName: string; body: string; publicUrl: string },
): Promise<void> {
  const { ticket } = input;
  const [customer] = await tx.select({ email: customers.email, firstName: customers.firstName })
    .from(customers).where(eq(customers.id, ticket.customerId));
  if (!customer) return;
  const courier = await courierOf(tx, ticket.courierId);
  const link = `${input.publicUrl}${BASE_PATH}/customer/support-tickets?ticket=${encodeURIComponent(ticket.ticketNo)}&api_key=${encodeURIComponent(courier.apiKey)}`;
  await enqueueEmail(tx, {
    courierId: ticket.courierId,
    to: customer.email,
    subject: `${courier.name}: new reply on your ticket ${ticket.ticketNo}`,
    text: [
      `Hello ${customer.firstName},`,
      '',
      `${input.staffName} replied to your ticket ${ticket.ticketNo} (${ticket.subject}):`,
      '',
      excerpt(input.body),
      '',
      `Read the conversation and reply: ${link}`,
      '',
      courier.name,
    ].join('\n'),
  });
}
