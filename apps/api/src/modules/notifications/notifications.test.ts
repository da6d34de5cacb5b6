import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@parceldesk/shared/schemas/notifications';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openTicket, reply, ticketWorld, type TicketWorld } from '../tickets/ticket-test-kit';

type Headers = { authorization: string };

describe('in-app notifications (/admin/notifications, /superadmin/notifications)', () => {
  let t: TestApp;
  let w: TicketWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await ticketWorld(t);
  });
  afterAll(() => t?.close());

  const list = async (headers: Headers, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/notifications?pageSize=100${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Notification[]; total: number }>();
  };
  const unread = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers })).json<{ unreadCount: number }>().unreadCount;

  it('a new customer ticket notifies the courier\'s admin and the staff who can view tickets, with a link to their own area', async () => {
    const ticket = await openTicket(t, w.as.customer, { subject: 'Lost parcel' });
    const [admin, staff, viewer] = await Promise.all([list(w.as.admin), list(w.as.staff), list(w.as.viewer)]);
    expect(admin.data[0]).toMatchObject({
      type: 'ticket.created', title: `New ticket ${ticket.ticket_no}: Lost parcel`, readAt: null,
      link: `/admin/support-tickets?ticket=${ticket.ticket_no}`,
    });
    expect(admin.data[0]?.body).toContain('Alicia Brown');
    expect(staff.data[0]).toMatchObject({ type: 'ticket.created', link: `/staff/support-tickets?ticket=${ticket.ticket_no}` });
    expect(viewer.data[0]?.type).toBe('ticket.created');
    // No tickets_view, another courier, the super admin: nothing.
    for (const headers of [w.as.outsider, w.as.otherAdmin, w.as.superAdmin]) expect((await list(headers)).total).toBe(0);
  });

  it('a customer reply notifies them too; a staff reply does not notify staff', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const before = await unread(w.as.admin);
    await reply(t, w.as.staff, ticket.id);
    expect(await unread(w.as.admin)).toBe(before);
    await reply(t, w.as.customer, ticket.id, 'It arrived damaged.');
    expect(await unread(w.as.admin)).toBe(before + 1);
    const latest = (await list(w.as.admin)).data[0];
    expect(latest).toMatchObject({ type: 'ticket.reply', title: `Alicia Brown replied on ${ticket.ticket_no}`, body: 'It arrived damaged.' });
  });

  it('marks one read, then all; filters read and unread; someone else\'s notification is not found', async () => {
    const mine = (await list(w.as.staff)).data;
    expect(mine.length).toBeGreaterThan(1);
    const first = mine[0]!;
    const read = await t.app.inject({ method: 'PUT', url: `/api/notifications/${first.id}/read`, headers: w.as.staff });
    expect(read.json<Notification>().readAt).not.toBeNull();
    const unreadOnly = await list(w.as.staff, `&filters=${encodeURIComponent(JSON.stringify({ isRead: 'false' }))}`);
    expect(unreadOnly.data.map((n) => n.id)).not.toContain(first.id);
    expect(unreadOnly.total).toBe(mine.length - 1);
    for (const headers of [w.as.admin, w.as.otherAdmin, w.as.superAdmin]) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${first.id}/read`, headers })).statusCode).toBe(404);
    }
    const all = await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: w.as.staff });
    expect(all.json()).toEqual({ updated: mine.length - 1 });
    expect(await unread(w.as.staff)).toBe(0);
    expect(await unread(w.as.admin)).toBeGreaterThan(0);
  });

  it('a customer reads only their own (package) notifications, none of the staff\'s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: w.as.customer });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ total: number }>().total).toBe(0);
  });
});
