import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueInvoicesResponse } from '@parceldesk/shared/schemas/invoices';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { makeCourier, makeCustomer, makeUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invoiceWorld, priceCourier, receiveFor, type InvoiceWorld } from './invoice-test-kit';

/**
 * Issue 13 speed: a courier-wide invoice list's total comes from the counters of migration 0030
 * when nothing but status narrows it. The counters equal the invoices after issues, payments,
 * voids and replacements, bulk updates and deletes sent at once on several connections, and every
 * total, counted or not, is the number of invoices the list pages through.
 */
let t: TestApp;
let w: InvoiceWorld;
let superAdmin: Record<string, string>;
const query = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t.app, t.database);
  superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
});
afterAll(() => t.close());

async function issue(headers: Record<string, string>, customerId: string, weight: number) {
  const pkg = await receiveFor(t.app, headers, customerId, { weight });
  const response = await t.app.inject({ method: 'POST', url: '/api/invoices', headers, payload: { packageIds: [pkg.id] } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
}

const pay = (customerId: string, amountCents: number) => t.app.inject({
  method: 'POST', url: '/api/payments', headers: { ...w.as.admin, 'idempotency-key': crypto.randomUUID() }, payload: { customerId, method: 'cash', amountCents },
});

/** Every counter (slots summed) against the same grouping of the invoices themselves. */
async function countersMatchInvoices() {
  const sorted = async (text: string) => (await query(text)).map((row) => JSON.stringify(row)).sort();
  const expected = await sorted(`select courier_id, status, count(*)::int as n from invoices group by 1, 2`);
  expect(expected.length).toBeGreaterThan(3);
  expect(await sorted(`select courier_id, status, sum(invoices)::int as n from invoice_list_counts group by 1, 2 having sum(invoices) <> 0`)).toEqual(expected);
}

async function listTotal(filters: Record<string, unknown> | null, headers: Record<string, string>, extra = '') {
  const url = `/api/invoices?page=1&pageSize=10${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}${extra}`;
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListResponse<unknown>>().total;
}
const rows = async (where: string, values: unknown[] = []) => Number((await query(`select count(*) as n from invoices where ${where}`, values))[0]!.n);

describe('invoice list totals (migration 0030)', () => {
  it('the counters equal the invoices after concurrent issues, payments, voids, bulk updates and deletes', async () => {
    const other = await makeCourier(t.database.db);
    await priceCourier(t.database.pool, other.id);
    const otherAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: other }))).headers;
    const otherCustomer = await makeCustomer(t.database.db, other, { firstName: 'Kadian', lastName: 'Grant' });
    const marlon = await makeCustomer(t.database.db, w.courier, { firstName: 'Marlon', lastName: 'Stewart' });

    // Issued at once on several connections, in two couriers.
    const numbers = await Promise.all([
      ...[1, 2, 3, 4].map((lb) => issue(w.as.admin, w.tanya.id, lb)),
      ...[2, 5].map((lb) => issue(w.as.admin, w.andre.id, lb)),
      issue(w.as.admin, marlon.id, 3),
      ...[1, 2].map((lb) => issue(otherAdmin, otherCustomer.id, lb)),
    ]);
    // Payments (part and whole), a void with its replacement and bulk SQL writes, at once.
    const [due] = await query(`select sum(balance_cents)::int as cents from invoices where customer_id = $1`, [w.andre.id]);
    const [part, whole, voided] = await Promise.all([
      pay(w.tanya.id, 50_000),
      pay(w.andre.id, due!.cents as number),
      t.app.inject({ method: 'POST', url: `/api/invoices/${numbers[6]!}/void`, headers: w.as.admin, payload: { reason: 'Wrong rate' } }),
      query(`update invoices set status = 'void', void_reason = 'Bulk correction', voided_at = now() where courier_id = $1 and invoice_no = $2`, [other.id, numbers[7]]),
    ]);
    for (const response of [part, whole]) expect(response.statusCode, response.body).toBe(201);
    expect(voided.statusCode, voided.body).toBe(200);
    // A deletion (a correction made in the database) and an update that moves no status.
    await query(`delete from invoices where courier_id = $1 and invoice_no = $2`, [other.id, numbers[8]]);
    await query(`update invoices set updated_at = now() where courier_id = $1`, [w.courier.id]);
    await countersMatchInvoices();
    expect(await rows(`courier_id = $1 and status = 'partially_paid'`, [w.courier.id])).toBeGreaterThan(0);
    expect(await rows(`courier_id = $1 and status = 'paid'`, [w.courier.id])).toBeGreaterThan(0);
    expect(await rows(`courier_id = $1 and status = 'void'`, [w.courier.id])).toBe(1);
  });

  it('every total is the number of invoices the list holds, from the counters or the rows', async () => {
    const courier = [w.courier.id];
    expect(await listTotal(null, w.as.admin)).toBe(await rows('courier_id = $1', courier));
    expect(await listTotal({ status: 'unpaid' }, w.as.admin)).toBe(await rows(`courier_id = $1 and status = 'unpaid'`, courier));
    expect(await listTotal({ status: 'paid' }, w.as.admin)).toBe(await rows(`courier_id = $1 and status = 'paid'`, courier));
    expect(await listTotal({ status: ['paid', 'void'] }, w.as.admin)).toBe(await rows(`courier_id = $1 and status in ('paid', 'void')`, courier));
    expect(await listTotal({ status: [] }, w.as.admin)).toBe(await rows('courier_id = $1', courier));
    expect(await listTotal(null, superAdmin)).toBe(await rows('true'));
    expect(await listTotal({ status: 'void' }, superAdmin)).toBe(await rows(`status = 'void'`));
    // The rows path: another filter, aging, a search, a branch-bound reader.
    expect(await listTotal({ status: 'paid', invoiceNumber: 'INV' }, w.as.admin)).toBe(await rows(`courier_id = $1 and status = 'paid'`, courier));
    expect(await listTotal({ aging: '0-30' }, w.as.admin)).toBe(await rows('courier_id = $1', courier));
    expect(await listTotal(null, w.as.admin, '&search=Brown')).toBe(await rows('courier_id = $1 and customer_id = $2', [w.courier.id, w.tanya.id]));
    // Another courier's customer is not found by name (their invoices are outside the scope).
    expect(await rows(`customer_id in (select id from customers where first_name = 'Kadian')`)).toBeGreaterThan(0);
    expect(await listTotal(null, w.as.admin, '&search=Kadian')).toBe(0);
    const branchStaff = (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: w.courier, permissions: ['invoices_view'] }))).headers;
    expect(await listTotal(null, branchStaff)).toBe(await rows(`courier_id = $1 and customer_id in (select id from customers where branch_id = $2)`, [w.courier.id, w.courier.branch.id]));
  });

  it('a courier whose invoices hold one status filters by text ("paid" is in "unpaid"), and its total counts those rows', async () => {
    const courier = await makeCourier(t.database.db);
    await priceCourier(t.database.pool, courier.id);
    const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    const customer = await makeCustomer(t.database.db, courier, { firstName: 'Oneil', lastName: 'Clarke' });
    await issue(admin, customer.id, 2);
    await issue(admin, customer.id, 3);
    const response = await t.app.inject({ method: 'GET', url: `/api/invoices?page=1&pageSize=10&filters=${encodeURIComponent('{"status":"paid"}')}`, headers: admin });
    const body = response.json<ListResponse<{ status: string }>>();
    expect(body.data.map((row) => row.status)).toEqual(['unpaid', 'unpaid']);
    expect(body.total).toBe(2);
  });
});
