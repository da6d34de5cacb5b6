import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { PERMISSIONS } from '@parceldesk/shared/permissions';
import { ROLE_MSG, roleInUseMessage } from '@parceldesk/shared/schemas/roles';
import { twoCouriers } from '../../test/world';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCustomer, makeUser, signIn, signInCustomer, unique, type TestCourier } from '../../test/factories';

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

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

describe('GET /permissions', () => {
  it('lists every permission with its label, grouped by the part before the underscore', async () => {
    const response = await api('GET', '/permissions', adminA);
    expect(response.statusCode).toBe(200);
    const { permissions, modules } = response.json();
    expect(permissions.map((p: { name: string }) => p.name)).toEqual([...PERMISSIONS]);
    expect(permissions).toContainEqual({ name: 'staff_view', label: 'View staff', module: 'staff' });
    const delivery = modules.find((m: { module: string }) => m.module === 'delivery');
    expect(delivery).toMatchObject({ label: 'Delivery', permissions: [{ name: 'delivery_requests_view', label: 'View delivery requests' }, { name: 'delivery_requests_manage', label: 'Handle delivery requests' }] });
  });
});

describe('roles', () => {
  it('creates a role with a partial permission set, edits it and deletes it, audited', async () => {
    const name = unique('Counter clerk');
    const created = await api('POST', '/roles', adminA, { name, description: 'Front desk', permissions: ['packages_view', 'customers_view', 'packages_view'] });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ name, description: 'Front desk', builtin: null, permissions: ['packages_view', 'customers_view'], usersCount: 0, courierId: courierA.id });

    const edited = await api('PUT', `/roles/${role.id}`, adminA, { name: `${name} II`, permissions: ['tickets_view'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: `${name} II`, permissions: ['tickets_view'], description: 'Front desk' });
    expect((await api('GET', `/roles/${role.id}`, adminA)).json().permissions).toEqual(['tickets_view']);

    const deleted = await api('DELETE', `/roles/${role.id}`, adminA);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ROLE_MSG.deleted });
    expect((await api('GET', `/roles/${role.id}`, adminA)).statusCode).toBe(404);
    const { rows } = await t.database.pool.query(`select action from audit_logs where target_id = $1 order by created_at`, [role.id]);
    expect(rows.map((r) => r.action)).toEqual(['role.created', 'role.updated', 'role.deleted']);
  });

  it('validates name and permissions, and keeps names unique per courier', async () => {
    const missing = await api('POST', '/roles', adminA, { name: '', permissions: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ name: ROLE_MSG.nameRequired });

    const unknown = await api('POST', '/roles', adminA, { name: unique('Root'), permissions: ['packages_view', 'root_access'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ permissions: 'Unknown permission: root_access' });

    const taken = await api('POST', '/roles', adminA, { name: 'staff' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: ROLE_MSG.nameTaken, fieldErrors: { name: ROLE_MSG.nameTaken } });
    const renamedOntoBuiltin = await api('PUT', `/roles/${(await api('POST', '/roles', adminA, { name: unique('Temp') })).json().id}`, adminA, { name: 'Branch Manager' });
    expect(renamedOntoBuiltin.statusCode).toBe(409);
  });

  it('refuses to delete a built-in role or a role in use', async () => {
    const builtin = courierA.roles.find((r) => r.builtin === 'staff')!;
    const refused = await api('DELETE', `/roles/${builtin.id}`, adminA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ROLE_MSG.builtinNotDeletable });

    const role = (await api('POST', '/roles', adminA, { name: unique('Driver'), permissions: ['packages_view'] })).json();
    for (let i = 0; i < 2; i += 1) {
      const user = await makeUser(t.database.db, { role: 'staff', courier: courierA });
      await t.database.pool.query(`update users set role_id = $1 where id = $2`, [role.id, user.id]);
    }
    const inUse = await api('DELETE', `/roles/${role.id}`, adminA);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ message: roleInUseMessage(2) });
    expect(roleInUseMessage(2)).toBe('This role is assigned to 2 staff members and cannot be deleted');
    expect((await api('GET', `/roles/${role.id}`, adminA)).json().usersCount).toBe(2);
  });

  it('changes what the role\'s users may do on their very next request', async () => {
    const role = (await api('POST', '/roles', adminA, { name: unique('Viewer'), permissions: ['dashboard_view'] })).json();
    const user = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    await t.database.pool.query(`update users set role_id = $1 where id = $2`, [role.id, user.id]);
    const { headers } = await signIn(t.app, user);
    expect((await api('GET', '/customers', headers)).statusCode).toBe(403);
    await api('PUT', `/roles/${role.id}`, adminA, { name: role.name, permissions: ['dashboard_view', 'customers_view'] });
    expect((await api('GET', '/customers', headers)).statusCode).toBe(200);
  });

  it('answers 404 for another courier\'s role, on every route', async () => {
    const foreign = courierB.roles.find((r) => r.builtin === 'staff')!.id;
    const custom = (await api('POST', '/roles', superAdmin, { name: unique('B-only'), courierId: courierB.id })).json().id;
    for (const id of [foreign, custom]) {
      expect((await api('GET', `/roles/${id}`, adminA)).statusCode).toBe(404);
      expect((await api('PUT', `/roles/${id}`, adminA, { name: 'Mine now', permissions: PERMISSIONS })).statusCode).toBe(404);
      expect((await api('DELETE', `/roles/${id}`, adminA)).statusCode).toBe(404);
    }
    expect((await api('POST', '/roles', adminA, { name: unique('Elsewhere'), courierId: courierB.id })).statusCode).toBe(404);
    const { rows } = await t.database.pool.query(`select permissions from roles where id = $1`, [foreign]);
    expect(rows[0].permissions).not.toContain('staff_manage');
  });

  it('lists roles with users counts and built-in flags; the super admin filters by courier', async () => {
    const mine = await api('GET', '/roles?pageSize=100', adminA);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.every((r: { courierId: string }) => r.courierId === courierA.id)).toBe(true);
    expect(mine.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Staff', builtin: 'staff' })]));
    expect(mine.json().filterOptions.builtin).toHaveLength(2);

    const builtins = await api('GET', `/roles?filters=${encodeURIComponent(JSON.stringify({ builtin: 'branch_manager' }))}`, adminA);
    expect(builtins.json().data.map((r: { name: string }) => r.name)).toEqual(['Branch Manager']);

    const network = await api('GET', `/roles?pageSize=100&filters=${encodeURIComponent(JSON.stringify({ courierName: courierB.id }))}`, superAdmin);
    expect(network.json().data.length).toBeGreaterThanOrEqual(2);
    expect(network.json().data.every((r: { courierName: string }) => r.courierName === courierB.name)).toBe(true);
    expect((await api('POST', '/roles', superAdmin, { name: unique('No courier') })).json().fieldErrors).toEqual({ courierId: MSG.courierRequired });
  });

  it('is for admins only', async () => {
    const staffManager = (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier: courierA, permissions: ['staff_manage'] }))).headers;
    const customer = (await signInCustomer(t.app, await makeCustomer(t.database.db, courierA), courierA.apiKey)).headers;
    for (const headers of [staffManager, customer]) {
      expect((await api('GET', '/roles', headers)).statusCode).toBe(403);
      expect((await api('POST', '/roles', headers, { name: unique('X') })).statusCode).toBe(403);
    }
    const noStaffView = (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: courierA }))).headers;
    expect((await api('GET', '/permissions', noStaffView)).statusCode).toBe(403);
    expect((await api('GET', '/permissions', customer)).statusCode).toBe(403);
  });
});
