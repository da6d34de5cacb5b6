import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeUser, uniqueEmail, unique, type TestCourier } from '../../test/factories';
import { bearer } from '../../test/payloads';

type PublicCourier = { id: string; name: string; code: string; api_key: string; logo_url: string | null };

let t: TestApp;
let plain: TestCourier;
let withMembership: TestCourier;
let suspended: TestCourier;

beforeAll(async () => {
  t = await createTestApp();
  plain = await makeCourier(t.database.db);
  withMembership = await makeCourier(t.database.db, { supportsMembership: true });
  suspended = await makeCourier(t.database.db);
  await t.database.pool.query(`update couriers set status = 'suspended' where id = $1`, [suspended.id]);
});
afterAll(() => t.close());

describe('GET /api/couriers/all', () => {
  it('lists active couriers with their code and api_key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/couriers/all' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; couriers: PublicCourier[] }>();
    expect(body.success).toBe(true);
    const listed = body.couriers.find((c) => c.id === plain.id);
    expect(listed).toEqual({ id: plain.id, name: plain.name, code: plain.code, api_key: plain.apiKey, logo_url: null });
    expect(body.couriers.map((c) => c.id)).toContain(withMembership.id);
    for (const courier of body.couriers) {
      expect(courier.code).toBeTruthy();
      expect(courier.api_key).toBeTruthy();
    }
  });

  it('leaves out a suspended courier', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/couriers/all' })).json<{ couriers: PublicCourier[] }>();
    expect(body.couriers.map((c) => c.id)).not.toContain(suspended.id);
  });
});

describe('GET /api/couriers/validate/{apiKey}', () => {
  it('identifies the courier behind an api_key for branding', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/couriers/validate/${plain.apiKey}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { id: plain.id, name: plain.name, code: plain.code, logo_url: null, supports_membership: false, login_notice: null },
    });
  });

  it('says whether the courier takes memberships', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/couriers/validate/${withMembership.apiKey}` });
    expect(response.json().data.supports_membership).toBe(true);
  });

  it('answers 404 for an unknown or suspended courier', async () => {
    for (const key of ['pk_does_not_exist', suspended.apiKey]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/couriers/validate/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown courier' });
    }
  });
});

describe('GET /api/branches/public/{courierId}', () => {
  it('lists only the active branches of that courier, by name', async () => {
    await t.database.pool.query(
      `insert into branches (courier_id, name, is_active) values ($1, 'Montego Bay', true), ($1, 'Closed Depot', false)`,
      [plain.id],
    );
    const response = await t.app.inject({ method: 'GET', url: `/api/branches/public/${plain.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; data: { id: string; name: string }[] }>();
    expect(body.success).toBe(true);
    expect(body.data.map((b) => b.name)).toEqual(['Head Office', 'Montego Bay']);
    expect(body.data[0]).toEqual({ id: plain.branch.id, name: 'Head Office' });
  });

  it('never shows another courier\'s branches', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/branches/public/${withMembership.id}` });
    const ids = response.json<{ data: { id: string }[] }>().data.map((b) => b.id);
    expect(ids).toEqual([withMembership.branch.id]);
    expect(ids).not.toContain(plain.branch.id);
  });

  it('answers an empty list for an unknown courier', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/branches/public/00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });
});

describe('GET /api/couriers/{id}/membership-support', () => {
  it('is true only for a courier that takes memberships', async () => {
    const yes = await t.app.inject({ method: 'GET', url: `/api/couriers/${withMembership.id}/membership-support` });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ success: true, supportsMembership: true });
    const no = await t.app.inject({ method: 'GET', url: `/api/couriers/${plain.id}/membership-support` });
    expect(no.json()).toEqual({ success: true, supportsMembership: false });
  });

  it('answers 404 for an unknown courier', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/couriers/00000000-0000-4000-8000-000000000000/membership-support' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Unknown courier');
  });
});

describe('malformed ids', () => {
  it.each([
    '/api/branches/public/not-a-uuid',
    '/api/couriers/not-a-uuid/membership-support',
    "/api/branches/public/1'%20or%20'1'='1",
  ])('%s answers a JSON 4xx, never a 5xx', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toContain('application/json');
    expect(typeof response.json().message).toBe('string');
  });
});

describe('POST /api/auth/register (a new courier company)', () => {
  const signup = (overrides: Record<string, unknown> = {}) => ({
    courierName: unique('Blue Mountain Couriers'),
    firstName: 'Grace',
    lastName: 'Campbell',
    email: uniqueEmail('founder'),
    phone: '876-555-0111',
    password: 'founder-pass-1',
    ...overrides,
  });

  /** The email queued for an address just after the answer (the outbox row). */
  const emailTo = async (to: string) => {
    let row: { subject: string; text_body: string } | undefined;
    await expect.poll(async () => {
      row = (await t.database.pool.query(`select subject, text_body from email_outbox where lower(to_address) = lower($1) order by created_at desc limit 1`, [to])).rows[0];
      return row;
    }, { timeout: 10_000 }).toBeTruthy();
    return row as { subject: string; text_body: string };
  };
  const register = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  /** Signs up and opens the emailed link, as the founder would. */
  const signUp = async (body: Record<string, unknown>) => {
    expect((await register(body)).statusCode).toBe(202);
    const email = await emailTo(String(body.email).trim());
    const token = /\/courier\/register\/confirm\?token=([\w-]+)/.exec(email.text_body)?.[1];
    expect(token).toBeTruthy();
    return t.app.inject({ method: 'POST', url: '/api/auth/register/confirm', payload: { token } });
  };

  it('emails a link; opening it creates the courier and its admin, signed in', async () => {
    const body = signup({ email: `  ${uniqueEmail('Founder').toUpperCase()} ` });
    const response = await signUp(body);
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json();
    expect(user).toMatchObject({ email: body.email.trim().toLowerCase(), role: { name: 'courier_admin' }, user_type: 'admin', first_name: 'Grace' });
    expect(user.courier).toMatchObject({ name: body.courierName });
    expect(user.courier.code).toMatch(/^[A-Z0-9]{2,}$/);
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('passwordHash');

    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(user.id);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email.trim(), password: body.password } });
    expect(login.statusCode).toBe(200);

    const { rows } = await t.database.pool.query(`select code, api_key, status from couriers where id = $1`, [user.courier.id]);
    expect(rows[0]).toMatchObject({ code: user.courier.code, status: 'active' });
    expect(rows[0].api_key).toMatch(/^pk_/);
  });

  it('creates nothing until the link is opened, and refuses a forged or altered link', async () => {
    const body = signup();
    expect((await register(body)).statusCode).toBe(202);
    const email = await emailTo(String(body.email));
    expect((await t.database.pool.query(`select 1 from couriers where name = $1`, [body.courierName])).rowCount).toBe(0);
    const token = /token=([\w-]+)/.exec(email.text_body)?.[1] ?? '';
    for (const forged of ['abc', `${token.slice(0, -4)}AAAA`]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/register/confirm', payload: { token: forged } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MSG.signupLinkInvalid);
    }
  });

  it('makes the new courier ready for customers: listed, with a branch to choose', async () => {
    const response = await signUp(signup());
    const courierId = response.json().user.courier.id as string;
    const all = (await t.app.inject({ method: 'GET', url: '/api/couriers/all' })).json<{ couriers: PublicCourier[] }>();
    expect(all.couriers.map((c) => c.id)).toContain(courierId);
    const branches = (await t.app.inject({ method: 'GET', url: `/api/branches/public/${courierId}` })).json<{ data: unknown[] }>();
    expect(branches.data).toHaveLength(1);
  });

  it('gives two companies with the same initials different codes', async () => {
    const first = await signUp(signup({ courierName: unique('Island Express') }));
    const second = await signUp(signup({ courierName: unique('Inland Expedition') }));
    expect(second.statusCode).toBe(201);
    expect(second.json().user.courier.code).not.toBe(first.json().user.courier.code);
  });

  it('refuses the name of an existing courier (any case) with 409 on the company name field', async () => {
    const name = unique('Harbour Freight');
    expect((await signUp(signup({ courierName: name }))).statusCode).toBe(201);
    const again = await register(signup({ courierName: `  ${name.toUpperCase()} ` }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MSG.courierNameTaken, fieldErrors: { courierName: MSG.courierNameTaken } });
  });

  it('answers a taken email (any case, any courier\'s staff) exactly like a new one, and tells the mailbox instead (issue 15, item 11)', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: plain });
    const taken = await register(signup({ email: staff.email.toUpperCase() }));
    const fresh = await register(signup());
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(fresh.body);
    expect(taken.json()).toEqual({ success: true, message: MSG.courierSignupEmailSent });
    const email = await emailTo(staff.email);
    expect(email.subject).toMatch(/you already have an account/);
    expect(email.text_body).toContain('/courier/staff/login');
    expect(email.text_body).not.toMatch(/register\/confirm/);
  });

  it('names each missing field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      courierName: MSG.courierNameRequired,
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.invalidEmail,
      password: MSG.passwordRequired,
    });
  });
});
