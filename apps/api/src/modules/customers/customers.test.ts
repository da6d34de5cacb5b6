import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, uniqueEmail, type TestCourier } from '../../test/factories';
import { bearer, customerRegistration, SIX_LINE_ADDRESS } from '../../test/payloads';

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;

beforeAll(async () => {
  t = await createTestApp();
  courierA = await makeCourier(t.database.db);
  courierB = await makeCourier(t.database.db);
});
afterAll(() => t.close());

const customerLogin = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/customers/login', payload });
const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/customers/register', payload });
const customerProfile = (token: string) => t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: bearer(token) });
const outboxFor = async (address: string) =>
  (await t.database.pool.query(`select subject, text_body, courier_id, status from email_outbox where to_address = $1`, [address])).rows;

describe('POST /api/customers/login', () => {
  it('signs a customer in through their courier\'s api_key', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const response = await customerLogin({ email: customer.email, password: TEST_PASSWORD, api_key: courierA.apiKey });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(typeof body.token).toBe('string');
    expect(typeof body.message).toBe('string');
    expect(body.customer).toMatchObject({ id: customer.id, email: customer.email, role: 'customer', courier: { id: courierA.id } });
    expect(body.customer).not.toHaveProperty('passwordHash');
    expect((await customerProfile(body.token)).json().customer.id).toBe(customer.id);
  });

  it('signs a customer in without an api_key', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const response = await customerLogin({ email: customer.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().customer.id).toBe(customer.id);
  });

  it('does not let courier B\'s portal open courier A\'s account', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const response = await customerLogin({ email: customer.email, password: TEST_PASSWORD, api_key: courierB.apiKey });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.invalidCredentials });
  });

  it('answers a wrong password, an unknown email and an unknown api_key the same way', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const answers = await Promise.all([
      customerLogin({ email: customer.email, password: 'wrong-password', api_key: courierA.apiKey }),
      customerLogin({ email: uniqueEmail('ghost'), password: TEST_PASSWORD, api_key: courierA.apiKey }),
      customerLogin({ email: customer.email, password: TEST_PASSWORD, api_key: 'pk_unknown' }),
      customerLogin({ email: uniqueEmail('ghost'), password: TEST_PASSWORD }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: MSG.invalidCredentials });
    }
  });

  it('finds the right account when one email is registered at two couriers', async () => {
    const email = uniqueEmail('shared');
    await makeCustomer(t.database.db, courierA, { email });
    const atB = await makeCustomer(t.database.db, courierB, { email });
    const viaB = await customerLogin({ email, password: TEST_PASSWORD, api_key: courierB.apiKey });
    expect(viaB.statusCode).toBe(200);
    expect(viaB.json().customer.id).toBe(atB.id);
    expect(viaB.json().customer.courier.id).toBe(courierB.id);
  });

  it('refuses a deactivated customer', async () => {
    const customer = await makeCustomer(t.database.db, courierA, { isActive: false });
    const response = await customerLogin({ email: customer.email, password: TEST_PASSWORD, api_key: courierA.apiKey });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.accountDeactivated });
  });

  it('names missing fields', async () => {
    const response = await customerLogin({ api_key: courierA.apiKey });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequired });
  });

  it('does not sign staff in through the customer portal', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const response = await customerLogin({ email: staff.email, password: TEST_PASSWORD, api_key: courierA.apiKey });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/customers/profile', () => {
  it('shows the mailbox number as <CODE>-000001 for the courier\'s first customer', async () => {
    const fresh = await makeCourier(t.database.db);
    const customer = await makeCustomer(t.database.db, fresh);
    const { token } = await signInCustomer(t.app, customer, fresh.apiKey);
    const response = await customerProfile(token);
    expect(response.statusCode).toBe(200);
    const profile = response.json().customer;
    expect(profile.mailboxNumber).toBe(`${fresh.code.toUpperCase()}-000001`);
    expect(profile).toMatchObject({ firstName: 'Test', lastName: 'Customer', accountType: 'individual', branch: { id: fresh.branch.id } });
    expect(profile.shippingAddresses).toEqual([]);
  });

  it('shows the courier\'s US addresses personalised once the courier has six lines', async () => {
    const fresh = await makeCourier(t.database.db);
    await t.database.pool.query(
      `update couriers set shipping_address_air = $2, shipping_address_sea = $3 where id = $1`,
      [fresh.id, SIX_LINE_ADDRESS, 'Only\ntwo lines'],
    );
    const customer = await makeCustomer(t.database.db, fresh, { firstName: 'Ana', lastName: 'Brown' });
    const { token } = await signInCustomer(t.app, customer, fresh.apiKey);
    const profile = (await customerProfile(token)).json().customer;
    expect(profile.shippingAddresses).toEqual([
      { mode: 'AIR', lines: ['Ana Brown', '8400 NW 25th St', `Suite ${customer.mailboxNumber}`, 'Doral', 'FL', '33198'] },
    ]);
  });

  it('is for customers only', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const { token } = await signIn(t.app, staff);
    const response = await customerProfile(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.forbidden });
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/profile' })).statusCode).toBe(401);
  });
});

describe('POST /api/customers/register', () => {
  it('creates the account, signs it in and queues a welcome email', async () => {
    const body = customerRegistration(courierA, { email: `  ${uniqueEmail('New.Person').toUpperCase()}  ` });
    const expectedEmail = body.email.trim().toLowerCase();
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const { token, customer } = response.json();
    expect(customer).toMatchObject({
      email: expectedEmail, firstName: 'Devon', lastName: 'Clarke', title: 'Mr.', accountType: 'individual', businessName: null,
      country: 'Jamaica', membershipType: 'standard', courier: { id: courierA.id }, branch: { id: courierA.branch.id },
    });

    const profile = await customerProfile(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().customer.id).toBe(customer.id);

    const { rows } = await t.database.pool.query(`select email from customers where id = $1`, [customer.id]);
    expect(rows[0].email).toBe(expectedEmail);

    const emails = await outboxFor(expectedEmail);
    expect(emails).toHaveLength(1);
    expect(emails[0].courier_id).toBe(courierA.id);
    expect(emails[0].subject).toContain(customer.mailboxNumber);
    expect(emails[0].text_body).toContain(`api_key=${courierA.apiKey}`);
  });

  it('can sign in afterwards with the password chosen', async () => {
    const body = customerRegistration(courierA);
    expect((await register(body)).statusCode).toBe(201);
    const response = await customerLogin({ email: body.email, password: body.password, api_key: courierA.apiKey });
    expect(response.statusCode).toBe(200);
  });

  it('finds the courier from the api_key alone', async () => {
    const { courierId: _id, ...body } = customerRegistration(courierB);
    const response = await register({ ...body, api_key: courierB.apiKey });
    expect(response.statusCode).toBe(201);
    expect(response.json().customer.courier.id).toBe(courierB.id);
  });

  it('refuses an api_key and courierId that disagree, or no courier at all', async () => {
    const mismatch = await register({ ...customerRegistration(courierA), api_key: courierB.apiKey });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: MSG.courierRequired, fieldErrors: { courierId: MSG.courierRequired } });
    const { courierId: _id, ...noCourier } = customerRegistration(courierA);
    expect((await register(noCourier)).statusCode).toBe(400);
  });

  it('numbers mailboxes per courier, each courier counting on its own', async () => {
    const x = await makeCourier(t.database.db);
    const y = await makeCourier(t.database.db);
    const mailbox = async (courier: TestCourier) => (await register(customerRegistration(courier))).json().customer.mailboxNumber as string;
    expect(await mailbox(x)).toBe(`${x.code}-000001`);
    expect(await mailbox(x)).toBe(`${x.code}-000002`);
    expect(await mailbox(y)).toBe(`${y.code}-000001`);
    expect(await mailbox(x)).toBe(`${x.code}-000003`);
  });

  it('refuses an email already registered at the same courier (any case) with 409', async () => {
    const body = customerRegistration(courierA);
    expect((await register(body)).statusCode).toBe(201);
    const again = await register(customerRegistration(courierA, { email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MSG.emailTaken, fieldErrors: { email: MSG.emailTaken } });
    expect(await outboxFor(body.email)).toHaveLength(1);
  });

  it('lets the same email register at another courier', async () => {
    const body = customerRegistration(courierA);
    expect((await register(body)).statusCode).toBe(201);
    const elsewhere = await register(customerRegistration(courierB, { email: body.email }));
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().customer.courier.id).toBe(courierB.id);
  });

  it('refuses a branch of another courier', async () => {
    const body = customerRegistration(courierA, { branchId: courierB.branch.id });
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.branchRequired, fieldErrors: { branchId: MSG.branchRequired } });
    expect(await outboxFor(body.email)).toHaveLength(0);
  });

  it('requires a business name for a business account, and keeps it', async () => {
    const missing = await register(customerRegistration(courierA, { accountType: 'business', title: null }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ businessName: MSG.businessNameRequired });

    const ok = await register(customerRegistration(courierA, { accountType: 'business', businessName: 'Clarke Imports', title: 'Mr.' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().customer).toMatchObject({ accountType: 'business', businessName: 'Clarke Imports', title: null });
  });

  it('requires a title for an individual', async () => {
    const response = await register(customerRegistration(courierA, { title: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ title: MSG.titleRequired });
  });

  it('answers every empty field with its own message', async () => {
    const response = await register({ accountType: 'individual', title: 'Mr.', courierId: courierA.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailRequired,
      phone: MSG.phoneRequired,
      password: MSG.passwordRequired,
      trn: MSG.trnRequired,
      address: MSG.streetRequired,
      parish: MSG.parishRequired,
      city: MSG.cityRequired,
      branchId: MSG.branchRequired,
    });
    const short = await register(customerRegistration(courierA, { password: 'short' }));
    expect(short.json().fieldErrors).toEqual({ password: MSG.passwordMin });
  });

  it('ignores a membership type when the courier does not offer memberships', async () => {
    const response = await register(customerRegistration(courierA, { membershipType: 'student' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().customer.membershipType).toBe('standard');
  });

  it('keeps the membership type when the courier offers memberships', async () => {
    const members = await makeCourier(t.database.db, { supportsMembership: true });
    const response = await register(customerRegistration(members, { membershipType: 'bpo_employee' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().customer.membershipType).toBe('bpo_employee');
  });

  it('refuses sign-ups at a suspended courier', async () => {
    const closing = await makeCourier(t.database.db);
    await t.database.pool.query(`update couriers set status = 'suspended' where id = $1`, [closing.id]);
    const response = await register(customerRegistration(closing));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.courierSuspended);
  });
});
