import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couriers, roles, sessions, users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertRow } from '../test/access-matrix/fixture-rows';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../test/factories';

/**
 * Issue 16: a list checks the session inside its page's statement, starting from the session's
 * last check in this process (lib/deferred-session.ts). That last check is only a guess: whatever
 * changed since (on this instance or another, written straight to the database here) decides the
 * answer at once, as if the session had been checked first.
 */
let t: TestApp;
let courier: TestCourier;
let otherBranchId: string;
const mailbox = { here: '', there: '' };

beforeAll(async () => {
  t = await createTestApp();
  courier = await makeCourier(t.database.db);
  const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
  otherBranchId = (await t.app.inject({ method: 'POST', url: '/api/branches', headers: admin, payload: { name: 'Mandeville' } })).json().id;
  mailbox.here = (await makeCustomer(t.database.db, courier, { lastName: 'Here' })).mailboxNumber;
  mailbox.there = (await makeCustomer(t.database.db, courier, { lastName: 'There', branchId: otherBranchId })).mailboxNumber;
});
afterAll(() => t?.close());

const customersList = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/customers?pageSize=100${query}`, headers });
/** Revokes every session of a principal straight in the database, as another instance's sign-out would. */
const revokeSessionsOf = (principalId: string) => t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.principalId, principalId));

/** A read answered 200 twice, the second time in one statement (the session known to the process). */
async function expectOneStatementOnceWarm(read: () => Promise<{ statusCode: number }>) {
  expect((await read()).statusCode).toBe(200);
  t.statements.reset();
  expect((await read()).statusCode).toBe(200);
  expect(t.statements.texts).toHaveLength(1);
}
const mailboxes = (response: { json: () => { data: { mailboxNumber: string }[] } }) => response.json().data.map((row) => row.mailboxNumber);

/** A branch manager of the courier's first branch, signed in, whose first list has been read (the session's check remembered). */
async function warmManager() {
  const manager = await makeUser(t.database.db, { role: 'branch_manager', courier });
  const { headers } = await signIn(t.app, manager);
  const first = await customersList(headers);
  expect(first.statusCode, first.body).toBe(200);
  expect(mailboxes(first)).toEqual([mailbox.here]);
  return { manager, headers };
}

describe('the session check inside a list statement', () => {
  it('a warm list is one statement, and that statement checks the session', async () => {
    const { headers } = await warmManager();
    t.statements.reset();
    const response = await customersList(headers);
    expect(mailboxes(response)).toEqual([mailbox.here]);
    expect(t.statements.texts).toHaveLength(1);
    expect(t.statements.texts[0]).toMatch(/from sessions s/);
  });

  it("a customer's own list is one statement once warm, and refused once the session is revoked", async () => {
    const own = await makeCourier(t.database.db);
    const customer = await makeCustomer(t.database.db, own);
    const { headers } = await signInCustomer(t.app, customer, own.apiKey);
    await insertRow(t.database.db, 'package', { courier: own, userId: '', customerId: customer.id });
    const list = () => t.app.inject({ method: 'GET', url: '/api/packages?page=1&pageSize=25', headers });
    expect((await list()).statusCode).toBe(200);
    t.statements.reset();
    const warm = await list();
    expect(warm.json<{ data: unknown[] }>().data).toHaveLength(1);
    expect(t.statements.texts, t.statements.texts.join('\n---\n')).toHaveLength(1);
    // The package's page reads in one statement too, and is refused the same way.
    const packageId = warm.json<{ data: { id: string }[] }>().data[0]!.id;
    const detail = () => t.app.inject({ method: 'GET', url: `/api/packages/${packageId}`, headers });
    await expectOneStatementOnceWarm(detail);
    await revokeSessionsOf(customer.id);
    expect((await list()).statusCode).toBe(401);
    expect((await detail()).statusCode).toBe(401);
  });

  it('refuses a list at once when another instance revoked the session, and answers nothing of it', async () => {
    const { manager, headers } = await warmManager();
    await revokeSessionsOf(manager.id);
    const response = await customersList(headers);
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain(mailbox.here);
    // Also when the page has no rows to carry the check (a search that finds nothing), or the query is refused.
    expect((await customersList(headers, '&search=nobody-at-all')).statusCode).toBe(401);
    expect((await customersList(headers, '&page=0')).statusCode).toBe(401);
  });

  it('answers a bad query 400 with its message on a live session, as every route does', async () => {
    const { headers } = await warmManager();
    const response = await customersList(headers, '&page=0');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('page');
  });

  it('refuses the dashboard, which reads in one statement too, once the session is revoked', async () => {
    const { manager, headers } = await warmManager();
    const dashboard = () => t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers });
    await expectOneStatementOnceWarm(dashboard);
    await revokeSessionsOf(manager.id);
    expect((await dashboard()).statusCode).toBe(401);
  });

  it('refuses a list after sign-out on this instance', async () => {
    const { headers } = await warmManager();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await customersList(headers)).statusCode).toBe(401);
  });

  it("shows the new branch's customers when the manager moved branch between two requests", async () => {
    const { manager, headers } = await warmManager();
    await t.database.db.update(users).set({ branchId: otherBranchId }).where(eq(users.id, manager.id));
    const moved = await customersList(headers);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(mailboxes(moved)).toEqual([mailbox.there]);
    expect(moved.json<{ total: number }>().total).toBe(1);
    // And the next request starts from the new branch.
    t.statements.reset();
    expect(mailboxes(await customersList(headers))).toEqual([mailbox.there]);
    expect(t.statements.texts).toHaveLength(1);
  });

  it('answers 403 once the role lost the permission, 401 once the account is deactivated or its courier suspended', async () => {
    const other = await makeCourier(t.database.db);
    await makeCustomer(t.database.db, other);
    const manager = await makeUser(t.database.db, { role: 'branch_manager', courier: other });
    const { headers } = await signIn(t.app, manager);
    expect((await customersList(headers)).statusCode).toBe(200);
    const roleId = manager.roleId!;
    await t.database.db.update(roles).set({ permissions: sql`array_remove(${roles.permissions}, 'customers_view')` }).where(eq(roles.id, roleId));
    expect((await customersList(headers)).statusCode).toBe(403);
    await t.database.db.update(roles).set({ permissions: sql`array_append(${roles.permissions}, 'customers_view')` }).where(eq(roles.id, roleId));
    expect((await customersList(headers)).statusCode).toBe(200);

    await t.database.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.id, other.id));
    expect((await customersList(headers)).statusCode).toBe(401);
    await t.database.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, other.id));

    const { headers: second } = await signIn(t.app, manager);
    expect((await customersList(second)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, manager.id));
    expect((await customersList(second)).statusCode).toBe(401);
  });
});
