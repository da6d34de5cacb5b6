import { eq } from 'drizzle-orm';
import type { TicketDetail } from '@parceldesk/shared/schemas/tickets';
import { users } from '../../db/schema/index';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

type Headers = { authorization: string };

/** A staff user holding exactly `permissions` (no built-in role behind them). */
async function staffWith(t: TestApp, courier: TestCourier, permissions: string[]) {
  const user = await makeUser(t.database.db, { role: 'staff', courier, permissions });
  await t.database.db.update(users).set({ roleId: null }).where(eq(users.id, user.id));
  return user;
}

/**
 * Two couriers with every kind of ticket reader: A's admin, a staff member with the built-in
 * staff role (tickets_view + tickets_reply), one who may only view, one without ticket
 * permissions, two customers; B's admin and customer; the super admin.
 */
export async function ticketWorld(t: TestApp) {
  const db = t.database.db;
  const courier = await makeCourier(db);
  const other = await makeCourier(db);
  const people = {
    admin: await makeUser(db, { role: 'courier_admin', courier }),
    staff: await makeUser(db, { role: 'staff', courier }),
    viewer: await staffWith(t, courier, ['tickets_view']),
    outsider: await staffWith(t, courier, ['dashboard_view']),
    superAdmin: await makeUser(db, { role: 'super_admin' }),
    otherAdmin: await makeUser(db, { role: 'courier_admin', courier: other }),
  };
  const customer = await makeCustomer(db, courier, { firstName: 'Alicia', lastName: 'Brown' });
  const customer2 = await makeCustomer(db, courier, { firstName: 'Brian', lastName: 'Clarke' });
  const otherCustomer = await makeCustomer(db, other);
  const as: Record<string, Headers> = {};
  for (const [name, user] of Object.entries(people)) as[name] = (await signIn(t.app, user)).headers;
  as.customer = (await signInCustomer(t.app, customer, courier.apiKey)).headers;
  as.customer2 = (await signInCustomer(t.app, customer2, courier.apiKey)).headers;
  as.otherCustomer = (await signInCustomer(t.app, otherCustomer, other.apiKey)).headers;
  return { courier, other, people, customer, customer2, otherCustomer, as: as as Record<keyof typeof people | 'customer' | 'customer2' | 'otherCustomer', Headers> };
}
export type TicketWorld = Awaited<ReturnType<typeof ticketWorld>>;

export async function openTicket(t: TestApp, headers: Headers, body: Record<string, string> = {}): Promise<TicketDetail> {
  const response = await t.app.inject({
    method: 'POST', url: '/api/tickets', headers,
    payload: { subject: 'Where is my parcel?', department: 'Shipping', message: 'It left Miami a week ago.', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`ticket create failed: ${response.statusCode} ${response.body}`);
  return response.json<TicketDetail>();
}

export async function reply(t: TestApp, headers: Headers, ticketId: string, message = 'Thanks, looking into it.') {
  return t.app.inject({ method: 'POST', url: `/api/tickets/${ticketId}/messages`, headers, payload: { message } });
}

export async function setStatus(t: TestApp, headers: Headers, ticketId: string, status: string) {
  return t.app.inject({ method: 'PUT', url: `/api/tickets/${ticketId}/status`, headers, payload: { status } });
}

export async function countFor(t: TestApp, headers: Headers, url = '/api/tickets/unread/count'): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`count failed: ${response.statusCode} ${response.body}`);
  return response.json<{ unreadCount: number }>().unreadCount;
}
