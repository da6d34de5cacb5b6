import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { BRANCH_MSG } from '@parceldesk/shared/schemas/branches';
import { twoCouriers } from '../../test/world';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, unique, type TestCourier } from '../../test/factories';

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;
let adminA: Record<string, string>;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ courierA, courierB, adminA, superAdmin } = await twoCouriers(t));
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const list = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  api('GET', `/branches?${new URLSearchParams(query).toString()}`, headers);

describe('branches', () => {
  it('opens, reads and edits a branch, with an audit row for each write', async () => {
    const name = unique('Montego Bay');
    const created = await api('POST', '/branches', adminA, { name, code: 'MBJ', address: '1 Gloucester Ave', phone: '876-555-0101', openingHours: 'Mon-Fri 9-5' });
    expect(created.statusCode).toBe(201);
    const branch = created.json();
    expect(branch).toMatchObject({ name, code: 'MBJ', courierId: courierA.id, courierName: courierA.name, isActive: true, customersCount: 0, staffCount: 0 });

    const read = await api('GET', `/branches/${branch.id}`, adminA);
    expect(read.statusCode).toBe(200);
    expect(read.json().address).toBe('1 Gloucester Ave');

    const edited = await api('PUT', `/branches/${branch.id}`, adminA, { name: `${name} West`, phone: '', isActive: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: `${name} West`, phone: null, code: 'MBJ', isActive: false });

    const { rows } = await t.database.pool.query(`select action from audit_logs where target_id = $1 order by created_at`, [branch.id]);
    expect(rows.map((r) => r.action)).toEqual(['branch.created', 'branch.updated']);
  });

  it('keeps a closed branch out of the public list and of registration', async () => {
    const created = (await api('POST', '/branches', adminA, { name: unique('Closing'), isActive: false })).json();
    const publicList = await t.app.inject({ method: 'GET', url: `/api/branches/public/${courierA.id}` });
    expect(publicList.json().data.map((b: { id: string }) => b.id)).not.toContain(created.id);
  });

  it('names a missing name and refuses a duplicate name (any case)', async () => {
    const missing = await api('POST', '/branches', adminA, { name: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ name: BRANCH_MSG.nameRequired });

    const name = unique('Portmore');
    await api('POST', '/branches', adminA, { name });
    const duplicate = await api('POST', '/branches', adminA, { name: name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: BRANCH_MSG.nameTaken, fieldErrors: { name: BRANCH_MSG.nameTaken } });
    // Another courier may use the same name.
    expect((await api('POST', '/branches', superAdmin, { name, courierId: courierB.id })).statusCode).toBe(201);
  });

  it('answers 404 for another courier\'s branch, on every route', async () => {
    const foreign = courierB.branch.id;
    expect((await api('GET', `/branches/${foreign}`, adminA)).statusCode).toBe(404);
    expect((await api('PUT', `/branches/${foreign}`, adminA, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await api('POST', '/branches', adminA, { name: unique('Sneaky'), courierId: courierB.id })).statusCode).toBe(404);
    const { rows } = await t.database.pool.query(`select name from branches where id = $1`, [foreign]);
    expect(rows[0].name).toBe('Head Office');
  });

  it('lets the super admin work across couriers, naming the courier for a new branch', async () => {
    const missingCourier = await api('POST', '/branches', superAdmin, { name: unique('Nowhere') });
    expect(missingCourier.statusCode).toBe(400);
    expect(missingCourier.json().fieldErrors).toEqual({ courierId: MSG.courierRequired });

    const all = await list(superAdmin, { pageSize: '100', filters: JSON.stringify({ courierName: courierB.id }) });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.every((b: { courierId: string }) => b.courierId === courierB.id)).toBe(true);
    expect(all.json().filterOptions.courierName).toEqual(expect.arrayContaining([{ value: courierA.id, label: courierA.name }, { value: courierB.id, label: courierB.name }]));
    expect((await api('PUT', `/branches/${courierB.branch.id}`, superAdmin, { name: 'Head Office', openingHours: '24/7' })).json().openingHours).toBe('24/7');
  });

  it('lists a courier admin\'s own branches with customer counts, sorted and searched', async () => {
    const courier = await makeCourier(t.database.db);
    const headers = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    await api('POST', '/branches', headers, { name: 'Kingston', code: 'KIN' });
    await api('POST', '/branches', headers, { name: 'Ocho Rios', code: 'OCJ' });
    await makeCustomer(t.database.db, courier);
    await makeCustomer(t.database.db, courier);

    const byName = await list(headers);
    expect(byName.json()).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(byName.json().data.map((b: { name: string }) => b.name)).toEqual(['Head Office', 'Kingston', 'Ocho Rios']);
    expect(byName.json().data[0].customersCount).toBe(2);
    // A courier admin sees one courier, so there is no courier dropdown.
    expect(byName.json().filterOptions.courierName).toBeUndefined();

    const byCount = await list(headers, { sort: 'customersCount', order: 'desc' });
    expect(byCount.json().data[0].name).toBe('Head Office');
    const searched = await list(headers, { search: 'ocj' });
    expect(searched.json().data.map((b: { name: string }) => b.name)).toEqual(['Ocho Rios']);

    const bad = await list(headers, { sort: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown sort column: password');
  });

  it('is for admins only', async () => {
    const callers = [
      (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier: courierA }))).headers,
      (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: courierA, permissions: ['staff_manage', 'customers_manage'] }))).headers,
      (await signInCustomer(t.app, await makeCustomer(t.database.db, courierA), courierA.apiKey)).headers,
    ];
    for (const headers of callers) {
      expect((await list(headers)).statusCode).toBe(403);
      expect((await api('POST', '/branches', headers, { name: unique('X') })).statusCode).toBe(403);
      expect((await api('GET', `/branches/${courierA.branch.id}`, headers)).statusCode).toBe(403);
    }
    expect((await list({})).statusCode).toBe(401);
  });
});
