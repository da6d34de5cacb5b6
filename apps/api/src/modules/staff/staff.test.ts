import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { STAFF_MSG } from '@parceldesk/shared/schemas/staff';
import { twoCouriers } from '../../test/world';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, unique, uniqueEmail, type TestCourier } from '../../test/factories';
import { bearer } from '../../test/payloads';

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;
let adminA: Record<string, string>;
let superAdmin: Record<string, string>;
let secondBranchId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ courierA, courierB, adminA, superAdmin } = await twoCouriers(t));
  secondBranchId = (await t.app.inject({ method: 'POST', url: '/api/branches', headers: adminA, payload: { name: 'Mandeville' } })).json().id;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const edit = (id: string, overrides: Record<string, unknown> = {}) => ({ firstName: 'Andre', lastName: 'Brown', email: uniqueEmail('edited'), role: 'staff', ...overrides });
const staffLogin = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/staff/login', payload: { email, password: TEST_PASSWORD } });
const outboxFor = async (address: string) =>
  (await t.database.pool.query(`select subject, text_body from email_outbox where to_address = $1 order by created_at`, [address])).rows;
const ids = (response: { json: () => { data: { id: string }[] } }) => response.json().data.map((row) => row.id);

describe('GET /staff and /staff/{id}', () => {
  it('lists the courier\'s branch managers and staff, not its admins; the super admin sees admins too', async () => {
    const manager = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA });
    const other = await makeUser(t.database.db, { role: 'staff', courier: courierB });
    const mine = await api('GET', '/staff?pageSize=100', adminA);
    expect(mine.statusCode).toBe(200);
    expect(ids(mine)).toContain(manager.id);
    expect(ids(mine)).not.toContain(other.id);
    expect(mine.json().data.every((u: { role: string }) => u.role !== 'courier_admin')).toBe(true);
    expect(mine.json().data.find((u: { id: string }) => u.id === manager.id)).toMatchObject({
      name: 'Test branch_manager', roleName: 'Branch Manager', branchName: 'Head Office', courierName: courierA.name, isActive: true,
    });

    const network = await api('GET', `/staff?pageSize=100&filters=${encodeURIComponent(JSON.stringify({ role: 'courier_admin' }))}`, superAdmin);
    expect(network.json().data.length).toBeGreaterThan(0);
    expect(network.json().data.every((u: { role: string }) => u.role === 'courier_admin')).toBe(true);
    expect(network.json().filterOptions.role.map((o: { value: string }) => o.value)).toEqual(['courier_admin', 'branch_manager', 'staff']);
  });

  it('shows a user\'s role permissions, extra permissions and pending invitation', async () => {
    const hired = (await api('POST', '/auth/staff/register', adminA, { firstName: 'Nadine', lastName: 'Sutherland', email: uniqueEmail('n'), role: 'staff', permissions: ['reports_view'] })).json().user;
    const detail = await api('GET', `/staff/${hired.id}`, adminA);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ permissions: ['reports_view'], invitationPending: true, roleName: 'Staff' });
    expect(detail.json().effectivePermissions).toEqual(expect.arrayContaining(['reports_view', 'dashboard_view']));
  });

  it('limits a branch manager to their own branch', async () => {
    const manager = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA, permissions: ['staff_view'] });
    const colleague = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const elsewhere = await makeUser(t.database.db, { role: 'staff', courier: courierA, branchId: secondBranchId });
    const { headers } = await signIn(t.app, manager);
    const list = await api('GET', '/staff?pageSize=100', headers);
    expect(ids(list)).toEqual(expect.arrayContaining([manager.id, colleague.id]));
    expect(ids(list)).not.toContain(elsewhere.id);
    expect(list.json().data.every((u: { branchId: string }) => u.branchId === courierA.branch.id)).toBe(true);
    expect((await api('GET', `/staff/${elsewhere.id}`, headers)).statusCode).toBe(404);
    expect((await api('GET', `/staff/${colleague.id}`, headers)).statusCode).toBe(200);
  });

  it('searches, filters by branch and sorts; a bad sort or filter answers 400', async () => {
    const email = uniqueEmail('zebedee');
    await api('POST', '/auth/staff/register', adminA, { firstName: 'Zebedee', lastName: 'Quarrie', email, role: 'staff', branchId: secondBranchId });
    const found = await api('GET', '/staff?search=zebedee', adminA);
    expect(found.json().data.map((u: { email: string }) => u.email)).toEqual([email]);
    const byBranch = await api('GET', `/staff?pageSize=100&filters=${encodeURIComponent(JSON.stringify({ branchName: secondBranchId }))}`, adminA);
    expect(byBranch.json().data.length).toBeGreaterThan(0);
    expect(byBranch.json().data.every((u: { branchName: string }) => u.branchName === 'Mandeville')).toBe(true);
    expect(byBranch.json().filterOptions.branchName).toEqual(expect.arrayContaining([{ value: secondBranchId, label: 'Mandeville' }]));
    const sorted = await api('GET', '/staff?pageSize=100&sort=name&order=asc', adminA);
    const names = sorted.json().data.map((u: { name: string }) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await api('GET', '/staff?sort=passwordHash', adminA)).statusCode).toBe(400);
    const badFilter = await api('GET', `/staff?filters=${encodeURIComponent(JSON.stringify({ passwordHash: 'x' }))}`, adminA);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe('Unknown filter column: passwordHash');
  });
});

describe('PUT /staff/{id}', () => {
  it('edits details, position, role, branch and extra permissions, audited', async () => {
    const user = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const managerRole = courierA.roles.find((r) => r.builtin === 'branch_manager')!;
    const payload = edit(user.id, { role: 'branch_manager', roleId: managerRole.id, branchId: secondBranchId, permissions: ['staff_manage'] });
    const response = await api('PUT', `/staff/${user.id}`, adminA, payload);
    expect(response.statusCode).toBe(200);
    // The new email waits for its owner's confirmation (issue 15 #2); the rest applies at once.
    expect(response.json()).toMatchObject({ firstName: 'Andre', email: user.email, pendingEmail: payload.email, role: 'branch_manager', roleId: managerRole.id, branchName: 'Mandeville', permissions: ['staff_manage'] });
    const { rows } = await t.database.pool.query(`select action from audit_logs where target_id = $1 and action like 'staff.%'`, [user.id]);
    expect(rows).toEqual([{ action: 'staff.updated' }]);
  });

  it('gives the built-in role of a new position when no role is named', async () => {
    const user = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const response = await api('PUT', `/staff/${user.id}`, adminA, edit(user.id, { role: 'branch_manager' }));
    expect(response.json()).toMatchObject({ role: 'branch_manager', roleName: 'Branch Manager' });
  });

  it('refuses a role for another position, a role or branch of another courier, a taken email and missing fields', async () => {
    const user = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const managerRole = courierA.roles.find((r) => r.builtin === 'branch_manager')!;
    const wrongPosition = await api('PUT', `/staff/${user.id}`, adminA, edit(user.id, { roleId: managerRole.id }));
    expect(wrongPosition.statusCode).toBe(400);
    expect(wrongPosition.json().fieldErrors).toEqual({ roleId: STAFF_MSG.roleForOtherPosition });

    const foreignRole = courierB.roles.find((r) => r.builtin === 'staff')!;
    expect((await api('PUT', `/staff/${user.id}`, adminA, edit(user.id, { roleId: foreignRole.id }))).json().fieldErrors).toEqual({ roleId: STAFF_MSG.roleNotFound });
    const foreignBranch = await api('PUT', `/staff/${user.id}`, adminA, edit(user.id, { branchId: courierB.branch.id }));
    expect(foreignBranch.statusCode).toBe(400);
    expect(foreignBranch.json().fieldErrors).toEqual({ branchId: STAFF_MSG.branchNotFound });

    const other = await makeUser(t.database.db, { role: 'staff', courier: courierB });
    const taken = await api('PUT', `/staff/${user.id}`, adminA, edit(user.id, { email: other.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ email: MSG.emailTaken });

    const missing = await api('PUT', `/staff/${user.id}`, adminA, { firstName: '', lastName: '', email: 'nope', role: 'courier_admin', permissions: ['root'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired, email: MSG.invalidEmail, role: STAFF_MSG.roleInvalid, permissions: 'Unknown permission: root',
    });
  });

  it('keeps courier admins read-only on the staff screens', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: courierB });
    expect((await api('GET', `/staff/${admin.id}`, superAdmin)).json().role).toBe('courier_admin');
    const refused = await api('PUT', `/staff/${admin.id}`, superAdmin, edit(admin.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_MSG.courierAdminReadOnly);
    expect((await api('POST', `/staff/${admin.id}/deactivate`, superAdmin)).statusCode).toBe(403);
    // A courier admin does not see other admins on the staff screens at all.
    const ownAdmin = await makeUser(t.database.db, { role: 'courier_admin', courier: courierA });
    expect((await api('GET', `/staff/${ownAdmin.id}`, adminA)).statusCode).toBe(404);
  });
});

describe('deactivate, reactivate, resend invitation', () => {
  it('ends a deactivated user\'s sessions at once and refuses their sign-in until reactivated', async () => {
    const user = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { token } = await signIn(t.app, user);
    const profile = () => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect((await profile()).statusCode).toBe(200);

    const deactivated = await api('POST', `/staff/${user.id}/deactivate`, adminA);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().isActive).toBe(false);
    expect((await profile()).statusCode).toBe(401);
    const refused = await staffLogin(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.accountDeactivated);

    expect((await api('POST', `/staff/${user.id}/reactivate`, adminA)).json().isActive).toBe(true);
    expect((await staffLogin(user.email)).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(`select action from audit_logs where target_id = $1 and action like 'staff.%' order by created_at`, [user.id]);
    expect(rows.map((r) => r.action)).toEqual(['staff.deactivated', 'staff.reactivated']);
  });

  it('sends the invitation again, or a reset link once a password exists', async () => {
    const invited = (await api('POST', '/auth/staff/register', adminA, { firstName: 'Kemar', lastName: 'Bailey', email: uniqueEmail('kemar'), role: 'staff' })).json().user;
    const resent = await api('POST', `/staff/${invited.id}/resend-invitation`, adminA);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: STAFF_MSG.invitationSent });
    const invitations = await outboxFor(invited.email);
    expect(invitations).toHaveLength(2);
    expect(invitations[1].subject).toContain('your Staff account');
    expect(invitations[1].text_body).toContain('/courier/reset-password?token=');

    const withPassword = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    await api('POST', `/staff/${withPassword.id}/resend-invitation`, adminA);
    expect((await outboxFor(withPassword.email))[0].subject).toContain('reset your password');

    // The super admin can re-invite a courier admin whose first invitation was lost.
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: courierB });
    expect((await api('POST', `/staff/${admin.id}/resend-invitation`, superAdmin)).statusCode).toBe(200);
  });
});

describe('staff permissions and tenancy', () => {
  it('answers 403 to a staff user without staff_view or staff_manage, and to customers', async () => {
    const target = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const noView = (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: courierA }))).headers;
    expect((await api('GET', '/staff', noView)).statusCode).toBe(403);
    expect((await api('GET', `/staff/${target.id}`, noView)).statusCode).toBe(403);

    const viewOnly = (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier: courierA, permissions: ['staff_view'] }))).headers;
    expect((await api('GET', '/staff', viewOnly)).statusCode).toBe(200);
    expect((await api('PUT', `/staff/${target.id}`, viewOnly, edit(target.id))).statusCode).toBe(403);
    for (const action of ['deactivate', 'reactivate', 'resend-invitation']) {
      expect((await api('POST', `/staff/${target.id}/${action}`, viewOnly)).statusCode).toBe(403);
    }
    expect((await api('POST', '/auth/staff/register', viewOnly, { firstName: 'A', lastName: 'B', email: uniqueEmail('x'), role: 'staff' })).statusCode).toBe(403);

    const customer = (await signInCustomer(t.app, await makeCustomer(t.database.db, courierA), courierA.apiKey)).headers;
    expect((await api('GET', '/staff', customer)).statusCode).toBe(403);
  });

  it('answers 404 for another courier\'s user on every {id} route', async () => {
    const foreign = await makeUser(t.database.db, { role: 'staff', courier: courierB });
    expect((await api('GET', `/staff/${foreign.id}`, adminA)).statusCode).toBe(404);
    expect((await api('PUT', `/staff/${foreign.id}`, adminA, edit(foreign.id))).statusCode).toBe(404);
    for (const action of ['deactivate', 'reactivate', 'resend-invitation']) {
      expect((await api('POST', `/staff/${foreign.id}/${action}`, adminA)).statusCode).toBe(404);
    }
    expect((await staffLogin(foreign.email)).statusCode).toBe(200);
  });
});

describe('a branch manager holding staff_manage', () => {
  const hire = (headers: Record<string, string>, overrides: Record<string, unknown> = {}) =>
    api('POST', '/auth/staff/register', headers, { firstName: 'Shanice', lastName: 'Walker', email: uniqueEmail('bm-hire'), role: 'staff', ...overrides });

  it('hires staff into their own branch only, with no permission they lack', async () => {
    const manager = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA, permissions: ['staff_view', 'staff_manage'] });
    const { headers } = await signIn(t.app, manager);
    const hired = await hire(headers);
    expect(hired.statusCode).toBe(201);
    expect(hired.json().user).toMatchObject({ role: { name: 'staff' }, branch: { id: courierA.branch.id } });

    expect((await hire(headers, { role: 'branch_manager' })).json()).toEqual({ message: STAFF_MSG.staffOnly });
    expect((await hire(headers, { branchId: secondBranchId })).json()).toEqual({ message: STAFF_MSG.ownBranchOnly });
    // branch_manager's built-in role lacks staff_manage, and the manager holds it only as an extra.
    expect((await hire(headers, { permissions: ['staff_manage'] })).statusCode).toBe(201);
    const custom = (await api('POST', '/roles', adminA, { name: unique('Powerful'), permissions: ['settings_view', 'payments_manage'] })).json();
    const limited = (await api('POST', '/roles', adminA, { name: unique('Limited manager'), permissions: ['settings_view'] })).json();
    await t.database.pool.query(`update users set role_id = $1 where id = $2`, [limited.id, manager.id]);
    const escalation = await hire(headers, { roleId: custom.id });
    expect(escalation.statusCode).toBe(403);
    expect(escalation.json().message).toBe(STAFF_MSG.permissionNotHeld);
  });

  it('edits and deactivates staff of their branch, but not peers, themselves or other branches', async () => {
    const manager = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA, permissions: ['staff_view', 'staff_manage'] });
    const { headers } = await signIn(t.app, manager);
    const clerk = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const peer = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA });
    const elsewhere = await makeUser(t.database.db, { role: 'staff', courier: courierA, branchId: secondBranchId });

    const edited = await api('PUT', `/staff/${clerk.id}`, headers, edit(clerk.id, { branchId: courierA.branch.id }));
    expect(edited.statusCode).toBe(200);
    expect((await api('PUT', `/staff/${clerk.id}`, headers, edit(clerk.id, { role: 'branch_manager' }))).statusCode).toBe(403);
    expect((await api('PUT', `/staff/${clerk.id}`, headers, edit(clerk.id, { branchId: secondBranchId }))).json().message).toBe(STAFF_MSG.ownBranchOnly);
    expect((await api('POST', `/staff/${clerk.id}/deactivate`, headers)).statusCode).toBe(200);

    expect((await api('POST', `/staff/${peer.id}/deactivate`, headers)).json().message).toBe(STAFF_MSG.staffOnly);
    expect((await api('POST', `/staff/${manager.id}/deactivate`, headers)).json().message).toBe(STAFF_MSG.notYourself);
    expect((await api('POST', `/staff/${elsewhere.id}/deactivate`, headers)).statusCode).toBe(404);
  });

  it('cannot take over a colleague through an email change and a re-sent invitation (issue 15 #2)', async () => {
    const manager = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA, permissions: ['staff_view', 'staff_manage'] });
    const { headers } = await signIn(t.app, manager);
    const clerk = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: clerk.email } });
    const tokenIn = (body: string) => new URL(/https?:\/\/\S+/.exec(body)![0]).searchParams.get('token');
    // The reset email is queued just after the answer (issue 15, item 11).
    await expect.poll(async () => (await outboxFor(clerk.email)).length).toBeGreaterThan(0);
    const earlierReset = tokenIn((await outboxFor(clerk.email)).at(-1)!.text_body);

    const attacker = uniqueEmail('attacker');
    const edited = await api('PUT', `/staff/${clerk.id}`, headers, edit(clerk.id, { email: attacker, firstName: clerk.firstName }));
    expect(edited.json()).toMatchObject({ email: clerk.email, pendingEmail: attacker });
    // The clerk hears of it at the old address; the new one gets a confirmation, never a password link.
    expect((await outboxFor(clerk.email)).at(-1)!.text_body).toContain(attacker);
    const sentToAttacker = await outboxFor(attacker);
    expect(sentToAttacker.map((m) => m.subject)).toEqual([expect.stringContaining('confirm your new email address')]);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: earlierReset, newPassword: 'taken-over-1' } });
    expect(reuse.statusCode).toBe(400);

    expect((await api('POST', `/staff/${clerk.id}/resend-invitation`, headers)).statusCode).toBe(200);
    expect(await outboxFor(attacker)).toHaveLength(1);
    expect((await outboxFor(clerk.email)).at(-1)!.subject).toContain('reset your password');
    // The re-sent link replaced the pending confirmation: the address never changes.
    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: tokenIn(sentToAttacker[0].text_body) } });
    expect(confirm.json().message).toBe(MSG.emailChangeInvalid);
    expect((await staffLogin(clerk.email)).statusCode).toBe(200);
  });
});
