import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, uniqueEmail, type TestCourier } from '../../test/factories';
import { bearer } from '../../test/payloads';
import { createTokenSigner } from '../../security/tokens';

const PORTALS = {
  courier_admin: '/api/auth/login',
  super_admin: '/api/auth/super-admin/login',
  branch_manager: '/api/auth/staff/login',
  staff: '/api/auth/staff/login',
} as const;
type StaffSideRole = keyof typeof PORTALS;

let t: TestApp;
let courier: TestCourier;

beforeAll(async () => {
  t = await createTestApp();
  courier = await makeCourier(t.database.db);
});
afterAll(() => t.close());

const login = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
const makeRoleUser = (role: StaffSideRole) => makeUser(t.database.db, role === 'super_admin' ? { role } : { role, courier });

describe('staff-side sign-in portals', () => {
  it.each(Object.entries(PORTALS) as [StaffSideRole, string][])('%s signs in at %s', async (role, url) => {
    const user = await makeRoleUser(role);
    const response = await login(url, { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: { name: role } });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');
    expect((await profile(body.token)).json().user.id).toBe(user.id);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const admin = await makeRoleUser('courier_admin');
    const response = await login(PORTALS.courier_admin, { email: `  ${admin.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('gives the profile the courier, branch and permissions a staff member holds', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier, permissions: ['reports_view'] });
    const { token } = await signIn(t.app, staff);
    const { user } = (await profile(token)).json();
    expect(user.courier).toEqual({ id: courier.id, name: courier.name, code: courier.code, logo_url: null });
    expect(user.branch).toEqual({ id: courier.branch.id, name: 'Head Office' });
    expect(user.user_type).toBe('staff');
    expect(user.permissions).toEqual(expect.arrayContaining(['reports_view', 'dashboard_view', 'packages_view']));
    expect(user.permissions).not.toContain('staff_manage');
  });

  it.each(Object.entries(PORTALS) as [StaffSideRole, string][])(
    'answers a wrong password and an unknown email at %s the same way',
    async (role, url) => {
      const user = await makeRoleUser(role);
      const wrong = await login(url, { email: user.email, password: 'not-the-password' });
      const unknown = await login(url, { email: uniqueEmail('nobody'), password: TEST_PASSWORD });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: MSG.invalidCredentials });
      expect(unknown.json()).toEqual(wrong.json());
    },
  );

  it.each([
    ['courier_admin', PORTALS.staff],
    ['courier_admin', PORTALS.super_admin],
    ['staff', PORTALS.courier_admin],
    ['branch_manager', PORTALS.super_admin],
    ['super_admin', PORTALS.courier_admin],
    ['super_admin', PORTALS.staff],
  ] as [StaffSideRole, string][])('refuses a %s with the right password at %s', async (role, url) => {
    const user = await makeRoleUser(role);
    const response = await login(url, { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.noPermissionForArea });
  });

  it('names the missing fields', async () => {
    const response = await login(PORTALS.courier_admin, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.emailRequired,
      fieldErrors: { email: MSG.emailRequired, password: MSG.passwordRequired },
    });
    const badEmail = await login(PORTALS.staff, { email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fieldErrors).toEqual({ email: MSG.invalidEmail });
  });

  it('answers a body that is not JSON with a 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: PORTALS.courier_admin, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
  });

  it('refuses a deactivated user', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier, isActive: false });
    const response = await login(PORTALS.staff, { email: staff.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.accountDeactivated });
  });

  it('ends the live session of a user who is deactivated', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier });
    const { token } = await signIn(t.app, staff);
    await t.database.pool.query(`update users set is_active = false where id = $1`, [staff.id]);
    const response = await profile(token);
    expect(response.statusCode).toBe(401);
  });
});

describe('a suspended courier', () => {
  let suspended: TestCourier;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let customer: Awaited<ReturnType<typeof makeCustomer>>;
  let adminToken: string;
  let customerToken: string;

  beforeAll(async () => {
    suspended = await makeCourier(t.database.db);
    admin = await makeUser(t.database.db, { role: 'courier_admin', courier: suspended });
    customer = await makeCustomer(t.database.db, suspended);
    adminToken = (await signIn(t.app, admin)).token;
    customerToken = (await signInCustomer(t.app, customer, suspended.apiKey)).token;
    await t.database.pool.query(`update couriers set status = 'suspended' where id = $1`, [suspended.id]);
  });

  it('refuses its admin at sign-in', async () => {
    const response = await login(PORTALS.courier_admin, { email: admin.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.courierSuspended });
  });

  it('refuses its customers at sign-in, with or without the api_key', async () => {
    for (const apiKey of [suspended.apiKey, undefined]) {
      const response = await login('/api/customers/login', { email: customer.email, password: TEST_PASSWORD, api_key: apiKey });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.courierSuspended });
    }
  });

  it('ends the sessions that were already open', async () => {
    expect((await profile(adminToken)).statusCode).toBe(401);
    const customerProfile = await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: bearer(customerToken) });
    expect(customerProfile.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('asks for a token when there is none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message.toLowerCase()).toContain('token');
  });

  it.each(['garbage', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'])('rejects a forged or garbage token %#', async (token) => {
    const response = await profile(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message.toLowerCase()).toContain('token');
  });

  it('tells the browser an expired token has expired', async () => {
    const admin = await makeRoleUser('courier_admin');
    const stale = await createTokenSigner(t.env.JWT_SECRET!).sign(
      { sub: admin.id, sid: '00000000-0000-4000-8000-000000000000', role: 'courier_admin', type: 'access', courier_id: courier.id },
      new Date(Date.now() - 60_000),
    );
    const response = await profile(stale);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.sessionExpired });
  });

  it('does not accept an impersonation token as a session', async () => {
    const superAdmin = await makeRoleUser('super_admin');
    const admin = await makeRoleUser('courier_admin');
    const { headers } = await signIn(t.app, superAdmin);
    const issued = await t.app.inject({ method: 'POST', url: '/api/auth/impersonate', headers, payload: { targetType: 'user', targetId: admin.id } });
    const response = await profile(issued.json().token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message.toLowerCase()).toContain('token');
  });

  it('rejects a header that is not a bearer token', async () => {
    const admin = await makeRoleUser('courier_admin');
    const { token } = await signIn(t.app, admin);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: token } });
    expect(response.statusCode).toBe(401);
  });

  it('ends the session on logout, and only that session', async () => {
    const admin = await makeRoleUser('courier_admin');
    const first = await signIn(t.app, admin);
    const second = await signIn(t.app, admin);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: first.headers });
    expect(logout.statusCode).toBe(200);
    const after = await profile(first.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: MSG.sessionExpired });
    expect((await profile(second.token)).statusCode).toBe(200);
  });

  it('lets a customer log out too', async () => {
    const customer = await makeCustomer(t.database.db, courier);
    const { headers } = await signInCustomer(t.app, customer, courier.apiKey);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers })).statusCode).toBe(401);
  });

  it('keeps the staff-side profile away from a customer', async () => {
    const customer = await makeCustomer(t.database.db, courier);
    const { token } = await signInCustomer(t.app, customer, courier.apiKey);
    const response = await profile(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.forbidden });
  });
});

describe('PUT /api/auth/change-password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: bearer(token), payload });

  it('changes the password, keeps this session and ends the others', async () => {
    const admin = await makeRoleUser('courier_admin');
    const current = await signIn(t.app, admin);
    const other = await signIn(t.app, admin);
    const response = await change(current.token, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MSG.passwordUpdated });

    expect((await profile(current.token)).statusCode).toBe(200);
    expect((await profile(other.token)).statusCode).toBe(401);
    expect((await login(PORTALS.courier_admin, { email: admin.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await login(PORTALS.courier_admin, { email: admin.email, password: 'brand-new-pass-1' })).statusCode).toBe(200);
  });

  it('works for a customer', async () => {
    const customer = await makeCustomer(t.database.db, courier);
    const { token } = await signInCustomer(t.app, customer, courier.apiKey);
    expect((await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'customer-new-1' })).statusCode).toBe(200);
    const relogin = await login('/api/customers/login', { email: customer.email, password: 'customer-new-1', api_key: courier.apiKey });
    expect(relogin.statusCode).toBe(200);
  });

  it('refuses a wrong current password without ending the session', async () => {
    const admin = await makeRoleUser('courier_admin');
    const { token } = await signIn(t.app, admin);
    const response = await change(token, { currentPassword: 'not-my-password', newPassword: 'brand-new-pass-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.currentPasswordIncorrect });
    expect((await profile(token)).statusCode).toBe(200);
    expect((await login(PORTALS.courier_admin, { email: admin.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a new password equal to the current one', async () => {
    const admin = await makeRoleUser('courier_admin');
    const { token } = await signIn(t.app, admin);
    const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.newPasswordSame, fieldErrors: { newPassword: MSG.newPasswordSame } });
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const admin = await makeRoleUser('courier_admin');
    const { token } = await signIn(t.app, admin);
    const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.newPasswordMin, fieldErrors: { newPassword: MSG.newPasswordMin } });
    expect((await login(PORTALS.courier_admin, { email: admin.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', payload: { currentPassword: 'a', newPassword: 'bbbbbbbb' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('sign-in slow-down per account (issue 15, items 4 and 5)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_ACCOUNT_MAX: '3' });
  });
  afterAll(() => limited.close());

  /** Moves every failure of a key back in time, as if the address had waited. */
  const waitOut = (fragment: string) => limited.database.db.execute(sql`update rate_limits set last_hit_at = now() - interval '1 hour' where key like ${`%${fragment}%`}`);

  it('slows an address down after 3 failures (429 with Retry-After), and lets the right password in once it has waited', async () => {
    const limitedCourier = await makeCourier(limited.database.db);
    const admin = await makeUser(limited.database.db, { role: 'courier_admin', courier: limitedCourier });
    const attempt = (password: string) => limited.app.inject({ method: 'POST', url: PORTALS.courier_admin, payload: { email: admin.email, password }, remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const slowed = await attempt(TEST_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ message: MSG.signInSlowedDown });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await waitOut(admin.email);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('the delay doubles with every further failure', async () => {
    const limitedCourier = await makeCourier(limited.database.db);
    const admin = await makeUser(limited.database.db, { role: 'courier_admin', courier: limitedCourier });
    const attempt = () => limited.app.inject({ method: 'POST', url: PORTALS.courier_admin, payload: { email: admin.email, password: 'wrong-password' }, remoteAddress: '203.0.113.8' });
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await attempt();
      if (response.statusCode === 429) {
        waits.push(Number(response.headers['retry-after']));
        await waitOut(admin.email);
        expect((await attempt()).statusCode).toBe(401);
      }
    }
    expect(waits.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < waits.length; i += 1) expect(waits[i]).toBeGreaterThan(waits[i - 1] ?? 0);
  });

  it('ten wrong passwords from ten addresses do not keep the owner out: the right password from a new address signs in', async () => {
    const superAdmin = await makeUser(limited.database.db, { role: 'super_admin' });
    for (let i = 0; i < 10; i += 1) {
      const response = await limited.app.inject({ method: 'POST', url: PORTALS.super_admin, payload: { email: superAdmin.email, password: 'wrong-password' }, remoteAddress: `198.51.100.${i + 1}` });
      expect(response.statusCode).toBe(401);
    }
    const owner = await limited.app.inject({ method: 'POST', url: PORTALS.super_admin, payload: { email: superAdmin.email, password: TEST_PASSWORD }, remoteAddress: '192.0.2.44' });
    expect(owner.statusCode).toBe(200);
  });

  it('does not slow other accounts', async () => {
    const otherCourier = await makeCourier(limited.database.db);
    const victim = await makeUser(limited.database.db, { role: 'courier_admin', courier: otherCourier });
    const bystander = await makeUser(limited.database.db, { role: 'courier_admin', courier: otherCourier });
    for (let i = 0; i < 3; i += 1) {
      await limited.app.inject({ method: 'POST', url: PORTALS.courier_admin, payload: { email: victim.email, password: 'wrong-password' } });
    }
    const response = await limited.app.inject({ method: 'POST', url: PORTALS.courier_admin, payload: { email: bystander.email, password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
  });

  it('counts a customer\'s failures per account whatever the api_key variant (absent, empty, the real key)', async () => {
    const limitedCourier = await makeCourier(limited.database.db);
    const customer = await makeCustomer(limited.database.db, limitedCourier);
    const attempt = (password: string, apiKey: string | undefined) => limited.app.inject({
      method: 'POST', url: '/api/customers/login', remoteAddress: '203.0.113.9',
      payload: { email: customer.email, password, ...(apiKey === undefined ? {} : { api_key: apiKey }) },
    });
    expect((await attempt('wrong-password', undefined)).statusCode).toBe(401);
    expect([400, 401]).toContain((await attempt('wrong-password', '')).statusCode);
    expect((await attempt('wrong-password', limitedCourier.apiKey)).statusCode).toBe(401);
    // Three failures across the three variants: the account's allowance is spent.
    const slowed = await attempt(TEST_PASSWORD, limitedCourier.apiKey);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
  });
});

describe('sign-in rate limit per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_IP_MAX: '2' });
  });
  afterAll(() => limited.close());

  it('answers 429 once one address has tried too often, whatever the account', async () => {
    const attempt = () => limited.app.inject({ method: 'POST', url: PORTALS.staff, payload: { email: uniqueEmail('spray'), password: 'whatever-1' } });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: MSG.tooManyAttempts });
  });
});
