import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { DEFAULT_ROLE_PERMISSIONS } from '@parceldesk/shared/permissions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, uniqueEmail, type TestCourier } from '../../test/factories';
import { bearer } from '../../test/payloads';

const OWN_PROFILE_ONLY = 'You can only change your own profile here';

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  courierA = await makeCourier(t.database.db);
  courierB = await makeCourier(t.database.db);
  adminHeaders = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: courierA }))).headers;
});
afterAll(() => t.close());

const registerStaff = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/staff/register', headers, payload });
const newStaff = (overrides: Record<string, unknown> = {}) => ({ firstName: 'Keisha', lastName: 'Reid', email: uniqueEmail('hire'), role: 'staff', ...overrides });
const staffLogin = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/staff/login', payload: { email, password } });
const outboxFor = async (address: string) =>
  (await t.database.pool.query(`select subject, text_body, courier_id from email_outbox where to_address = $1`, [address])).rows;

describe('POST /api/auth/staff/register', () => {
  it('lets a courier admin hire staff, who choose a password from the invitation email', async () => {
    const body = newStaff({ email: `  ${uniqueEmail('Hire').toUpperCase()} ` });
    const email = body.email.trim().toLowerCase();
    const response = await registerStaff(adminHeaders, body);
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      email, first_name: 'Keisha', role: { name: 'staff' }, user_type: 'staff', courier: { id: courierA.id },
    });
    expect(user.permissions).toEqual(expect.arrayContaining(DEFAULT_ROLE_PERMISSIONS.staff));

    const emails = await outboxFor(email);
    expect(emails).toHaveLength(1);
    expect(emails[0].courier_id).toBe(courierA.id);
    const link = new URL(/https?:\/\/\S+/.exec(emails[0].text_body)![0]);
    expect(link.pathname).toBe('/courier/reset-password');
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();

    expect((await staffLogin(email, 'chosen-pass-1')).statusCode).toBe(401);
    const choose = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'chosen-pass-1' } });
    expect(choose.statusCode).toBe(200);
    const signedIn = await staffLogin(email, 'chosen-pass-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);
  });

  it('sends no invitation when the admin sets a password, which works at once', async () => {
    const body = newStaff({ password: 'given-pass-1', role: 'branch_manager', branchId: courierA.branch.id });
    const response = await registerStaff(adminHeaders, body);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ role: { name: 'branch_manager' }, branch: { id: courierA.branch.id } });
    expect(await outboxFor(body.email)).toHaveLength(0);
    expect((await staffLogin(body.email, 'given-pass-1')).statusCode).toBe(200);
  });

  it('records the creation in the audit log', async () => {
    const response = await registerStaff(adminHeaders, newStaff());
    const { rows } = await t.database.pool.query(`select courier_id from audit_logs where action = 'staff.created' and target_id = $1`, [response.json().user.id]);
    expect(rows).toEqual([{ courier_id: courierA.id }]);
  });

  it('refuses staff, branch managers, customers and super admins (403), and anonymous callers (401)', async () => {
    const callers = [
      (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: courierA }))).headers,
      (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier: courierA }))).headers,
      (await signInCustomer(t.app, await makeCustomer(t.database.db, courierA), courierA.apiKey)).headers,
      (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers,
    ];
    for (const headers of callers) {
      const body = newStaff();
      const response = await registerStaff(headers, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.forbidden });
      expect(await outboxFor(body.email)).toHaveLength(0);
    }
    const anonymous = await registerStaff({}, newStaff());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message.toLowerCase()).toContain('token');
  });

  it('refuses a role of another courier', async () => {
    const foreignRole = courierB.roles.find((r) => r.builtin === 'staff')!;
    const body = newStaff({ roleId: foreignRole.id });
    const response = await registerStaff(adminHeaders, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ roleId: 'Role not found' });
    const { rows } = await t.database.pool.query(`select 1 from users where email = $1`, [body.email]);
    expect(rows).toHaveLength(0);
  });

  it('accepts a role of its own courier', async () => {
    const ownRole = courierA.roles.find((r) => r.builtin === 'branch_manager')!;
    const response = await registerStaff(adminHeaders, newStaff({ role: 'branch_manager', roleId: ownRole.id }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.permissions).toContain('reports_view');
  });

  it('refuses a branch of another courier', async () => {
    const response = await registerStaff(adminHeaders, newStaff({ branchId: courierB.branch.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ branchId: MSG.branchRequired });
  });

  it('refuses an email that already has an account, and an unknown permission', async () => {
    const existing = await makeUser(t.database.db, { role: 'staff', courier: courierB });
    const taken = await registerStaff(adminHeaders, newStaff({ email: existing.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: MSG.emailTaken, fieldErrors: { email: MSG.emailTaken } });

    const unknown = await registerStaff(adminHeaders, newStaff({ permissions: ['packages_view', 'root_access'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.permissions).toContain('root_access');
  });

  it('gives extra permissions on top of the role', async () => {
    const response = await registerStaff(adminHeaders, newStaff({ permissions: ['reports_view'] }));
    expect(response.json().user.permissions).toEqual(expect.arrayContaining(['reports_view', 'dashboard_view']));
  });

  it('names missing fields', async () => {
    const response = await registerStaff(adminHeaders, { role: 'courier_admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired, email: MSG.emailRequired, role: 'Role must be branch_manager or staff',
    });
  });
});

describe('PUT /api/users/{id}', () => {
  const update = (headers: Record<string, string>, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload });

  it('updates my own profile; a new email applies only once the link sent to it is opened (issue 15)', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { headers } = await signIn(t.app, staff);
    const newEmail = uniqueEmail('renamed');
    const response = await update(headers, staff.id, { firstName: 'Marcia', lastName: 'Griffiths', email: newEmail.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.emailChangeSent);
    expect(response.json().user).toMatchObject({ id: staff.id, first_name: 'Marcia', last_name: 'Griffiths', email: staff.email });
    // Not yet: the old address still signs in, the new one does not.
    expect((await staffLogin(newEmail, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await staffLogin(staff.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [notice] = await outboxFor(staff.email);
    expect(notice.text_body).toContain(newEmail);
    const [confirmation] = await outboxFor(newEmail);
    const link = new URL(/https?:\/\/\S+/.exec(confirmation.text_body)![0]);
    expect(link.pathname).toBe('/courier/confirm-email');

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: link.searchParams.get('token') } });
    expect(confirmed.json()).toEqual({ message: MSG.emailChanged, role: 'staff' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(profile.json().user).toMatchObject({ first_name: 'Marcia', email: newEmail });
    expect((await staffLogin(newEmail, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await staffLogin(staff.email, TEST_PASSWORD)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: link.searchParams.get('token') } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.emailChangeInvalid);
  });

  it('saving the profile with the same email changes names at once and sends nothing', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { headers } = await signIn(t.app, staff);
    const response = await update(headers, staff.id, { firstName: 'Marcia', lastName: 'Griffiths', email: staff.email.toUpperCase() });
    expect(response.json().message).toBe(MSG.profileUpdated);
    expect(await outboxFor(staff.email)).toEqual([]);
  });

  it('refuses to change another user\'s profile', async () => {
    const me = await makeUser(t.database.db, { role: 'courier_admin', courier: courierA });
    const colleague = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { headers } = await signIn(t.app, me);
    const response = await update(headers, colleague.id, { firstName: 'Hacked', lastName: 'Name', email: uniqueEmail('x') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: OWN_PROFILE_ONLY });
    const { rows } = await t.database.pool.query(`select first_name from users where id = $1`, [colleague.id]);
    expect(rows[0].first_name).toBe('Test');
  });

  it('refuses an email another user has', async () => {
    const me = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const other = await makeUser(t.database.db, { role: 'staff', courier: courierB });
    const { headers } = await signIn(t.app, me);
    const response = await update(headers, me.id, { firstName: 'A', lastName: 'B', email: other.email });
    expect(response.statusCode).toBe(409);
    expect(response.json().fieldErrors).toEqual({ email: MSG.emailTaken });
  });

  it('requires first name, last name and email', async () => {
    const me = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { headers } = await signIn(t.app, me);
    const response = await update(headers, me.id, { firstName: '', lastName: ' ', email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired, email: MSG.emailRequired });
  });

  it('is not for customers', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const { headers } = await signInCustomer(t.app, customer, courierA.apiKey);
    const response = await update(headers, customer.id, { firstName: 'A', lastName: 'B', email: uniqueEmail('c') });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/users/{id}/password', () => {
  const changePassword = (token: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}/password`, headers: bearer(token), payload });

  it('changes my password and ends my other sessions', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const current = await signIn(t.app, staff);
    const other = await signIn(t.app, staff);
    const response = await changePassword(current.token, staff.id, { currentPassword: TEST_PASSWORD, newPassword: 'my-new-pass-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MSG.passwordUpdated });

    const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect((await profile(current.token)).statusCode).toBe(200);
    expect((await profile(other.token)).statusCode).toBe(401);
    expect((await staffLogin(staff.email, 'my-new-pass-1')).statusCode).toBe(200);
    expect((await staffLogin(staff.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses another user\'s id', async () => {
    const me = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA });
    const colleague = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { token } = await signIn(t.app, me);
    const response = await changePassword(token, colleague.id, { currentPassword: TEST_PASSWORD, newPassword: 'their-new-pass-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: OWN_PROFILE_ONLY });
    expect((await staffLogin(colleague.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password', async () => {
    const me = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { token } = await signIn(t.app, me);
    const response = await changePassword(token, me.id, { currentPassword: 'not-it-at-all', newPassword: 'my-new-pass-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.currentPasswordIncorrect });
  });
});
