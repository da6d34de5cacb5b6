import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  makeCourier, makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, uniqueEmail, type TestCourier,
} from '../../test/factories';
import { SIX_LINE_ADDRESS } from '../../test/payloads';

type Headers = Record<string, string>;
type Admin = Awaited<ReturnType<typeof makeUser>>;

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;
let adminA: Admin;
let adminB: Admin;
let adminAHeaders: Headers;
let adminBHeaders: Headers;
let superHeaders: Headers;
let staffHeaders: Headers;
let managerHeaders: Headers;
let customerHeaders: Headers;
let customerBHeaders: Headers;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  courierA = await makeCourier(db);
  courierB = await makeCourier(db);
  adminA = await makeUser(db, { role: 'courier_admin', courier: courierA });
  adminB = await makeUser(db, { role: 'courier_admin', courier: courierB });
  adminAHeaders = (await signIn(t.app, adminA)).headers;
  adminBHeaders = (await signIn(t.app, adminB)).headers;
  superHeaders = (await signIn(t.app, await makeUser(db, { role: 'super_admin' }))).headers;
  staffHeaders = (await signIn(t.app, await makeUser(db, { role: 'staff', courier: courierA }))).headers;
  managerHeaders = (await signIn(t.app, await makeUser(db, { role: 'branch_manager', courier: courierA }))).headers;
  customerHeaders = (await signInCustomer(t.app, await makeCustomer(db, courierA), courierA.apiKey)).headers;
  customerBHeaders = (await signInCustomer(t.app, await makeCustomer(db, courierB), courierB.apiKey)).headers;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, headers: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const courierRow = async (id: string) =>
  (await t.database.pool.query(`select name, shipping_address_air, shipping_address_sea, bank_details from couriers where id = $1`, [id])).rows[0];
const auditRows = async (courierId: string, action: string) =>
  (await t.database.pool.query(`select actor_id, target_type, target_id, details from audit_logs where courier_id = $1 and action = $2 order by created_at`, [courierId, action])).rows;
const company = (overrides: Record<string, unknown> = {}) => ({ name: 'Kingston Express Couriers', firstName: 'Grace', lastName: 'Campbell', email: uniqueEmail('admin'), ...overrides });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/couriers/{id}', () => {
  it('gives a courier admin its company info, addresses, bank details and its own name and email', async () => {
    const response = await call('GET', `/couriers/${courierA.id}`, adminAHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        id: courierA.id, name: courierA.name, code: courierA.code, logo_url: null,
        shipping_address_air: null, shipping_address_sea: null, bank_details: null, supports_membership: false,
        admin: { firstName: adminA.firstName, lastName: adminA.lastName, email: adminA.email },
      },
    });
    expect(response.json().data).not.toHaveProperty('api_key');
  });

  it('gives a customer its own courier, without the admin', async () => {
    await t.database.pool.query(`update couriers set bank_details = $2 where id = $1`, [courierA.id, 'NCB\nAccount 123']);
    const response = await call('GET', `/couriers/${courierA.id}`, customerHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: courierA.id, bank_details: 'NCB\nAccount 123' });
    expect(response.json().data).not.toHaveProperty('admin');
  });

  it('lets a super admin read any courier, showing its first admin', async () => {
    await makeUser(t.database.db, { role: 'courier_admin', courier: courierB });
    const response = await call('GET', `/couriers/${courierB.id}`, superHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: courierB.id, admin: { email: adminB.email } });
  });

  it('answers 404 for another courier, to its admin and its customers, and for an unknown id', async () => {
    for (const [headers, id] of [[adminAHeaders, courierB.id], [adminBHeaders, courierA.id], [customerBHeaders, courierA.id], [superHeaders, UNKNOWN_ID]] as const) {
      const response = await call('GET', `/couriers/${id}`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MSG.notFound });
    }
  });

  it('is not for staff (403) nor anonymous callers (401), and a malformed id is a 400', async () => {
    expect((await call('GET', `/couriers/${courierA.id}`, staffHeaders)).statusCode).toBe(403);
    expect((await call('GET', `/couriers/${courierA.id}`, managerHeaders)).statusCode).toBe(403);
    expect((await call('GET', `/couriers/${courierA.id}`, {})).statusCode).toBe(401);
    const malformed = await call('GET', `/couriers/not-an-id`, adminAHeaders);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ id: 'Invalid id' });
  });
});

describe('PUT /api/couriers/{id} (company info)', () => {
  it('renames the courier and updates the calling admin\'s own name and email', async () => {
    const db = t.database.db;
    const courier = await makeCourier(db);
    const admin = await makeUser(db, { role: 'courier_admin', courier });
    const colleague = await makeUser(db, { role: 'courier_admin', courier });
    const { headers } = await signIn(t.app, admin);
    const body = company({ email: `  ${uniqueEmail('Renamed').toUpperCase()} ` });
    const email = body.email.trim().toLowerCase();

    const response = await call('PUT', `/couriers/${courier.id}`, headers, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true, message: SETTINGS_MSG.companyUpdated,
      courier: { id: courier.id, name: body.name, code: courier.code, admin: { firstName: 'Grace', lastName: 'Campbell', email } },
    });

    expect((await call('GET', `/couriers/${courier.id}`, headers)).json().data).toMatchObject({ name: body.name, admin: { email } });
    const profile = await call('GET', '/auth/profile', headers);
    expect(profile.json().user).toMatchObject({ first_name: 'Grace', email });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const { rows } = await t.database.pool.query(`select email, first_name from users where id = $1`, [colleague.id]);
    expect(rows[0]).toEqual({ email: colleague.email, first_name: 'Test' });

    const audits = await auditRows(courier.id, 'settings.company_updated');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: admin.id, target_type: 'courier', target_id: courier.id, details: { name: { before: courier.name, after: body.name }, emailChanged: true } });
  });

  it('refuses an email another account has (any case) with 409 on the email field, changing nothing', async () => {
    const db = t.database.db;
    const courier = await makeCourier(db);
    const admin = await makeUser(db, { role: 'courier_admin', courier });
    const { headers } = await signIn(t.app, admin);
    const response = await call('PUT', `/couriers/${courier.id}`, headers, company({ email: adminB.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: MSG.emailTaken, fieldErrors: { email: MSG.emailTaken } });
    expect((await courierRow(courier.id)).name).toBe(courier.name);
    expect(await auditRows(courier.id, 'settings.company_updated')).toHaveLength(0);
  });

  it('keeps my own email when I resubmit it', async () => {
    const db = t.database.db;
    const courier = await makeCourier(db);
    const admin = await makeUser(db, { role: 'courier_admin', courier });
    const { headers } = await signIn(t.app, admin);
    const response = await call('PUT', `/couriers/${courier.id}`, headers, company({ email: admin.email }));
    expect(response.statusCode).toBe(200);
    expect(response.json().courier.admin.email).toBe(admin.email);
  });

  it('names every missing or malformed field', async () => {
    const empty = await call('PUT', `/couriers/${courierA.id}`, adminAHeaders, { name: ' ', firstName: '', lastName: '', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({
      name: MSG.courierNameRequired, firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired, email: MSG.emailRequired,
    });
    const missing = await call('PUT', `/couriers/${courierA.id}`, adminAHeaders, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({ name: MSG.courierNameRequired, email: MSG.emailRequired });
    const badEmail = await call('PUT', `/couriers/${courierA.id}`, adminAHeaders, company({ email: 'grace@nowhere' }));
    expect(badEmail.json()).toEqual({ message: MSG.invalidEmail, fieldErrors: { email: MSG.invalidEmail } });
    const tooLong = await call('PUT', `/couriers/${courierA.id}`, adminAHeaders, company({ name: 'x'.repeat(121) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.name).toBe('At most 120 characters');
  });

  it('answers 404 for another courier and leaves it untouched', async () => {
    const response = await call('PUT', `/couriers/${courierB.id}`, adminAHeaders, company({ name: 'Hijacked' }));
    expect(response.statusCode).toBe(404);
    expect((await courierRow(courierB.id)).name).toBe(courierB.name);
    const { rows } = await t.database.pool.query(`select email from users where id = $1`, [adminA.id]);
    expect(rows[0].email).toBe(adminA.email);
  });

  it('refuses staff, branch managers and customers (403) and anonymous callers (401)', async () => {
    for (const headers of [staffHeaders, managerHeaders, customerHeaders]) {
      const response = await call('PUT', `/couriers/${courierA.id}`, headers, company({ name: 'Not allowed' }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.forbidden });
    }
    expect((await call('PUT', `/couriers/${courierA.id}`, {}, company())).statusCode).toBe(401);
    expect((await courierRow(courierA.id)).name).toBe(courierA.name);
  });

  it('lets a super admin edit any courier and its first admin', async () => {
    const db = t.database.db;
    const courier = await makeCourier(db);
    const admin = await makeUser(db, { role: 'courier_admin', courier });
    const body = company();
    const response = await call('PUT', `/couriers/${courier.id}`, superHeaders, body);
    expect(response.statusCode).toBe(200);
    expect(response.json().courier).toMatchObject({ name: body.name, admin: { email: body.email } });
    const { rows } = await t.database.pool.query(`select email from users where id = $1`, [admin.id]);
    expect(rows[0].email).toBe(body.email);
  });
});

describe('PUT /api/couriers/{id}/shipping-addresses', () => {
  const SEA = ['Sea Freight', '1200 NW 78th Ave', 'Unit {mailbox}', 'Miami', 'FL', '33126'].join('\n');

  it('saves both addresses, which customers then see with their own mailbox number', async () => {
    const db = t.database.db;
    const courier = await makeCourier(db);
    const admin = await makeUser(db, { role: 'courier_admin', courier });
    const { headers } = await signIn(t.app, admin);
    const messyAir = `\r\n  ${SIX_LINE_ADDRESS.replace(/\n/g, '\r\n\r\n')}  \r\n`;
    const response = await call('PUT', `/couriers/${courier.id}/shipping-addresses`, headers, { shipping_address_air: messyAir, shipping_address_sea: SEA });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true, message: SETTINGS_MSG.addressesUpdated,
      courier: { id: courier.id, shipping_address_air: SIX_LINE_ADDRESS, shipping_address_sea: SEA },
    });

    const customer = await makeCustomer(db, courier, { firstName: 'Ana', lastName: 'Brown' });
    const { headers: customerAuth } = await signInCustomer(t.app, customer, courier.apiKey);
    const profile = (await call('GET', '/customers/profile', customerAuth)).json().customer;
    expect(profile.shippingAddresses).toEqual([
      { mode: 'AIR', lines: ['Ana Brown', '8400 NW 25th St', `Suite ${customer.mailboxNumber}`, 'Doral', 'FL', '33198'] },
      { mode: 'SEA', lines: ['Ana Brown', '1200 NW 78th Ave', `Unit ${customer.mailboxNumber}`, 'Miami', 'FL', '33126'] },
    ]);
    expect(await auditRows(courier.id, 'settings.addresses_updated')).toHaveLength(1);
  });

  it('clears an address saved empty', async () => {
    const db = t.database.db;
    const courier = await makeCourier(db);
    const { headers } = await signIn(t.app, await makeUser(db, { role: 'courier_admin', courier }));
    await call('PUT', `/couriers/${courier.id}/shipping-addresses`, headers, { shipping_address_air: SIX_LINE_ADDRESS, shipping_address_sea: SEA });
    const response = await call('PUT', `/couriers/${courier.id}/shipping-addresses`, headers, { shipping_address_air: SIX_LINE_ADDRESS, shipping_address_sea: '  \n ' });
    expect(response.statusCode).toBe(200);
    expect(await courierRow(courier.id)).toMatchObject({ shipping_address_air: SIX_LINE_ADDRESS, shipping_address_sea: null });
  });

  it('names the missing line, or too many lines', async () => {
    const fiveLines = SIX_LINE_ADDRESS.split('\n').slice(0, 5).join('\n');
    const short = await call('PUT', `/couriers/${courierA.id}/shipping-addresses`, adminAHeaders, { shipping_address_air: fiveLines, shipping_address_sea: '' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'The AIR address is missing its Zip line', fieldErrors: { shipping_address_air: 'The AIR address is missing its Zip line' } });

    const twoLines = await call('PUT', `/couriers/${courierA.id}/shipping-addresses`, adminAHeaders, { shipping_address_air: '', shipping_address_sea: 'Warehouse\n1 Main St' });
    expect(twoLines.json().fieldErrors).toEqual({ shipping_address_sea: 'The SEA address is missing its Address Line Two line' });

    const seven = await call('PUT', `/couriers/${courierA.id}/shipping-addresses`, adminAHeaders, { shipping_address_air: `${SIX_LINE_ADDRESS}\nUSA`, shipping_address_sea: '' });
    expect(seven.json().fieldErrors.shipping_address_air).toBe('The AIR address has more than six lines (Name, Address Line One, Address Line Two, City, State, Zip)');

    const absent = await call('PUT', `/couriers/${courierA.id}/shipping-addresses`, adminAHeaders, {});
    expect(absent.statusCode).toBe(400);
    expect(Object.keys(absent.json().fieldErrors)).toEqual(['shipping_address_air', 'shipping_address_sea']);
    expect((await courierRow(courierA.id)).shipping_address_air).toBeNull();
  });

  it('answers 404 for another courier and 403 for customers and staff', async () => {
    const body = { shipping_address_air: SIX_LINE_ADDRESS, shipping_address_sea: '' };
    expect((await call('PUT', `/couriers/${courierB.id}/shipping-addresses`, adminAHeaders, body)).statusCode).toBe(404);
    expect((await courierRow(courierB.id)).shipping_address_air).toBeNull();
    expect((await call('PUT', `/couriers/${courierA.id}/shipping-addresses`, customerHeaders, body)).statusCode).toBe(403);
    expect((await call('PUT', `/couriers/${courierA.id}/shipping-addresses`, staffHeaders, body)).statusCode).toBe(403);
    expect((await call('PUT', `/couriers/${courierA.id}/shipping-addresses`, {}, body)).statusCode).toBe(401);
  });
});

describe('PUT /api/couriers/{id}/bank-details', () => {
  it('saves the details line for line; the courier\'s customers read them back', async () => {
    const db = t.database.db;
    const courier = await makeCourier(db);
    const { headers } = await signIn(t.app, await makeUser(db, { role: 'courier_admin', courier }));
    const details = 'National Commercial Bank\r\nAccount: 123-456-789\r\n\r\nBranch: Half Way Tree\n';
    const response = await call('PUT', `/couriers/${courier.id}/bank-details`, headers, { bank_details: details });
    expect(response.statusCode).toBe(200);
    const saved = 'National Commercial Bank\nAccount: 123-456-789\n\nBranch: Half Way Tree';
    expect(response.json()).toEqual({ success: true, message: SETTINGS_MSG.bankUpdated, courier: { bank_details: saved } });

    const customer = await makeCustomer(db, courier);
    const { headers: customerAuth } = await signInCustomer(t.app, customer, courier.apiKey);
    const seen = (await call('GET', `/couriers/${courier.id}`, customerAuth)).json().data.bank_details as string;
    expect(seen.split('\n')).toEqual(['National Commercial Bank', 'Account: 123-456-789', '', 'Branch: Half Way Tree']);

    const audits = await auditRows(courier.id, 'settings.bank_details_updated');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target_id: courier.id, details: { lines: 4 } });

    const cleared = await call('PUT', `/couriers/${courier.id}/bank-details`, headers, { bank_details: '   ' });
    expect(cleared.json().courier).toEqual({ bank_details: null });
  });

  it('refuses details that are too long or missing', async () => {
    const long = await call('PUT', `/couriers/${courierA.id}/bank-details`, adminAHeaders, { bank_details: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Bank details are too long', fieldErrors: { bank_details: 'Bank details are too long' } });
    const missing = await call('PUT', `/couriers/${courierA.id}/bank-details`, adminAHeaders, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('bank_details');
    const wrongType = await call('PUT', `/couriers/${courierA.id}/bank-details`, adminAHeaders, { bank_details: ['a'] });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 404 for another courier and 403 for customers and staff', async () => {
    expect((await call('PUT', `/couriers/${courierB.id}/bank-details`, adminAHeaders, { bank_details: 'Send money here' })).statusCode).toBe(404);
    expect((await courierRow(courierB.id)).bank_details).toBeNull();
    expect((await call('PUT', `/couriers/${courierA.id}/bank-details`, customerHeaders, { bank_details: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/couriers/${courierA.id}/bank-details`, managerHeaders, { bank_details: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/couriers/${courierA.id}/bank-details`, {}, { bank_details: 'x' })).statusCode).toBe(401);
  });

  it('lets a super admin set any courier\'s details', async () => {
    const response = await call('PUT', `/couriers/${courierB.id}/bank-details`, superHeaders, { bank_details: 'Scotiabank\nAcct 42' });
    expect(response.statusCode).toBe(200);
    expect((await courierRow(courierB.id)).bank_details).toBe('Scotiabank\nAcct 42');
    await t.database.pool.query(`update couriers set bank_details = null where id = $1`, [courierB.id]);
  });
});

describe('bad input never answers 5xx', () => {
  it.each([
    ['PUT', '/couriers/%27%20or%201=1--', { name: 'x' }],
    ['PUT', `/couriers/${UNKNOWN_ID}`, { name: 'A', firstName: 'B', lastName: 'C', email: 'd@e.fg' }],
    ['PUT', `/couriers/${UNKNOWN_ID}/bank-details`, { bank_details: '\u0000' }],
    ['PUT', `/couriers/${UNKNOWN_ID}/shipping-addresses`, { shipping_address_air: 5, shipping_address_sea: null }],
    ['PUT', '/couriers/{own}/bank-details', { bank_details: 'NCB\u0000' }],
    ['PUT', '/couriers/{own}', { name: 'Nul\u0000Co', firstName: 'A\u0000', lastName: 'B', email: 'nul@example.com' }],
    ['PUT', '/couriers/{own}/shipping-addresses', { shipping_address_air: SIX_LINE_ADDRESS.replace('Doral', 'Do\u0000ral'), shipping_address_sea: '' }],
  ] as const)('%s %s', async (method, url, payload) => {
    const response = await call(method, url.replace('{own}', courierA.id), adminAHeaders, payload as Record<string, unknown>);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().message).toBe('string');
  });

  it('refuses a NUL character by field, saving nothing', async () => {
    const response = await call('PUT', `/couriers/${courierA.id}`, adminAHeaders, { name: 'Nul\u0000Co', firstName: 'Ann', lastName: 'B', email: 'n\u0000l@example.com' });
    expect(response.statusCode).toBe(400);
    const message = 'This text contains a character that cannot be saved';
    expect(response.json()).toEqual({ message, fieldErrors: { name: message, email: message } });
    expect((await courierRow(courierA.id)).name).toBe(courierA.name);
  });
});
