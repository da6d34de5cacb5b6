import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketListItem } from '@parceldesk/shared/schemas/tickets';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countFor, openTicket, reply, setStatus, ticketWorld, type TicketWorld } from './ticket-test-kit';

const CUSTOMER_COUNT = '/api/tickets/unread/customer-count';

describe('unread ticket counts for every role (spec section 4)', () => {
  let t: TestApp;
  let w: TicketWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await ticketWorld(t);
  });
  afterAll(() => t?.close());

  const view = (headers: { authorization: string }, id: string) => t.app.inject({ method: 'GET', url: `/api/tickets/${id}`, headers });

  it('a new customer ticket raises the bell of every staff-side reader of that courier, and of the super admin', async () => {
    const readers = [w.as.admin, w.as.staff, w.as.viewer, w.as.superAdmin];
    const before = await Promise.all(readers.map((h) => countFor(t, h)));
    const otherBefore = await countFor(t, w.as.otherAdmin);
    const ticket = await openTicket(t, w.as.customer);
    const after = await Promise.all(readers.map((h) => countFor(t, h)));
    expect(after).toEqual(before.map((n) => n + 1));
    expect(await countFor(t, w.as.otherAdmin)).toBe(otherBefore);
    const bell = await t.app.inject({ method: 'GET', url: '/api/tickets/unread', headers: w.as.admin });
    expect(bell.json()).toMatchObject({
      unreadCount: after[0],
      tickets: expect.arrayContaining([expect.objectContaining({
        id: ticket.id, ticket_no: ticket.ticket_no, subject: ticket.subject, status: 'pending', department: 'Shipping',
        customer: { firstName: 'Alicia', lastName: 'Brown' }, courierId: w.courier.id,
      })]),
    });
  });

  it('read state is per user: opening a ticket clears it for that reader only', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const adminBefore = await countFor(t, w.as.admin);
    const staffBefore = await countFor(t, w.as.staff);
    await view(w.as.admin, ticket.id);
    expect(await countFor(t, w.as.admin)).toBe(adminBefore - 1);
    expect(await countFor(t, w.as.staff)).toBe(staffBefore);
    // A new customer message makes it unread again for the admin.
    await reply(t, w.as.customer, ticket.id, 'Any news?');
    expect(await countFor(t, w.as.admin)).toBe(adminBefore);
    const list = await t.app.inject({ method: 'GET', url: '/api/tickets?pageSize=100', headers: w.as.admin });
    expect(list.json<{ data: TicketListItem[] }>().data.find((r) => r.id === ticket.id)?.unread).toBe(true);
  });

  it('staff replies do not raise the bell; a staff member\'s own reply marks the ticket read for them', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const adminBefore = await countFor(t, w.as.admin);
    const staffBefore = await countFor(t, w.as.staff);
    await reply(t, w.as.staff, ticket.id);
    expect(await countFor(t, w.as.staff)).toBe(staffBefore - 1);
    expect(await countFor(t, w.as.admin)).toBe(adminBefore);
  });

  it('closed tickets leave the bell', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const before = await countFor(t, w.as.viewer);
    await setStatus(t, w.as.admin, ticket.id, 'closed');
    expect(await countFor(t, w.as.viewer)).toBe(before - 1);
  });

  it('the customer badge counts only tickets with a staff message the customer has not read', async () => {
    const start = await countFor(t, w.as.customer2, CUSTOMER_COUNT);
    const neighbour = await countFor(t, w.as.customer, CUSTOMER_COUNT);
    const ticket = await openTicket(t, w.as.customer2);
    const quiet = await openTicket(t, w.as.customer2);
    // The customer's own messages never count.
    await reply(t, w.as.customer2, quiet.id, 'More details');
    expect(await countFor(t, w.as.customer2, CUSTOMER_COUNT)).toBe(start);
    await reply(t, w.as.staff, ticket.id, 'First answer');
    await reply(t, w.as.admin, ticket.id, 'Second answer');
    expect(await countFor(t, w.as.customer2, CUSTOMER_COUNT)).toBe(start + 1);
    expect(await countFor(t, w.as.customer, CUSTOMER_COUNT)).toBe(neighbour);
    const mine = await t.app.inject({ method: 'GET', url: `/api/tickets/customer/${w.customer2.id}?page=1&limit=100`, headers: w.as.customer2 });
    expect(mine.json<{ data: TicketListItem[] }>().data.find((r) => r.id === ticket.id)).toMatchObject({ unread: true, hasStaffReply: true });
    expect(mine.json<{ data: TicketListItem[] }>().data.find((r) => r.id === quiet.id)).toMatchObject({ unread: false, hasStaffReply: false });
    await view(w.as.customer2, ticket.id);
    expect(await countFor(t, w.as.customer2, CUSTOMER_COUNT)).toBe(start);
    // A status change alone is not a message.
    await setStatus(t, w.as.admin, ticket.id, 'resolved');
    expect(await countFor(t, w.as.customer2, CUSTOMER_COUNT)).toBe(start);
  });

  it('the bell is for staff-side roles with tickets_view; the customer badge for customers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets/unread/count', headers: w.as.customer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets/unread', headers: w.as.outsider })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: CUSTOMER_COUNT, headers: w.as.admin })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets/unread/count' })).statusCode).toBe(401);
  });
});
