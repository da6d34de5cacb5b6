import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MSG, type TicketDetail, type TicketListItem } from '@parceldesk/shared/schemas/tickets';
import { auditLogs, emailOutbox, tickets } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openTicket, reply, setStatus, ticketWorld, type TicketWorld } from './ticket-test-kit';

describe('support tickets: create, reply and status rules', () => {
  let t: TestApp;
  let w: TicketWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await ticketWorld(t);
  });
  afterAll(() => t?.close());

  it('a customer opens a ticket: numbered per courier, pending, with the first message as the customer\'s', async () => {
    const first = await openTicket(t, w.as.customer, { subject: 'First' });
    const second = await openTicket(t, w.as.customer2, { subject: 'Second' });
    const elsewhere = await openTicket(t, w.as.otherCustomer, { subject: 'Elsewhere' });
    expect(first.ticket_no).toMatch(/^TKT-\d{6}$/);
    expect(Number(second.ticket_no.slice(4))).toBe(Number(first.ticket_no.slice(4)) + 1);
    // Another courier counts from its own start.
    expect(elsewhere.ticket_no).toBe('TKT-000001');
    expect(first.status).toBe('pending');
    expect(first.department).toBe('Shipping');
    expect(first.customer).toMatchObject({ firstName: 'Alicia', lastName: 'Brown' });
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatchObject({ authorType: 'customer', customer_id: w.customer.id, user_id: null, body: 'It left Miami a week ago.' });
    expect(first.canReply).toBe(true);
    expect(first.allowedStatuses).toEqual([]);
  });

  it('rejects a missing subject or message and a department not on the courier\'s list, storing nothing', async () => {
    const before = await t.database.db.$count(tickets);
    const noSubject = await t.app.inject({ method: 'POST', url: '/api/tickets', headers: w.as.customer, payload: { subject: ' ', department: 'General', message: 'x' } });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json()).toMatchObject({ message: TICKET_MSG.subjectRequired, fieldErrors: { subject: TICKET_MSG.subjectRequired } });
    const noMessage = await t.app.inject({ method: 'POST', url: '/api/tickets', headers: w.as.customer, payload: { subject: 'Hi', department: 'General' } });
    expect(noMessage.json().fieldErrors).toMatchObject({ message: TICKET_MSG.messageRequired });
    const badDepartment = await t.app.inject({ method: 'POST', url: '/api/tickets', headers: w.as.customer, payload: { subject: 'Hi', department: 'Marketing', message: 'x' } });
    expect(badDepartment.statusCode).toBe(400);
    expect(badDepartment.json().fieldErrors).toEqual({ department: TICKET_MSG.departmentUnknown });
    expect(await t.database.db.$count(tickets)).toBe(before);
  });

  it('only customers open tickets', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/tickets', headers: w.as.admin, payload: { subject: 'x', department: 'General', message: 'x' } });
    expect(response.statusCode).toBe(403);
  });

  it('a staff reply to a pending ticket makes it In Progress, is a staff message, and emails the customer', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const response = await reply(t, w.as.staff, ticket.id, 'We found it in Kingston.');
    expect(response.statusCode).toBe(201);
    const detail = response.json<TicketDetail>();
    expect(detail.status).toBe('in_progress');
    expect(detail.messages[1]).toMatchObject({ authorType: 'staff', user_id: w.people.staff.id, customer_id: null, authorName: 'Test staff' });
    const [email] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, w.customer.email));
    expect(email?.subject).toContain(ticket.ticket_no);
    expect(email?.textBody).toContain(`/courier/customer/support-tickets?ticket=${ticket.ticket_no}`);
    expect(email?.textBody).toContain('We found it in Kingston.');
    const audits = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, ticket.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['ticket.created', 'ticket.replied', 'ticket.status_changed']);
    expect(audits.find((a) => a.action === 'ticket.status_changed')).toMatchObject({
      actorType: 'user', actorId: w.people.staff.id, details: expect.objectContaining({ from: 'pending', to: 'in_progress', reason: 'staff reply' }),
    });
  });

  it('staff move tickets only along the allowed transitions; others answer 409 with a clear message', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const same = await setStatus(t, w.as.admin, ticket.id, 'pending');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('The ticket is already Pending');
    expect((await setStatus(t, w.as.admin, ticket.id, 'in_progress')).statusCode).toBe(200);
    const back = await setStatus(t, w.as.admin, ticket.id, 'pending');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A ticket cannot move from In Progress to Pending');
    const resolved = await setStatus(t, w.as.staff, ticket.id, 'resolved');
    expect(resolved.json<TicketDetail>()).toMatchObject({ status: 'resolved', allowedStatuses: ['in_progress', 'closed'] });
    const closed = await setStatus(t, w.as.superAdmin, ticket.id, 'closed');
    expect(closed.json<TicketDetail>()).toMatchObject({ status: 'closed', canReply: false, allowedStatuses: ['in_progress'] });
    expect((await setStatus(t, w.as.admin, ticket.id, 'resolved')).statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, ticket.id), eq(auditLogs.action, 'ticket.status_changed')));
    expect(audit.map((a) => `${String(a.details?.from)}→${String(a.details?.to)}`)).toEqual(['pending→in_progress', 'in_progress→resolved', 'resolved→closed']);
  });

  it('a customer reply to a resolved ticket reopens it; nobody replies to a closed one until staff reopen it', async () => {
    const ticket = await openTicket(t, w.as.customer);
    await setStatus(t, w.as.admin, ticket.id, 'resolved');
    const reopened = await reply(t, w.as.customer, ticket.id, 'Still not here.');
    expect(reopened.statusCode).toBe(201);
    expect(reopened.json<TicketDetail>().status).toBe('in_progress');
    await setStatus(t, w.as.admin, ticket.id, 'closed');
    const customerTry = await reply(t, w.as.customer, ticket.id, 'Hello?');
    expect(customerTry.statusCode).toBe(409);
    expect(customerTry.json().message).toBe(TICKET_MSG.closedCustomer);
    const staffTry = await reply(t, w.as.staff, ticket.id, 'Hello');
    expect(staffTry.statusCode).toBe(409);
    expect(staffTry.json().message).toBe(TICKET_MSG.closedStaff);
    expect((await setStatus(t, w.as.staff, ticket.id, 'in_progress')).statusCode).toBe(200);
    expect((await reply(t, w.as.customer, ticket.id, 'Thanks')).statusCode).toBe(201);
  });

  it('customers cannot change status; staff need tickets_reply to answer or move tickets, tickets_view to see them', async () => {
    const ticket = await openTicket(t, w.as.customer);
    expect((await setStatus(t, w.as.customer, ticket.id, 'closed')).statusCode).toBe(403);
    expect((await setStatus(t, w.as.viewer, ticket.id, 'closed')).statusCode).toBe(403);
    expect((await reply(t, w.as.viewer, ticket.id)).statusCode).toBe(403);
    const seen = await t.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}`, headers: w.as.viewer });
    expect(seen.json<TicketDetail>()).toMatchObject({ canReply: false, allowedStatuses: [] });
    expect((await t.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}`, headers: w.as.outsider })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets', headers: w.as.outsider })).statusCode).toBe(403);
  });

  it('another courier\'s ticket and another customer\'s ticket answer 404, whatever the route', async () => {
    const ticket = await openTicket(t, w.as.customer);
    for (const headers of [w.as.otherAdmin, w.as.otherCustomer, w.as.customer2]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/tickets/by-number/${ticket.ticket_no}`, headers })).statusCode).toBe(404);
      expect((await reply(t, headers, ticket.id)).statusCode).toBe(404);
    }
    expect((await setStatus(t, w.as.otherAdmin, ticket.id, 'closed')).statusCode).toBe(404);
    // B's admin naming A's customer, and a customer naming another customer.
    expect((await t.app.inject({ method: 'GET', url: `/api/tickets/customer/${w.customer.id}`, headers: w.as.otherAdmin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/tickets/customer/${w.customer.id}`, headers: w.as.customer2 })).statusCode).toBe(404);
    const detail = await t.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}`, headers: w.as.customer });
    expect(detail.statusCode).toBe(200);
  });

  it('by-number opens the ticket of the caller\'s courier; a super admin names the courier when numbers repeat', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const mine = await t.app.inject({ method: 'GET', url: `/api/tickets/by-number/${ticket.ticket_no.toLowerCase()}`, headers: w.as.admin });
    expect(mine.json<TicketDetail>().id).toBe(ticket.id);
    const first = await t.app.inject({ method: 'GET', url: '/api/tickets/by-number/TKT-000001', headers: w.as.superAdmin });
    expect(first.statusCode).toBe(409);
    const named = await t.app.inject({ method: 'GET', url: `/api/tickets/by-number/TKT-000001?courierId=${w.other.id}`, headers: w.as.superAdmin });
    expect(named.json<TicketDetail>().courierId).toBe(w.other.id);
    const foreignCourier = await t.app.inject({ method: 'GET', url: `/api/tickets/by-number/TKT-000001?courierId=${w.other.id}`, headers: w.as.admin });
    expect(foreignCourier.statusCode).toBe(404);
  });

  it('lists: staff see their courier\'s tickets with filters and search; a customer only their own; the super admin all', async () => {
    const ticket = await openTicket(t, w.as.customer2, { subject: 'Customs hold on laptop', department: 'customs' });
    expect(ticket.department).toBe('Customs');
    const list = async (url: string, headers: { authorization: string }) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: TicketListItem[]; total: number; filterOptions: Record<string, { value: string }[]> }>();
    };
    const staffList = await list('/api/tickets?pageSize=100', w.as.staff);
    expect(staffList.data.every((row) => row.courierId === w.courier.id)).toBe(true);
    expect(staffList.filterOptions.status?.map((o) => o.value)).toEqual(expect.arrayContaining(['pending', 'in_progress']));
    const filtered = await list(`/api/tickets?filters=${encodeURIComponent(JSON.stringify({ department: 'Customs' }))}`, w.as.admin);
    expect(filtered.data.map((r) => r.id)).toEqual([ticket.id]);
    const searched = await list('/api/tickets?search=Clarke', w.as.admin);
    expect(searched.data.map((r) => r.id)).toContain(ticket.id);
    expect(searched.data.every((r) => r.customerName === 'Brian Clarke')).toBe(true);
    const byNumber = await list(`/api/tickets?search=${ticket.ticket_no}`, w.as.admin);
    expect(byNumber.data.map((r) => r.id)).toEqual([ticket.id]);
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const dated = await list(`/api/tickets?filters=${encodeURIComponent(JSON.stringify({ createdAt: today }))}`, w.as.admin);
    expect(dated.total).toBe(staffList.total);
    const mine = await list('/api/tickets/mine?pageSize=100', w.as.customer2);
    expect(mine.data.every((r) => r.customer.id === w.customer2.id)).toBe(true);
    expect(mine.data.map((r) => r.id)).toContain(ticket.id);
    const all = await list('/api/tickets?pageSize=100', w.as.superAdmin);
    expect(new Set(all.data.map((r) => r.courierId))).toEqual(new Set([w.courier.id, w.other.id]));
    const customerSide = await t.app.inject({ method: 'GET', url: `/api/tickets/customer/${w.customer2.id}?page=1&limit=100`, headers: w.as.customer2 });
    expect(customerSide.json<{ data: TicketListItem[] }>().data.map((r) => r.id)).toContain(ticket.id);
    const staffSide = await t.app.inject({ method: 'GET', url: `/api/tickets/customer/${w.customer2.id}?page=1&limit=100`, headers: w.as.viewer });
    expect(staffSide.json<{ data: TicketListItem[] }>().data.every((r) => r.customer.id === w.customer2.id)).toBe(true);
  });

  it('departments default to General, Billing, Shipping and Customs until the admin saves a list', async () => {
    const defaults = await t.app.inject({ method: 'GET', url: '/api/tickets/departments', headers: w.as.customer });
    expect(defaults.json()).toEqual({ data: ['General', 'Billing', 'Shipping', 'Customs'] });
    const saved = await t.app.inject({
      method: 'PUT', url: '/api/tickets/settings', headers: w.as.otherAdmin, payload: { notifyStaffByEmail: true, departments: ['Sales', 'Returns'] },
    });
    expect(saved.json()).toEqual({ notifyStaffByEmail: true, departments: ['Sales', 'Returns'] });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/tickets/departments', headers: w.as.otherCustomer });
    expect(theirs.json()).toEqual({ data: ['Sales', 'Returns'] });
    const dup = await t.app.inject({ method: 'PUT', url: '/api/tickets/settings', headers: w.as.admin, payload: { notifyStaffByEmail: false, departments: ['A', 'a'] } });
    expect(dup.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/tickets/settings?courierId=${w.other.id}`, headers: w.as.admin, payload: { notifyStaffByEmail: false, departments: ['A'] } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets/departments', headers: w.as.customer })).json()).toEqual({ data: ['General', 'Billing', 'Shipping', 'Customs'] });
  });
});
