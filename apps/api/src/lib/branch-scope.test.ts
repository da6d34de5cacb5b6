import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '@parceldesk/shared/permissions';
import { users } from '../db/schema/index';
import { insertRow } from '../test/access-matrix/fixture-rows';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, type TestCourier } from '../test/factories';

/**
 * Issue 15, branch scope (docs/decisions/008): branch managers and staff see and change the
 * customers and tickets of their own branch; another branch's are not found (404), in lists and
 * by id, unless they hold branches_all. Courier admins see every branch.
 */
let t: TestApp;
let courier: TestCourier;
let otherBranchId: string;
const here = { customer: '', ticket: '' };
const there = { customer: '', ticket: '' };

beforeAll(async () => {
  t = await createTestApp();
  courier = await makeCourier(t.database.db);
  const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
  otherBranchId = (await t.app.inject({ method: 'POST', url: '/api/branches', headers: admin, payload: { name: 'Montego Bay' } })).json().id;
  const mine = await makeCustomer(t.database.db, courier);
  const theirs = await makeCustomer(t.database.db, courier, { branchId: otherBranchId });
  here.customer = mine.id;
  there.customer = theirs.id;
  here.ticket = await insertRow(t.database.db, 'ticket', { courier, userId: '', customerId: mine.id });
  there.ticket = await insertRow(t.database.db, 'ticket', { courier, userId: '', customerId: theirs.id });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const ids = (response: { json: () => { data: { id: string }[] } }) => response.json().data.map((row) => row.id);

async function branchManager(options: { extra?: string[]; branchId?: string | null } = {}) {
  const manager = await makeUser(t.database.db, { role: 'branch_manager', courier, permissions: options.extra ?? [] });
  if (options.branchId !== undefined) await t.database.db.update(users).set({ branchId: options.branchId }).where(eq(users.id, manager.id));
  return (await signIn(t.app, manager)).headers;
}

describe('branch scope', () => {
  it("a branch manager's default role does not reach every branch", () => {
    expect(DEFAULT_ROLE_PERMISSIONS.branch_manager).not.toContain('branches_all');
  });

  it("hides another branch's customers and tickets from a branch manager, in lists and by id (404), also for writes", async () => {
    const headers = await branchManager();
    expect(ids(await get('/customers?pageSize=100', headers))).toEqual([here.customer]);
    expect((await get(`/customers/${here.customer}`, headers)).statusCode).toBe(200);
    expect((await get(`/customers/${there.customer}`, headers)).statusCode).toBe(404);
    const edit = await t.app.inject({ method: 'POST', url: `/api/customers/${there.customer}/deactivate`, headers });
    expect(edit.statusCode).toBe(404);
    expect(ids(await get('/tickets?pageSize=100', headers))).toEqual([here.ticket]);
    expect((await get(`/tickets/${here.ticket}`, headers)).statusCode).toBe(200);
    expect((await get(`/tickets/${there.ticket}`, headers)).statusCode).toBe(404);
  });

  it('lets branches_all reach every branch, as a courier admin does', async () => {
    const headers = await branchManager({ extra: ['branches_all'] });
    expect(ids(await get('/customers?pageSize=100', headers)).sort()).toEqual([here.customer, there.customer].sort());
    expect((await get(`/customers/${there.customer}`, headers)).statusCode).toBe(200);
    expect((await get(`/tickets/${there.ticket}`, headers)).statusCode).toBe(200);
    const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    expect((await get(`/tickets/${there.ticket}`, admin)).statusCode).toBe(200);
  });

  it('shows a branch manager with no branch no customers or tickets', async () => {
    const headers = await branchManager({ branchId: null });
    expect(ids(await get('/customers?pageSize=100', headers))).toEqual([]);
    expect((await get(`/customers/${here.customer}`, headers)).statusCode).toBe(404);
    expect(ids(await get('/tickets?pageSize=100', headers))).toEqual([]);
  });

  it("counts the dashboard's customers by the same scope", async () => {
    const figures = async (headers: Record<string, string>) =>
      Object.fromEntries((await get('/dashboard/summary', headers)).json<{ figures: { key: string; value: number }[] }>().figures.map((f) => [f.key, f.value]));
    expect((await figures(await branchManager())).customers).toBe(1);
    expect((await figures(await branchManager({ extra: ['branches_all'] }))).customers).toBe(2);
  });
});
