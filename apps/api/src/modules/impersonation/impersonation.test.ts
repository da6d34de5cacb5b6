import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';
import { bearer } from '../../test/payloads';
import { createTokenSigner } from '../../security/tokens';

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;
let superHeaders: Record<string, string>;
let superAdminId: string;
let adminA: Awaited<ReturnType<typeof makeUser>>;
let adminAHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  courierA = await makeCourier(t.database.db);
  courierB = await makeCourier(t.database.db);
  const superAdmin = await makeUser(t.database.db, { role: 'super_admin' });
  superAdminId = superAdmin.id;
  superHeaders = (await signIn(t.app, superAdmin)).headers;
  adminA = await makeUser(t.database.db, { role: 'courier_admin', courier: courierA });
  adminAHeaders = (await signIn(t.app, adminA)).headers;
});
afterAll(() => t.close());

const impersonate = (headers: Record<string, string>, targetType: 'user' | 'customer', targetId: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/impersonate', headers, payload: { targetType, targetId } });
const tokenLogin = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/token-login', payload: { token } });
const auditRows = async (action: string, targetId: string) =>
  (await t.database.pool.query(`select actor_id, courier_id, target_type from audit_logs where action = $1 and target_id = $2`, [action, targetId])).rows;

describe('POST /api/auth/impersonate', () => {
  it('lets a super admin sign in as a courier admin through the admin portal', async () => {
    const response = await impersonate(superHeaders, 'user', adminA.id);
    expect(response.statusCode).toBe(200);
    const { token, url, expiresAt } = response.json();
    const link = new URL(url);
    expect(link.pathname).toBe('/courier/admin/login');
    expect(link.searchParams.get('token')).toBe(token);
    const minutesLeft = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(3);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    expect(await auditRows('impersonation.issued', adminA.id)).toEqual([{ actor_id: superAdminId, courier_id: courierA.id, target_type: 'user' }]);
  });

  it('lets a super admin sign in as a customer through that courier\'s portal', async () => {
    const customer = await makeCustomer(t.database.db, courierB);
    const response = await impersonate(superHeaders, 'customer', customer.id);
    expect(response.statusCode).toBe(200);
    const { token, url } = response.json();
    const link = new URL(url);
    expect(link.pathname).toBe('/courier/login');
    expect(link.searchParams.get('api_key')).toBe(courierB.apiKey);
    expect(link.searchParams.get('token')).toBe(token);
  });

  it('lets a courier admin sign in as its own customer', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const response = await impersonate(adminAHeaders, 'customer', customer.id);
    expect(response.statusCode).toBe(200);
    expect(new URL(response.json().url).searchParams.get('api_key')).toBe(courierA.apiKey);
  });

  it('hides another courier\'s customer from a courier admin (404)', async () => {
    const foreign = await makeCustomer(t.database.db, courierB);
    const response = await impersonate(adminAHeaders, 'customer', foreign.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MSG.notFound });
    expect(await auditRows('impersonation.issued', foreign.id)).toEqual([]);
  });

  it('does not let a courier admin sign in as a user', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    for (const target of [staff.id, adminA.id]) {
      const response = await impersonate(adminAHeaders, 'user', target);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.forbidden });
    }
  });

  it('lets even a super admin sign in only as a courier admin among users', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const otherSuper = await makeUser(t.database.db, { role: 'super_admin' });
    for (const target of [staff.id, otherSuper.id]) expect((await impersonate(superHeaders, 'user', target)).statusCode).toBe(403);
  });

  it('refuses staff, branch managers and customers', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const callers = [
      (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: courierA }))).headers,
      (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier: courierA }))).headers,
      (await signInCustomer(t.app, await makeCustomer(t.database.db, courierA), courierA.apiKey)).headers,
    ];
    for (const headers of callers) {
      const response = await impersonate(headers, 'customer', customer.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.forbidden });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/impersonate', payload: { targetType: 'customer', targetId: customer.id } })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown target and 400 for a malformed one', async () => {
    expect((await impersonate(superHeaders, 'customer', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await impersonate(superHeaders, 'customer', 'nope')).statusCode).toBe(400);
  });
});

describe('POST /api/auth/token-login', () => {
  it('opens a customer session once, carrying who impersonated, and audits it', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const { token } = (await impersonate(adminAHeaders, 'customer', customer.id)).json();

    const first = await tokenLogin(token);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.role).toBe('customer');
    expect(body.customer).toMatchObject({ id: customer.id, impersonated_by: adminA.id });

    const profile = await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().customer).toMatchObject({ id: customer.id, impersonated_by: adminA.id });

    const second = await tokenLogin(token);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ message: MSG.impersonationInvalid });

    expect(await auditRows('impersonation.used', customer.id)).toEqual([{ actor_id: adminA.id, courier_id: courierA.id, target_type: 'customer' }]);
  });

  it('opens a courier admin session for a super admin', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: courierB });
    const { token } = (await impersonate(superHeaders, 'user', admin.id)).json();
    const response = await tokenLogin(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'courier_admin', user: { id: admin.id, impersonated_by: superAdminId } });
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(response.json().token) });
    expect(profile.json().user).toMatchObject({ id: admin.id, impersonated_by: superAdminId });
    expect(await auditRows('impersonation.used', admin.id)).toHaveLength(1);
  });

  it('does not mark an ordinary session as impersonated', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const { headers } = await signInCustomer(t.app, customer, courierA.apiKey);
    const profile = await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers });
    expect(profile.json().customer.impersonated_by).toBeNull();
  });

  it('refuses an access token in place of an impersonation token', async () => {
    const accessToken = adminAHeaders.authorization!.slice('Bearer '.length);
    const response = await tokenLogin(accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.invalidTokenType });
  });

  it('refuses a token whose grant has expired', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const { token } = (await impersonate(adminAHeaders, 'customer', customer.id)).json();
    await t.database.pool.query(`update impersonation_grants set expires_at = now() - interval '1 second' where target_id = $1`, [customer.id]);
    const response = await tokenLogin(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.impersonationInvalid });
    expect(await auditRows('impersonation.used', customer.id)).toEqual([]);
  });

  it('says so when the token itself has expired', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const signer = createTokenSigner(t.env.JWT_SECRET!);
    const stale = await signer.sign(
      { sub: customer.id, sid: '00000000-0000-4000-8000-000000000000', role: 'customer', type: 'impersonation', courier_id: courierA.id },
      new Date(Date.now() - 60_000),
    );
    const response = await tokenLogin(stale);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.tokenExpired });
  });

  it('refuses a token pointing at someone else\'s grant', async () => {
    const target = await makeCustomer(t.database.db, courierA);
    const other = await makeCustomer(t.database.db, courierA);
    const { expiresAt } = (await impersonate(adminAHeaders, 'customer', target.id)).json();
    const { rows } = await t.database.pool.query(`select id from impersonation_grants where target_id = $1`, [target.id]);
    const forged = await createTokenSigner(t.env.JWT_SECRET!).sign(
      { sub: other.id, sid: rows[0].id, role: 'customer', type: 'impersonation', courier_id: courierA.id },
      new Date(expiresAt),
    );
    const response = await tokenLogin(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.impersonationInvalid });
  });

  it('refuses a garbage or empty token', async () => {
    const garbage = await tokenLogin('not.a.token');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ message: MSG.impersonationInvalid });
    expect((await tokenLogin('')).statusCode).toBe(400);
  });

  it('refuses a token whose target has been deactivated since', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const { token } = (await impersonate(adminAHeaders, 'customer', customer.id)).json();
    await t.database.pool.query(`update customers set is_active = false where id = $1`, [customer.id]);
    const response = await tokenLogin(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.accountDeactivated });
    expect(await auditRows('impersonation.used', customer.id)).toEqual([]);
  });

  it("is void once the issuer's session has ended (issue 15 #9)", async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const issuer = (await signIn(t.app, adminA)).headers;
    const { token } = (await impersonate(issuer, 'customer', customer.id)).json();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: issuer })).statusCode).toBe(200);
    const response = await tokenLogin(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.impersonationInvalid });
    expect(await auditRows('impersonation.used', customer.id)).toEqual([]);
  });

  it("ends the sessions it started when the issuer's session ends, down a chain of two (issue 15 #9)", async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
    const asAdmin = bearer((await tokenLogin((await impersonate(superAdmin, 'user', adminA.id)).json().token)).json().token);
    const asCustomer = bearer((await tokenLogin((await impersonate(asAdmin, 'customer', customer.id)).json().token)).json().token);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: asCustomer })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: superAdmin });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: asAdmin })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: asCustomer })).statusCode).toBe(401);
  });

  it("is void once the target's courier is suspended, and none is issued for a suspended courier (issue 15 #9)", async () => {
    const courier = await makeCourier(t.database.db);
    const customer = await makeCustomer(t.database.db, courier);
    const { token } = (await impersonate(superHeaders, 'customer', customer.id)).json();
    expect((await t.app.inject({ method: 'POST', url: `/api/network/couriers/${courier.id}/suspend`, headers: superHeaders })).statusCode).toBe(200);
    const response = await tokenLogin(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.courierSuspended });
    const again = await impersonate(superHeaders, 'customer', customer.id);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: MSG.courierSuspended });
  });
});
