import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { PEOPLE_MSG } from '@parceldesk/shared/schemas/people';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, unique, uniqueEmail } from '../../test/factories';
import { bearer } from '../../test/payloads';

let t: TestApp;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const newCourier = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Island Express'), contactEmail: uniqueEmail('contact'), contactPhone: '876-555-0111',
  admin: { firstName: 'Portia', lastName: 'Simpson', email: uniqueEmail('admin') }, ...overrides,
});
const uniqueCode = () => `C${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
const outboxFor = async (address: string) =>
  (await t.database.pool.query(`select subject, text_body, courier_id from email_outbox where to_address = $1`, [address])).rows;

describe('POST /network/couriers', () => {
  it('creates the courier with its Head Office and roles, and invites its admin, who sets a password and signs in', async () => {
    const code = uniqueCode();
    const body = newCourier({ code, supportsMembership: true });
    const response = await api('POST', '/network/couriers', superAdmin, body);
    expect(response.statusCode).toBe(201);
    const courier = response.json();
    expect(courier).toMatchObject({
      name: body.name, code, status: 'active', contactEmail: body.contactEmail, supportsMembership: true,
      branches: [{ name: 'Head Office', isActive: true }],
      admins: [{ email: body.admin.email, firstName: 'Portia', invitationPending: true }],
      figures: { customers: 0, staff: 0, branches: 1 },
    });
    const { rows: roles } = await t.database.pool.query(`select builtin from roles where courier_id = $1 order by builtin`, [courier.id]);
    expect(roles.map((r) => r.builtin)).toEqual(['branch_manager', 'staff']);

    const [email] = await outboxFor(body.admin.email);
    expect(email.courier_id).toBe(courier.id);
    expect(email.subject).toContain('Administrator');
    const link = new URL(/https?:\/\/\S+/.exec(email.text_body)![0]);
    expect(link.pathname).toBe('/courier/reset-password');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: link.searchParams.get('token'), newPassword: 'first-pass-1' } });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.admin.email, password: 'first-pass-1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: { name: 'courier_admin' }, courier: { id: courier.id } });

    const { rows: audit } = await t.database.pool.query(`select action from audit_logs where target_id = $1`, [courier.id]);
    expect(audit).toEqual([{ action: 'courier.created' }]);
  });

  it('makes a code when none is given, and validates the payload', async () => {
    const made = await api('POST', '/network/couriers', superAdmin, newCourier({ name: 'Blue Mountain Freight' }));
    expect(made.json().code).toMatch(/^BMF\d*$/);

    const invalid = await api('POST', '/network/couriers', superAdmin, { name: ' ', code: 'no spaces', contactEmail: '', admin: { firstName: '', lastName: 'X', email: 'bad' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({
      name: PEOPLE_MSG.courierNameRequired, code: PEOPLE_MSG.courierCodeInvalid, contactEmail: PEOPLE_MSG.contactEmailRequired,
      'admin.firstName': MSG.firstNameRequired, 'admin.email': MSG.invalidEmail,
    });
  });

  it('refuses a code in use (any case) and an admin email that already has an account', async () => {
    const code = uniqueCode();
    await api('POST', '/network/couriers', superAdmin, newCourier({ code }));
    const sameCode = await api('POST', '/network/couriers', superAdmin, newCourier({ code: code.toLowerCase() }));
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toEqual({ message: PEOPLE_MSG.courierCodeTaken, fieldErrors: { code: PEOPLE_MSG.courierCodeTaken } });

    const existing = await makeUser(t.database.db, { role: 'staff', courier: await makeCourier(t.database.db) });
    const body = newCourier({ admin: { firstName: 'A', lastName: 'B', email: existing.email } });
    const taken = await api('POST', '/network/couriers', superAdmin, body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ 'admin.email': MSG.emailTaken });
    const { rows } = await t.database.pool.query(`select 1 from couriers where name = $1`, [body.name]);
    expect(rows).toHaveLength(0);
  });
});

describe('GET /network/couriers', () => {
  it('lists couriers with their customer counts; search, status filter and sort', async () => {
    const courier = await makeCourier(t.database.db, { name: unique('Zed Couriers') });
    await makeCustomer(t.database.db, courier);
    await makeCustomer(t.database.db, courier);
    const found = await api('GET', `/network/couriers?search=${encodeURIComponent(courier.name)}`, superAdmin);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([expect.objectContaining({ id: courier.id, code: courier.code, status: 'active', customersCount: 2 })]);

    await api('POST', `/network/couriers/${courier.id}/suspend`, superAdmin);
    const suspended = await api('GET', `/network/couriers?filters=${encodeURIComponent(JSON.stringify({ status: 'suspended' }))}`, superAdmin);
    expect(suspended.json().data.map((c: { id: string }) => c.id)).toContain(courier.id);
    expect(suspended.json().data.every((c: { status: string }) => c.status === 'suspended')).toBe(true);
    expect(suspended.json().filterOptions.status).toEqual([{ value: 'active', label: 'Active' }, { value: 'suspended', label: 'Suspended' }]);

    const byCount = await api('GET', '/network/couriers?sort=customersCount&order=desc', superAdmin);
    expect(byCount.json().data[0].customersCount).toBeGreaterThanOrEqual(2);
    expect((await api('GET', '/network/couriers?sort=apiKey', superAdmin)).statusCode).toBe(400);
  });
});

describe('GET and PUT /network/couriers/{id}', () => {
  it('shows branches, admins and figures, and edits the courier', async () => {
    const courier = await makeCourier(t.database.db);
    await makeUser(t.database.db, { role: 'courier_admin', courier });
    await makeUser(t.database.db, { role: 'staff', courier });
    await makeCustomer(t.database.db, courier);
    const detail = await api('GET', `/network/couriers/${courier.id}`, superAdmin);
    expect(detail.json()).toMatchObject({ id: courier.id, apiKey: courier.apiKey, figures: { customers: 1, staff: 1, branches: 1 } });
    expect(detail.json().admins).toHaveLength(1);

    const code = uniqueCode();
    const edited = await api('PUT', `/network/couriers/${courier.id}`, superAdmin, {
      name: 'Renamed Couriers', code, contactEmail: 'Desk@Renamed.example', loginNotice: 'We changed our password rules.', supportsMembership: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed Couriers', code, contactEmail: 'desk@renamed.example', loginNotice: 'We changed our password rules.', supportsMembership: true });
    const validate = await t.app.inject({ method: 'GET', url: `/api/couriers/validate/${courier.apiKey}` });
    expect(validate.json().data).toMatchObject({ name: 'Renamed Couriers', login_notice: 'We changed our password rules.', supports_membership: true });

    const cleared = await api('PUT', `/network/couriers/${courier.id}`, superAdmin, { name: 'Renamed Couriers', code, contactEmail: 'desk@renamed.example', loginNotice: '' });
    expect(cleared.json()).toMatchObject({ loginNotice: null, supportsMembership: true, contactPhone: null });

    const other = await makeCourier(t.database.db);
    const clash = await api('PUT', `/network/couriers/${courier.id}`, superAdmin, { name: 'X', code: other.code.toLowerCase(), contactEmail: 'a@b.co' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ code: PEOPLE_MSG.courierCodeTaken });
  });

  it('answers 404 for an unknown courier on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const responses = await Promise.all([
      api('GET', `/network/couriers/${id}`, superAdmin),
      api('PUT', `/network/couriers/${id}`, superAdmin, { name: 'X', code: uniqueCode(), contactEmail: 'a@b.co' }),
      api('POST', `/network/couriers/${id}/suspend`, superAdmin),
      api('POST', `/network/couriers/${id}/reactivate`, superAdmin),
      api('GET', `/network/couriers/${id}/customers`, superAdmin),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(404);
  });

  it('is for the super admin only', async () => {
    const courier = await makeCourier(t.database.db);
    const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    const customer = (await signInCustomer(t.app, await makeCustomer(t.database.db, courier), courier.apiKey)).headers;
    for (const headers of [admin, customer]) {
      expect((await api('GET', '/network/couriers', headers)).statusCode).toBe(403);
      expect((await api('GET', `/network/couriers/${courier.id}`, headers)).statusCode).toBe(403);
      expect((await api('POST', `/network/couriers/${courier.id}/suspend`, headers)).statusCode).toBe(403);
      expect((await api('POST', '/network/couriers', headers, newCourier())).statusCode).toBe(403);
    }
    expect((await api('GET', '/network/couriers', {})).statusCode).toBe(401);
  });
});

describe('suspending a courier', () => {
  it('ends its users\' and customers\' sessions and refuses their sign-in with a clear message until reactivated', async () => {
    const courier = await makeCourier(t.database.db);
    const other = await makeCourier(t.database.db);
    const adminUser = await makeUser(t.database.db, { role: 'courier_admin', courier });
    const staffUser = await makeUser(t.database.db, { role: 'staff', courier });
    const customer = await makeCustomer(t.database.db, courier);
    const otherAdmin = await makeUser(t.database.db, { role: 'courier_admin', courier: other });
    const adminToken = (await signIn(t.app, adminUser)).token;
    const customerToken = (await signInCustomer(t.app, customer, courier.apiKey)).token;
    const otherToken = (await signIn(t.app, otherAdmin)).token;

    const suspended = await api('POST', `/network/couriers/${courier.id}/suspend`, superAdmin);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().status).toBe('suspended');

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(adminToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: bearer(customerToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(otherToken) })).statusCode).toBe(200);

    const adminLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: adminUser.email, password: TEST_PASSWORD } });
    expect(adminLogin.statusCode).toBe(403);
    expect(adminLogin.json().message).toBe(MSG.courierSuspended);
    const staffLogin = await t.app.inject({ method: 'POST', url: '/api/auth/staff/login', payload: { email: staffUser.email, password: TEST_PASSWORD } });
    expect(staffLogin.json().message).toBe(MSG.courierSuspended);
    const customerLogin = await t.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: customer.email, password: TEST_PASSWORD, api_key: courier.apiKey } });
    expect(customerLogin.statusCode).toBe(403);
    expect(customerLogin.json().message).toBe(MSG.courierSuspended);

    const reactivated = await api('POST', `/network/couriers/${courier.id}/reactivate`, superAdmin);
    expect(reactivated.json().status).toBe('active');
    await signIn(t.app, adminUser);
    await signInCustomer(t.app, customer, courier.apiKey);
    const { rows } = await t.database.pool.query(`select action from audit_logs where target_id = $1 order by created_at`, [courier.id]);
    expect(rows.map((r) => r.action)).toEqual(['courier.suspended', 'courier.reactivated']);
  });

  it('lets the super admin "sign in as" the courier\'s admin, audited', async () => {
    const created = (await api('POST', '/network/couriers', superAdmin, newCourier())).json();
    const adminId = created.admins[0].id;
    const issued = await api('POST', '/auth/impersonate', superAdmin, { targetType: 'user', targetId: adminId });
    expect(issued.statusCode).toBe(200);
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/auth/token-login', payload: { token: issued.json().token } });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().user).toMatchObject({ id: adminId, impersonated_by: expect.any(String) });
    const { rows } = await t.database.pool.query(`select action from audit_logs where target_id = $1 order by created_at`, [adminId]);
    expect(rows.map((r) => r.action)).toEqual(['impersonation.issued', 'impersonation.used']);
  });
});
