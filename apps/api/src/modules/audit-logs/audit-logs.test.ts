import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogItem } from '@parceldesk/shared/schemas/audit-logs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openTicket, reply, setStatus, ticketWorld, type TicketWorld } from '../tickets/ticket-test-kit';

type Headers = { authorization: string };
type Page = { data: AuditLogItem[]; total: number; filterOptions: Record<string, { value: string; label: string }[]> };

describe('audit log (/admin/audit-logs, /superadmin/audit-logs)', () => {
  let t: TestApp;
  let w: TicketWorld;
  let ticketId: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await ticketWorld(t);
    const ticket = await openTicket(t, w.as.customer);
    ticketId = ticket.id;
    await reply(t, w.as.staff, ticket.id);
    await setStatus(t, w.as.admin, ticket.id, 'resolved');
    await openTicket(t, w.as.otherCustomer);
  });
  afterAll(() => t?.close());

  const page = async (headers: Headers, query: Record<string, string | Record<string, string>> = {}) => {
    const params = new URLSearchParams({ pageSize: '100' });
    for (const [key, value] of Object.entries(query)) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    const response = await t.app.inject({ method: 'GET', url: `/api/audit-logs?${params.toString()}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  it('a courier admin reads only their courier\'s entries: sign-ins, ticket creation, replies and status changes, newest first', async () => {
    const { data } = await page(w.as.admin);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((row) => row.courierId === w.courier.id)).toBe(true);
    const times = data.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const actions = new Set(data.map((row) => row.action));
    for (const action of ['auth.sign_in', 'ticket.created', 'ticket.replied', 'ticket.status_changed']) expect(actions).toContain(action);
    const manual = data.find((row) => row.action === 'ticket.status_changed' && row.details?.reason === 'manual');
    expect(manual).toMatchObject({
      actorType: 'user', actorId: w.people.admin.id, actorName: 'Test courier_admin', actorRole: 'courier_admin', actorEmail: w.people.admin.email,
      targetType: 'ticket', targetId: ticketId, ip: '127.0.0.1', courierName: w.courier.name,
      details: expect.objectContaining({ from: 'in_progress', to: 'resolved' }),
    });
    const created = data.find((row) => row.action === 'ticket.created' && row.targetId === ticketId);
    expect(created).toMatchObject({ actorType: 'customer', actorName: 'Alicia Brown', actorRole: 'customer' });
  });

  it('filters by action (a dropdown of the actions present), actor type, date and search', async () => {
    const all = await page(w.as.admin);
    expect(all.filterOptions.action?.map((o) => o.value)).toEqual(expect.arrayContaining(['ticket.created', 'ticket.status_changed']));
    const changes = await page(w.as.admin, { filters: { action: 'ticket.status_changed' } });
    expect(changes.total).toBe(2);
    const customers = await page(w.as.admin, { filters: { actorType: 'customer' } });
    expect(customers.data.every((row) => row.actorType === 'customer')).toBe(true);
    expect(customers.total).toBeGreaterThan(0);
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    expect((await page(w.as.admin, { filters: { createdAt: today } })).total).toBe(all.total);
    expect((await page(w.as.admin, { filters: { createdAt: '1999-01-01' } })).total).toBe(0);
    const searched = await page(w.as.admin, { search: 'Alicia' });
    expect(searched.data.length).toBeGreaterThan(0);
    expect(searched.data.every((row) => row.actorName === 'Alicia Brown')).toBe(true);
  });

  it('the super admin reads every courier and filters by courier', async () => {
    const all = await page(w.as.superAdmin);
    expect(all.data.some((row) => row.courierId === w.other.id)).toBe(true);
    expect(all.data.some((row) => row.courierId === w.courier.id)).toBe(true);
    const other = await page(w.as.superAdmin, { filters: { courierName: w.other.id } });
    expect(other.total).toBeGreaterThan(0);
    expect(other.data.every((row) => row.courierId === w.other.id)).toBe(true);
    // A courier admin filtering by another courier sees nothing of it.
    expect((await page(w.as.admin, { filters: { courierName: w.other.id } })).total).toBe(0);
  });

  it('is for admins only', async () => {
    for (const headers of [w.as.staff, w.as.customer]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/audit-logs', headers })).statusCode).toBe(403);
    }
  });
});
