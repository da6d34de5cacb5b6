import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { BRANCH_MSG } from '@parceldesk/shared/schemas/branches';
import { CUSTOMER_MSG } from '@parceldesk/shared/schemas/customers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, uniqueEmail, type TestCourier } from '../../test/factories';
import { bearer, SIX_LINE_ADDRESS } from '../../test/payloads';

let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;
let adminA: Record<string, string>;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  courierA = await makeCourier(t.database.db);
  courierB = await makeCourier(t.database.db);
  await t.database.pool.query(`update couriers set shipping_address_air = $1 where id = $2`, [SIX_LINE_ADDRESS, courierA.id]);
  adminA = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: courierA }))).headers;
  superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const query = (params: Record<string, string | Record<string, string>>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
/** A staff user holding exactly these permissions (no role: the built-in Staff role has customers_view). */
const staffWith = async (permissions: string[], courier = courierA) => {
  const user = await makeUser(t.database.db, { role: 'staff', courier, permissions });
  await t.database.pool.query(`update users set role_id = null where id = $1`, [user.id]);
  return (await signIn(t.app, user)).headers;
};
const details = (overrides: Record<string, unknown> = {}) => ({
  accountType: 'individual', title: 'Mrs.', firstName: 'Beverley', lastName: 'Manley', email: uniqueEmail('edited'), phone: '876-555-0142',
  trn: '222-333-444', address: '5 Lady Musgrave Road', parish: 'St. Andrew', city: 'Kingston', ...overrides,
});
const ids = (response: { json: () => { data: { id: string }[] } }) => response.json().data.map((row) => row.id);

describe('customer lists', () => {
  it('lists the courier\'s customers only, newest first, with branch and courier names', async () => {
    const mine = await makeCustomer(t.database.db, courierA, { firstName: 'Portia' });
    const theirs = await makeCustomer(t.database.db, courierB);
    const response = await api('GET', '/customers?pageSize=100', adminA);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toContain(mine.id);
    expect(ids(response)).not.toContain(theirs.id);
    expect(response.json().data[0]).toMatchObject({ id: mine.id, name: 'Portia Customer', branchName: 'Head Office', courierName: courierA.name, accountType: 'individual', isActive: true });

    const network = await api('GET', `/customers?${query({ pageSize: '100', filters: { courierName: courierB.id } })}`, superAdmin);
    expect(ids(network)).toEqual([theirs.id]);
    const viaNetwork = await api('GET', `/network/couriers/${courierB.id}/customers`, superAdmin);
    expect(ids(viaNetwork)).toEqual([theirs.id]);
  });

  it('lists business accounts on the business endpoint only', async () => {
    const business = await makeCustomer(t.database.db, courierA, { accountType: 'business', businessName: 'Blue Mountain Coffee Ltd', title: null });
    const individual = await makeCustomer(t.database.db, courierA);
    const response = await api('GET', '/customers/business?pageSize=100', adminA);
    expect(ids(response)).toContain(business.id);
    expect(ids(response)).not.toContain(individual.id);
    expect((await api('GET', `/customers/business/${business.id}`, adminA)).json().businessName).toBe('Blue Mountain Coffee Ltd');
    expect((await api('GET', `/customers/business/${individual.id}`, adminA)).statusCode).toBe(404);
  });

  it('lists the customers who signed up in a month, in Jamaica time', async () => {
    const courier = await makeCourier(t.database.db);
    const headers = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    const lateMarch = await makeCustomer(t.database.db, courier, { createdAt: new Date('2026-04-01T04:30:00Z') }); // 23:30 on 31 March in Kingston
    const april = await makeCustomer(t.database.db, courier, { createdAt: new Date('2026-04-01T05:30:00Z') });
    expect(ids(await api('GET', '/customers/month/2026/3', headers))).toEqual([lateMarch.id]);
    expect(ids(await api('GET', '/customers/month/2026/4', headers))).toEqual([april.id]);

    const badMonth = await api('GET', '/customers/month/2026/13', headers);
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toBe(CUSTOMER_MSG.monthInvalid);
    expect((await api('GET', '/customers/month/1999/1', headers)).json().message).toBe(CUSTOMER_MSG.yearInvalid);
    expect((await api('GET', '/customers/month/abc/1', headers)).statusCode).toBe(400);
  });

  it('pages, sorts, searches and filters, with dropdown options from the courier\'s data', async () => {
    const courier = await makeCourier(t.database.db);
    const headers = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    const people = ['Usain Bolt', 'Shelly-Ann Fraser', 'Elaine Thompson', 'Asafa Powell', 'Veronica Campbell', '100%_Real Person'];
    for (const [i, name] of people.entries()) {
      const [firstName = '', lastName = ''] = name.split(' ');
      await makeCustomer(t.database.db, courier, { firstName, lastName, membershipType: i % 2 ? 'student' : 'standard', createdAt: new Date(Date.UTC(2026, 0, i + 1)) });
    }
    const page2 = await api('GET', `/customers?${query({ pageSize: '10', page: '1', sort: 'name', order: 'asc' })}`, headers);
    expect(page2.json()).toMatchObject({ total: 6, page: 1, pageSize: 10 });
    expect(page2.json().data.map((c: { firstName: string }) => c.firstName)).toEqual(['100%_Real', 'Asafa', 'Elaine', 'Shelly-Ann', 'Usain', 'Veronica']);
    expect(page2.json().filterOptions).toMatchObject({
      membershipType: [{ value: 'standard', label: 'Standard' }, { value: 'student', label: 'Student' }],
    });
    // One account type and one branch only: no dropdown, the browser shows a text box.
    expect(page2.json().filterOptions.accountType).toBeUndefined();
    expect(page2.json().filterOptions.branchName).toBeUndefined();

    const students = await api('GET', `/customers?${query({ filters: { membershipType: 'student' } })}`, headers);
    expect(students.json().total).toBe(3);
    // Search escapes the pattern characters: % and _ are literal.
    expect((await api('GET', `/customers?${query({ search: '0%_r' })}`, headers)).json().total).toBe(1);
    expect((await api('GET', `/customers?${query({ search: '%' })}`, headers)).json().total).toBe(1);
    expect((await api('GET', `/customers?${query({ search: 'thompson' })}`, headers)).json().data[0].lastName).toBe('Thompson');
    // The branch box shown instead of a dropdown filters by the branch name typed.
    expect((await api('GET', `/customers?${query({ filters: { branchName: 'head off' } })}`, headers)).json().total).toBe(6);

    // Dates filter as text in Jamaica time: midnight UTC on 1 January is 31 December there.
    expect((await api('GET', `/customers?${query({ filters: { createdAt: '2026-01' } })}`, headers)).json().total).toBe(5);

    const last = await api('GET', `/customers?${query({ pageSize: '10', page: '2' })}`, headers);
    expect(last.json()).toMatchObject({ total: 6, page: 2, data: [] });
    const oldest = await api('GET', `/customers?${query({ sort: 'createdAt', order: 'asc' })}`, headers);
    expect(oldest.json().data[0].firstName).toBe('Usain');

    expect((await api('GET', `/customers?${query({ sort: 'passwordHash' })}`, headers)).statusCode).toBe(400);
    expect((await api('GET', `/customers?${query({ filters: { trn: '1' } })}`, headers)).statusCode).toBe(400);
    expect((await api('GET', `/customers?${query({ filters: { courierId: 'not-a-uuid' } })}`, headers)).statusCode).toBe(400);
    expect((await api('GET', '/customers?filters=%7Bbroken', headers)).statusCode).toBe(400);
    expect((await api('GET', '/customers?pageSize=7', headers)).statusCode).toBe(400);
  });
});

describe('customer detail and edits', () => {
  it('shows the profile with addresses, and nothing invented for packages or invoices', async () => {
    const customer = await makeCustomer(t.database.db, courierA, { firstName: 'Jimmy', lastName: 'Cliff' });
    const response = await api('GET', `/customers/${customer.id}`, adminA);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id: customer.id, mailboxNumber: customer.mailboxNumber, address: '1 Hope Road', branch: { id: courierA.branch.id }, isActive: true });
    expect(detail.shippingAddresses[0].lines).toContain(`Suite ${customer.mailboxNumber}`);
    expect(detail).not.toHaveProperty('packages');
    expect(detail).not.toHaveProperty('invoices');
  });

  it('edits details with the registration rules, audited', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const payload = details({ accountType: 'business', businessName: 'Cliff Imports', membershipType: 'bpo_employee' });
    const response = await api('PUT', `/customers/${customer.id}`, adminA, payload);
    expect(response.statusCode).toBe(200);
    // A new email applies once the customer opens the link sent to it (issue 15 #2).
    expect(response.json()).toMatchObject({ accountType: 'business', businessName: 'Cliff Imports', title: null, email: customer.email, membershipType: 'bpo_employee', country: 'Jamaica' });
    const confirm = (await t.database.pool.query(`select text_body from email_outbox where to_address = $1`, [payload.email])).rows;
    expect(confirm[0].text_body).toContain(`/courier/confirm-email?token=`);
    expect(confirm[0].text_body).toContain(`api_key=${courierA.apiKey}`);
    const { rows } = await t.database.pool.query(`select action from audit_logs where target_id = $1`, [customer.id]);
    expect(rows).toEqual([{ action: 'customer.updated' }]);

    const invalid = await api('PUT', `/customers/${customer.id}`, adminA, { accountType: 'business', firstName: '', email: 'x', parish: 'Atlantis' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toMatchObject({
      businessName: MSG.businessNameRequired, firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired, email: MSG.invalidEmail,
      phone: MSG.phoneRequired, trn: MSG.trnRequired, address: MSG.streetRequired, parish: MSG.parishRequired, city: MSG.cityRequired,
    });
    expect((await api('PUT', `/customers/${customer.id}`, adminA, details({ title: null }))).json().fieldErrors).toEqual({ title: MSG.titleRequired });
  });

  it('keeps emails unique per courier', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const other = await makeCustomer(t.database.db, courierA);
    const taken = await api('PUT', `/customers/${customer.id}`, adminA, details({ email: other.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: MSG.emailTaken, fieldErrors: { email: MSG.emailTaken } });
    const atOtherCourier = await makeCustomer(t.database.db, courierB);
    expect((await api('PUT', `/customers/${customer.id}`, adminA, details({ email: atOtherCourier.email }))).statusCode).toBe(200);
  });

  it('changes the home branch to an active branch of the same courier', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const open = (await api('POST', '/branches', adminA, { name: 'Negril' })).json();
    const closed = (await api('POST', '/branches', adminA, { name: 'Lucea', isActive: false })).json();
    const moved = await api('PUT', `/customers/${customer.id}/branch`, adminA, { branchId: open.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().branch).toEqual({ id: open.id, name: 'Negril' });
    expect((await api('PUT', `/customers/${customer.id}/branch`, adminA, { branchId: closed.id })).json().fieldErrors).toEqual({ branchId: BRANCH_MSG.branchInactive });
    expect((await api('PUT', `/customers/${customer.id}/branch`, adminA, { branchId: courierB.branch.id })).json().fieldErrors).toEqual({ branchId: MSG.branchRequired });
    expect((await api('PUT', `/customers/${customer.id}/branch`, adminA, {})).json().fieldErrors).toEqual({ branchId: MSG.branchRequired });
  });

  it('deactivates a customer: their tokens stop working and sign-in is refused until reactivated', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const { token } = await signInCustomer(t.app, customer, courierA.apiKey);
    const profile = () => t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: bearer(token) });
    expect((await profile()).statusCode).toBe(200);
    expect((await api('POST', `/customers/${customer.id}/deactivate`, adminA)).json().isActive).toBe(false);
    expect((await profile()).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: customer.email, password: 'Correct-Horse-9', api_key: courierA.apiKey } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.accountDeactivated);
    expect((await api('POST', `/customers/${customer.id}/reactivate`, adminA)).json().isActive).toBe(true);
    await signInCustomer(t.app, customer, courierA.apiKey);
  });
});

describe('customer permissions and tenancy', () => {
  it('needs customers_view to read, customers_business for business accounts and customers_manage to write', async () => {
    const business = await makeCustomer(t.database.db, courierA, { accountType: 'business', businessName: 'Tastee Ltd', title: null });
    const none = await staffWith([]);
    const viewer = await staffWith(['customers_view']);
    const businessOnly = await staffWith(['customers_business']);
    const manager = await staffWith(['customers_manage']);

    for (const url of ['/customers', `/customers/${business.id}`, '/customers/month/2026/1']) {
      expect((await api('GET', url, none)).statusCode).toBe(403);
      expect((await api('GET', url, businessOnly)).statusCode).toBe(403);
      expect((await api('GET', url, viewer)).statusCode).toBe(200);
    }
    for (const url of ['/customers/business', `/customers/business/${business.id}`]) {
      expect((await api('GET', url, viewer)).statusCode).toBe(403);
      expect((await api('GET', url, businessOnly)).statusCode).toBe(200);
    }
    const writes = [
      () => api('PUT', `/customers/${business.id}`, viewer, details()),
      () => api('PUT', `/customers/${business.id}/branch`, viewer, { branchId: courierA.branch.id }),
      () => api('POST', `/customers/${business.id}/deactivate`, viewer),
      () => api('POST', `/customers/${business.id}/reactivate`, viewer),
    ];
    for (const write of writes) expect((await write()).statusCode).toBe(403);
    expect((await api('PUT', `/customers/${business.id}/branch`, manager, { branchId: courierA.branch.id })).statusCode).toBe(200);

    const customer = (await signInCustomer(t.app, await makeCustomer(t.database.db, courierA), courierA.apiKey)).headers;
    expect((await api('GET', '/customers', customer)).statusCode).toBe(403);
    expect((await api('GET', `/customers/${business.id}`, customer)).statusCode).toBe(403);
  });

  it('answers 404 for another courier\'s customer on every {id} route', async () => {
    const foreign = await makeCustomer(t.database.db, courierB, { accountType: 'business', businessName: 'Elsewhere Ltd', title: null });
    const requests = [
      api('GET', `/customers/${foreign.id}`, adminA),
      api('GET', `/customers/business/${foreign.id}`, adminA),
      api('PUT', `/customers/${foreign.id}`, adminA, details()),
      api('PUT', `/customers/${foreign.id}/branch`, adminA, { branchId: courierA.branch.id }),
      api('POST', `/customers/${foreign.id}/deactivate`, adminA),
      api('POST', `/customers/${foreign.id}/reactivate`, adminA),
    ];
    for (const response of await Promise.all(requests)) expect(response.statusCode).toBe(404);
    const { rows } = await t.database.pool.query(`select is_active, branch_id from customers where id = $1`, [foreign.id]);
    expect(rows[0]).toEqual({ is_active: true, branch_id: courierB.branch.id });
  });
});

describe('PUT /customers/profile', () => {
  it('lets a customer edit their own details and returns their profile', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const { headers } = await signInCustomer(t.app, customer, courierA.apiKey);
    const email = uniqueEmail('me');
    const { accountType: _type, ...own } = details({ email: email.toUpperCase(), firstName: 'Toots' });
    const response = await api('PUT', '/customers/profile', headers, own);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: MSG.emailChangeSent, customer: { id: customer.id, firstName: 'Toots', email: customer.email, mailboxNumber: customer.mailboxNumber, role: 'customer' } });
    const body = (await t.database.pool.query(`select text_body from email_outbox where to_address = $1`, [email])).rows[0].text_body as string;
    const token = new URL(/https?:\/\/\S+/.exec(body)![0]).searchParams.get('token');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } })).json()).toEqual({ message: MSG.emailChanged, role: 'customer' });
    expect((await api('GET', '/customers/profile', headers)).json().customer.email).toBe(email);

    expect((await api('PUT', '/customers/profile', headers, { ...own, title: null })).json().fieldErrors).toEqual({ title: MSG.titleRequired });
    const other = await makeCustomer(t.database.db, courierA);
    expect((await api('PUT', '/customers/profile', headers, { ...own, email: other.email })).statusCode).toBe(409);
    expect((await api('PUT', '/customers/profile', adminA, own)).statusCode).toBe(403);
  });
});
