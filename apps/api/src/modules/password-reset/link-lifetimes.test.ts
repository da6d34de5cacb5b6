import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, uniqueEmail, type TestCourier } from '../../test/factories';

/**
 * Issue 15 #3, token lifetimes: every way a link of an account can be superseded, for staff-side
 * users and customers. Each case makes the links it needs, supersedes them, and proves each
 * superseded link no longer opens anything, while the account's newest link (if any) still does.
 */
let t: TestApp;
let courier: TestCourier;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  courier = await makeCourier(t.database.db);
  admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
});
afterAll(() => t?.close());

type Link = { kind: 'password' | 'email'; who: 'user' | 'customer'; token: string };

const inject = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers });

/** The newest emailed link to an address, waiting briefly: a request may queue its email after answering. */
async function newestLink(address: string, kind: Link['kind'], who: Link['who'], seen: number): Promise<Link> {
  for (let tries = 0; tries < 50; tries += 1) {
    const { rows } = await t.database.pool.query<{ text_body: string }>(`select text_body from email_outbox where to_address = $1 order by created_at, id`, [address]);
    const fresh = rows.slice(seen).map((row) => /https?:\/\/\S+/.exec(row.text_body)?.[0]).filter((url): url is string => Boolean(url));
    const url = fresh.at(-1);
    if (url) return { kind, who, token: new URL(url).searchParams.get('token')! };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no new link reached ${address}`);
}
const sentTo = async (address: string) => (await t.database.pool.query(`select 1 from email_outbox where to_address = $1`, [address])).rowCount ?? 0;

async function resetLink(email: string, who: Link['who']): Promise<Link> {
  const seen = await sentTo(email);
  await inject('POST', '/auth/request-password-reset', who === 'customer' ? { email, api_key: courier.apiKey } : { email });
  return newestLink(email, 'password', who, seen);
}

/** Opens a link: 200 when it still works. */
function open(link: Link, password = `Fresh-${Math.random().toString(36).slice(2, 10)}`) {
  if (link.kind === 'email') return inject('POST', '/auth/confirm-email', { token: link.token });
  return inject('POST', link.who === 'user' ? '/auth/reset-password' : '/auth/customer/reset-password', { token: link.token, newPassword: password, ...(link.who === 'customer' ? { api_key: courier.apiKey } : {}) });
}

async function expectDead(links: Link[]) {
  for (const link of links) {
    const response = await open(link);
    expect(response.statusCode, `${link.who} ${link.kind} link still works`).toBe(400);
    expect(response.json().message).toBe(link.kind === 'email' ? MSG.emailChangeInvalid : MSG.resetTokenInvalid);
  }
}

const customerDetails = (email: string) => ({
  title: 'Mrs.', firstName: 'Beverley', lastName: 'Manley', email, phone: '876-555-0142',
  trn: '222-333-444', address: '5 Lady Musgrave Road', parish: 'St. Andrew', city: 'Kingston',
});

async function staffAccount() {
  const user = await makeUser(t.database.db, { role: 'staff', courier });
  return { user, headers: (await signIn(t.app, user)).headers };
}
async function customerAccount() {
  const customer = await makeCustomer(t.database.db, courier);
  return { customer, headers: (await signInCustomer(t.app, customer, courier.apiKey)).headers };
}

/** Each way a link is superseded: what it makes, what supersedes it, the link that must still work. */
const CASES: { name: string; run: () => Promise<{ dead: Link[]; alive?: Link }> }[] = [
  {
    name: 'a staff reset link used ends the older reset links',
    run: async () => {
      const { user } = await staffAccount();
      const older = await resetLink(user.email, 'user');
      const other = await resetLink(user.email, 'user');
      const newer = await resetLink(user.email, 'user');
      expect((await open(newer)).statusCode).toBe(200);
      return { dead: [older, other] };
    },
  },
  {
    name: 'a staff password change ends outstanding reset links',
    run: async () => {
      const { user, headers } = await staffAccount();
      const link = await resetLink(user.email, 'user');
      expect((await inject('PUT', `/users/${user.id}/password`, { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-7' }, headers)).statusCode).toBe(200);
      return { dead: [link] };
    },
  },
  {
    name: 'asking for an email change ends outstanding reset links; a second ask ends the first confirmation',
    run: async () => {
      const { user, headers } = await staffAccount();
      const reset = await resetLink(user.email, 'user');
      const first = uniqueEmail('first');
      await inject('PUT', `/users/${user.id}`, { firstName: 'Test', lastName: 'Staff', email: first }, headers);
      const firstConfirmation = await newestLink(first, 'email', 'user', 0);
      const second = uniqueEmail('second');
      await inject('PUT', `/users/${user.id}`, { firstName: 'Test', lastName: 'Staff', email: second }, headers);
      return { dead: [reset, firstConfirmation], alive: await newestLink(second, 'email', 'user', 0) };
    },
  },
  {
    name: 'a confirmed email change ends reset links asked for meanwhile',
    run: async () => {
      const { user, headers } = await staffAccount();
      const next = uniqueEmail('moved');
      await inject('PUT', `/users/${user.id}`, { firstName: 'Test', lastName: 'Staff', email: next }, headers);
      const confirmation = await newestLink(next, 'email', 'user', 0);
      const reset = await resetLink(user.email, 'user');
      expect((await open(confirmation)).statusCode).toBe(200);
      return { dead: [reset] };
    },
  },
  {
    name: 'a reset link used ends a pending email confirmation',
    run: async () => {
      const { user, headers } = await staffAccount();
      const next = uniqueEmail('pending');
      await inject('PUT', `/users/${user.id}`, { firstName: 'Test', lastName: 'Staff', email: next }, headers);
      const confirmation = await newestLink(next, 'email', 'user', 0);
      expect((await open(await resetLink(user.email, 'user'))).statusCode).toBe(200);
      return { dead: [confirmation] };
    },
  },
  {
    name: 're-sending an invitation ends the earlier invitation',
    run: async () => {
      const email = uniqueEmail('invited');
      await inject('POST', '/auth/staff/register', { firstName: 'Kemar', lastName: 'Reid', email, role: 'staff' }, admin);
      const first = await newestLink(email, 'password', 'user', 0);
      const { rows } = await t.database.pool.query<{ id: string }>(`select id from users where email = $1`, [email]);
      const seen = await sentTo(email);
      expect((await inject('POST', `/staff/${rows[0]!.id}/resend-invitation`, {}, admin)).statusCode).toBe(200);
      return { dead: [first], alive: await newestLink(email, 'password', 'user', seen) };
    },
  },
  {
    name: 'a customer reset link used ends the older ones',
    run: async () => {
      const { customer } = await customerAccount();
      const older = await resetLink(customer.email, 'customer');
      const newer = await resetLink(customer.email, 'customer');
      expect((await open(newer)).statusCode).toBe(200);
      return { dead: [older] };
    },
  },
  {
    name: "a customer's password change ends outstanding reset links",
    run: async () => {
      const { customer, headers } = await customerAccount();
      const link = await resetLink(customer.email, 'customer');
      expect((await inject('PUT', '/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-7' }, headers)).statusCode).toBe(200);
      return { dead: [link] };
    },
  },
  {
    name: "a customer's email change (asked by staff or by the customer) ends outstanding reset links",
    run: async () => {
      const { customer, headers } = await customerAccount();
      const byCustomer = await resetLink(customer.email, 'customer');
      await inject('PUT', '/customers/profile', customerDetails(uniqueEmail('self')), headers);
      const byStaff = await resetLink(customer.email, 'customer');
      const next = uniqueEmail('by-staff');
      expect((await inject('PUT', `/customers/${customer.id}`, { accountType: 'individual', ...customerDetails(next) }, admin)).statusCode).toBe(200);
      return { dead: [byCustomer, byStaff], alive: await newestLink(next, 'email', 'customer', 0) };
    },
  },
];

describe('link lifetimes (issue 15 #3)', () => {
  for (const { name, run } of CASES) {
    it(name, async () => {
      const { dead, alive } = await run();
      await expectDead(dead);
      if (alive) expect((await open(alive)).statusCode, 'the newest link still works').toBe(200);
    });
  }
});
