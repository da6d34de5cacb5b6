import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jamaicaToday } from '@parceldesk/shared/domain/report-range';
import type { IssueInvoicesResponse } from '@parceldesk/shared/schemas/invoices';
import type { ReportResponse, ReportTable } from '@parceldesk/shared/schemas/reports';
import { branches } from '../../db/schema/index';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { priceCourier, receiveFor } from '../invoices/invoice-test-kit';

let t: TestApp;
type Headers = Record<string, string>;
const query = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function world() {
  const db = t.database.db;
  const courier = await makeCourier(db);
  const other = await makeCourier(db);
  for (const c of [courier, other]) await priceCourier(t.database.pool, c.id);
  const [montego] = await db.insert(branches).values({ courierId: courier.id, name: 'Montego Bay' }).returning();
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const reporter = await makeUser(db, { role: 'staff', courier, permissions: ['reports_view'] });
  const clerk = await makeUser(db, { role: 'staff', courier, permissions: ['packages_view', 'payments_view'] });
  const otherAdmin = await makeUser(db, { role: 'courier_admin', courier: other });
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Brown' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Reid', branchId: montego!.id });
  const otherCustomer = await makeCustomer(db, other);
  await query(`update users set role_id = null where id = any($1)`, [[reporter.id, clerk.id]]);
  return {
    courier, other, montego: montego!, admin, tanya, andre, otherCustomer,
    as: {
      admin: (await signIn(t.app, admin)).headers,
      reporter: (await signIn(t.app, reporter)).headers,
      clerk: (await signIn(t.app, clerk)).headers,
      otherAdmin: (await signIn(t.app, otherAdmin)).headers,
      superAdmin: (await signIn(t.app, await makeUser(db, { role: 'super_admin' }))).headers,
      tanya: (await signInCustomer(t.app, tanya, courier.apiKey)).headers,
    },
  };
}
let w: Awaited<ReturnType<typeof world>>;

const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function issueFor(headers: Headers, customerId: string, weight: number) {
  const pkg = await receiveFor(t.app, headers, customerId, { weight });
  const response = await inject('POST', '/api/invoices', headers, { packageIds: [pkg.id] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
}
async function payCash(headers: Headers, customerId: string, amountCents: number, method = 'cash') {
  const response = await inject('POST', '/api/payments', { ...headers, 'idempotency-key': crypto.randomUUID() }, { customerId, method, amountCents, ...(method === 'cash' ? {} : { reference: 'TERM-0042' }) });
  expect(response.statusCode, response.body).toBe(201);
}
async function report(name: string, headers: Headers, params = 'preset=today'): Promise<ReportResponse> {
  const response = await inject('GET', `/api/reports/${name}?${params}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResponse>();
}
const tableOf = (r: ReportResponse, key: string): ReportTable => r.tables.find((table) => table.key === key)!;
const column = (table: ReportTable, key: string) => table.rows.map((row) => Number(row[key]));

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
  // Courier A: Tanya (main branch) 2 lb and 3 lb parcels, duty on the second; Andre (Montego Bay) 5 lb. Courier B: one.
  await issueFor(w.as.admin, w.tanya.id, 2);
  const dutied = await issueFor(w.as.admin, w.tanya.id, 3);
  const duty = await inject('POST', `/api/invoices/${dutied}/lines`, w.as.admin, { code: 'customs_duty', description: 'Duty on shoes', amountCents: 150_000 });
  expect(duty.statusCode, duty.body).toBe(201);
  await issueFor(w.as.admin, w.andre.id, 5);
  await issueFor(w.as.otherAdmin, w.otherCustomer.id, 4);
  await payCash(w.as.admin, w.tanya.id, 100_000);
  await payCash(w.as.admin, w.andre.id, 50_000, 'card');
  await payCash(w.as.otherAdmin, w.otherCustomer.id, 20_000);
});
afterAll(() => t.close());

describe('GET /reports/revenue', () => {
  it('breaks the day\'s invoices down by charge type; every total is the sum of its rows and of the invoices', async () => {
    const r = await report('revenue', w.as.admin);
    const today = jamaicaToday();
    expect(r).toMatchObject({ from: today, to: today, groupBy: 'day', scope: 'courier' });
    const table = tableOf(r, 'revenue');
    expect(table.columns.map((c) => c.key)).toEqual(['period', 'invoices', 'freight', 'processing', 'gct', 'fees', 'duty', 'total']);
    expect(table.rows.map((row) => row.period)).toEqual([today]);
    for (const key of ['invoices', 'freight', 'processing', 'gct', 'fees', 'duty', 'total']) expect(table.totals[key]).toBe(sum(column(table, key)));
    for (const row of table.rows) {
      expect(Number(row.freight) + Number(row.processing) + Number(row.gct) + Number(row.fees) + Number(row.duty)).toBe(row.total);
    }
    const [invoices] = await query(`select count(*)::int as n, sum(total_cents)::int as total, sum(gct_cents)::int as gct from invoices where courier_id = $1`, [w.courier.id]);
    expect(table.totals).toMatchObject({ invoices: 3, total: invoices.total, gct: invoices.gct, duty: 150_000 });
    const [lines] = await query(`select sum(amount_cents)::int as freight from invoice_lines where courier_id = $1 and code = 'freight'`, [w.courier.id]);
    expect(table.totals.freight).toBe(lines.freight);
  });

  it('filters by branch and service, and a range without invoices is empty', async () => {
    const montego = tableOf(await report('revenue', w.as.admin, `preset=this_year&branchId=${w.montego.id}`), 'revenue');
    const [andre] = await query(`select sum(total_cents)::int as total from invoices where customer_id = $1`, [w.andre.id]);
    expect(montego.totals).toMatchObject({ invoices: 1, total: andre.total });
    expect(tableOf(await report('revenue', w.as.admin, 'preset=this_month&service=sea'), 'revenue').rows).toEqual([]);
    const past = await report('revenue', w.as.admin, 'preset=custom&from=2020-01-01&to=2020-12-31');
    expect(past).toMatchObject({ from: '2020-01-01', to: '2020-12-31', groupBy: 'month' });
    expect(tableOf(past, 'revenue').totals.total).toBe(0);
  });

  it('refuses a custom range that ends before it starts, or has no days', async () => {
    const backwards = await inject('GET', '/api/reports/revenue?preset=custom&from=2026-03-10&to=2026-03-01', w.as.admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors).toMatchObject({ to: 'The last day must not be before the first day' });
    const missing = await inject('GET', '/api/reports/revenue?preset=custom', w.as.admin);
    expect(missing.json().fieldErrors).toMatchObject({ from: 'Choose the first day', to: 'Choose the last day' });
  });
});

describe('the other reports', () => {
  it('payments by method and by staff member add up to the payments recorded', async () => {
    const r = await report('payments', w.as.admin);
    const byMethod = tableOf(r, 'by_method');
    const byStaff = tableOf(r, 'by_staff');
    const [paid] = await query(`select sum(amount_cents)::int as total from payments where courier_id = $1 and status = 'recorded'`, [w.courier.id]);
    expect(byMethod.rows).toEqual([{ method: 'Card', payments: 1, amount: 50_000 }, { method: 'Cash', payments: 1, amount: 100_000 }]);
    expect(byMethod.totals.amount).toBe(paid.total);
    expect(byStaff.rows).toEqual([{ staff: 'Test courier_admin', payments: 2, cash: 100_000, card: 50_000, bank_transfer: 0, amount: 150_000 }]);
    expect(byStaff.totals.amount).toBe(paid.total);
  });

  it('outstanding invoices by age: the open balance of the courier', async () => {
    const table = tableOf(await report('outstanding', w.as.admin, 'preset=this_year'), 'outstanding');
    const [open] = await query(`select count(*)::int as n, sum(balance_cents)::int as balance from invoices where courier_id = $1 and status in ('unpaid', 'partially_paid')`, [w.courier.id]);
    expect(table.rows.map((row) => row.age)).toEqual(['0–30 days']);
    expect(table.totals).toMatchObject({ invoices: open.n, balance: open.balance });
    expect(table.totals.balance).toBe(table.totals.total! - table.totals.paid!);
  });

  it('parcels received, manifests and unknown/uncollected answer for the range', async () => {
    const parcels = tableOf(await report('parcels', w.as.admin), 'parcels');
    expect(parcels.totals).toMatchObject({ received: 3, weight: 10, shipped: 0, collected: 0 });
    expect(tableOf(await report('manifests', w.as.admin), 'manifests').rows).toEqual([]);
    const unknown = await report('unknown_uncollected', w.as.admin);
    expect(unknown.tables.map((table) => table.key)).toEqual(['unknown', 'uncollected']);
  });
});

describe('delivery performance', () => {
  it('counts requests delivered (on time or late), failed, cancelled and open, by period and by driver; totals are the sums', async () => {
    const driver = await makeUser(t.database.db, { role: 'staff', courier: w.courier, permissions: ['delivery_requests_view'] });
    const [location] = await query(`insert into delivery_locations (courier_id, name, parish, fee_cents) values ($1, 'Half Way Tree', 'St. Andrew', 80000) returning id`, [w.courier.id]);
    const today = jamaicaToday();
    const request = (n: number, status: string, extra: Record<string, unknown> = {}) => query(
      `insert into delivery_requests (courier_id, request_no, customer_id, location_id, status, address, phone, preferred_date, fee_cents,
         scheduled_date, time_window, driver_id, recipient_name, delivered_at, collected_cents, failure_reason)
       values ($1, $2, $3, $4, $5, '1 Hope Road', '876-555-0100', $6, 80000, $7, $8, $9, $10, $11, $12, $13)`,
      [w.courier.id, `DR-${String(n).padStart(6, '0')}`, n === 5 ? w.andre.id : w.tanya.id, location.id, status, today,
        extra.scheduled ?? null, extra.scheduled ? 'morning' : null, extra.driver ?? null, status === 'delivered' ? 'Tanya Brown' : null,
        extra.deliveredAt ?? null, extra.collected ?? 0, status === 'failed' ? 'Nobody home' : null],
    );
    await request(1, 'delivered', { scheduled: today, driver: driver.id, deliveredAt: new Date(), collected: 80_000 });
    await request(2, 'delivered', { scheduled: '2020-01-01', driver: driver.id, deliveredAt: new Date() });
    await request(3, 'failed', { scheduled: today, driver: driver.id });
    await request(4, 'cancelled');
    await request(5, 'requested');
    const r = await report('delivery', w.as.admin);
    const period = tableOf(r, 'delivery');
    expect(period.rows).toEqual([{ period: today, requests: 5, delivered: 2, on_time: 1, failed: 1, cancelled: 1, open: 1, fees: 320_000, collected: 80_000 }]);
    for (const key of ['requests', 'delivered', 'on_time', 'failed', 'collected']) expect(period.totals[key]).toBe(sum(column(period, key)));
    const drivers = tableOf(r, 'by_driver');
    expect(drivers.rows).toEqual([
      { driver: 'No driver yet', requests: 1, delivered: 0, on_time: 0, failed: 0, collected: 0 },
      { driver: 'Test staff', requests: 3, delivered: 2, on_time: 1, failed: 1, collected: 80_000 },
    ]);
    expect(drivers.totals).toMatchObject({ requests: 4, delivered: 2, collected: 80_000 });
    // Andre's request follows his branch (Montego Bay); the other courier sees none of these.
    expect(tableOf(await report('delivery', w.as.admin, `preset=today&branchId=${w.montego.id}`), 'delivery').totals.requests).toBe(1);
    expect(tableOf(await report('delivery', w.as.otherAdmin), 'delivery').rows).toEqual([]);
  });
});

describe('who sees what', () => {
  it('another courier sees only its own figures, and naming courier A\'s courier or branch answers 404', async () => {
    const mine = tableOf(await report('revenue', w.as.otherAdmin), 'revenue');
    const [own] = await query(`select sum(total_cents)::int as total from invoices where courier_id = $1`, [w.other.id]);
    expect(mine.totals).toMatchObject({ invoices: 1, total: own.total });
    expect((await inject('GET', `/api/reports/revenue?courierId=${w.courier.id}`, w.as.otherAdmin)).statusCode).toBe(404);
    expect((await inject('GET', `/api/reports/revenue?branchId=${w.montego.id}`, w.as.otherAdmin)).statusCode).toBe(404);
  });

  it('the super admin sees every courier side by side, or one with the courier filter', async () => {
    const network = await report('revenue', w.as.superAdmin);
    expect(network.scope).toBe('network');
    const table = tableOf(network, 'revenue');
    expect(table.columns[0]).toMatchObject({ key: 'courier', label: 'Courier' });
    const couriers = new Set(table.rows.map((row) => row.courier));
    expect(couriers).toContain(w.courier.name);
    expect(couriers).toContain(w.other.name);
    const one = tableOf(await report('revenue', w.as.superAdmin, `preset=today&courierId=${w.courier.id}`), 'revenue');
    expect(one.totals.invoices).toBe(3);
    expect(one.columns[0]!.key).toBe('period');
  });

  it('staff need reports_view and see their own branch\'s customers only; customers are refused', async () => {
    expect((await inject('GET', '/api/reports/revenue', w.as.clerk)).statusCode).toBe(403);
    expect((await inject('GET', '/api/reports/revenue', w.as.tanya)).statusCode).toBe(403);
    const r = await report('revenue', w.as.reporter);
    expect(r.scope).toBe('branch');
    const [tanya] = await query(`select sum(total_cents)::int as total from invoices where customer_id = $1`, [w.tanya.id]);
    expect(tableOf(r, 'revenue').totals).toMatchObject({ invoices: 2, total: tanya.total });
    expect(tableOf(await report('payments', w.as.reporter), 'by_method').totals.amount).toBe(100_000);
  });
});

describe('GET /reports/{report}/export', () => {
  it('the XLSX holds the revenue table with its TOTAL row', async () => {
    const r = tableOf(await report('revenue', w.as.admin), 'revenue');
    const response = await inject('GET', '/api/reports/revenue/export?preset=today&format=xlsx', w.as.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`revenue-${jamaicaToday()}-to-${jamaicaToday()}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Revenue by charge type')!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(['Report', 'Revenue']);
    expect(values[1]).toEqual(['Courier', w.courier.name]);
    const head = values.findIndex((row) => row[0] === 'Period (day)');
    expect(values[head]).toEqual(['Period (day)', 'Invoices', 'Freight (J$)', 'Processing (J$)', 'GCT (J$)', 'Fees (J$)', 'Duty (J$)', 'Total (J$)']);
    expect(values[head + 1]).toEqual([jamaicaToday(), 3, r.totals.freight! / 100, r.totals.processing! / 100, r.totals.gct! / 100, r.totals.fees! / 100, 1500, r.totals.total! / 100]);
    expect(values.at(-1)).toEqual(['TOTAL', 3, r.totals.freight! / 100, r.totals.processing! / 100, r.totals.gct! / 100, r.totals.fees! / 100, 1500, r.totals.total! / 100]);
  });

  it('CSV and PDF carry the same figures', async () => {
    const csv = await inject('GET', '/api/reports/payments/export?preset=today&format=csv', w.as.admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Payments by method\r\nMethod,Payments,Amount (J$)\r\nCard,1,500.00\r\nCash,1,1000.00\r\nTOTAL,2,1500.00');
    const pdf = await inject('GET', '/api/reports/payments/export?preset=today&format=pdf', w.as.admin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await inject('GET', '/api/reports/payments/export?format=pdf', w.as.clerk)).statusCode).toBe(403);
  });
});
