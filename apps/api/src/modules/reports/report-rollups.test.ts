import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jamaicaToday } from '@parceldesk/shared/domain/report-range';
import type { IssueInvoicesResponse } from '@parceldesk/shared/schemas/invoices';
import type { ReportResponse, ReportTable } from '@parceldesk/shared/schemas/reports';
import { branches } from '../../db/schema/index';
import { makeCourier, makeCustomer, makeUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { priceCourier, receiveFor } from '../invoices/invoice-test-kit';

/**
 * Migration 0026's daily roll-ups: after a mix of writes through the API (some fired at once), the
 * revenue, parcels and payments reports read from the roll-ups equal the same figures computed
 * from the invoice lines, parcels and payments themselves, on both sides of a Jamaica midnight.
 */
let t: TestApp;
type Headers = Record<string, string>;
const query = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;

const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let admin: Headers;
let courierId: string;
let montegoId: string;
let customers: string[];

async function issueFor(customerId: string, weight: number) {
  const pkg = await receiveFor(t.app, admin, customerId, { weight });
  const response = await inject('POST', '/api/invoices', admin, { packageIds: [pkg.id] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
}
async function addLine(invoiceNo: string, amountCents: number) {
  const response = await inject('POST', `/api/invoices/${invoiceNo}/lines`, admin, { code: 'customs_duty', description: 'Assessed duty', amountCents });
  expect(response.statusCode, response.body).toBe(201);
}
async function pay(customerId: string, amountCents: number, method: 'cash' | 'card' | 'bank_transfer') {
  const response = await inject('POST', '/api/payments', { ...admin, 'idempotency-key': crypto.randomUUID() },
    { customerId, method, amountCents, ...(method === 'cash' ? {} : { reference: 'TERM-0042' }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}
async function report(name: string, params: string): Promise<ReportResponse> {
  const response = await inject('GET', `/api/reports/${name}?${params}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResponse>();
}
const tableOf = (r: ReportResponse, key: string): ReportTable => r.tables.find((table) => table.key === key)!;

/** Revenue by Jamaica day from the lines of non-void invoices, as the report defines it. */
/** An invoice bills a parcel of the service (the report's service filter, through invoice_packages). */
const billsService = `($3::text is null or exists (select 1 from invoice_packages ip join packages p on p.id = ip.package_id where ip.invoice_id = i.id and p.service = $3))`;
async function revenueFromLines(branchId?: string, service?: string) {
  return (await query(`
    select to_char(l.added_at at time zone 'America/Jamaica', 'YYYY-MM-DD') as period,
      coalesce(sum(l.amount_cents) filter (where l.code in ('freight', 'membership_discount')), 0)::int as freight,
      coalesce(sum(l.amount_cents) filter (where l.code = 'processing_fee'), 0)::int as processing,
      coalesce(sum(l.amount_cents) filter (where l.code = 'gct'), 0)::int as gct,
      coalesce(sum(l.amount_cents) filter (where l.code not in ('freight', 'membership_discount', 'processing_fee', 'gct', 'customs_duty')), 0)::int as fees,
      coalesce(sum(l.amount_cents) filter (where l.code = 'customs_duty'), 0)::int as duty,
      sum(l.amount_cents)::int as total
    from invoice_lines l join invoices i on i.id = l.invoice_id
    where l.courier_id = $1 and i.status <> 'void' and ($2::uuid is null or i.branch_id = $2) and ${billsService}
    group by period order by period`, [courierId, branchId ?? null, service ?? null]));
}
async function invoicesByIssueDay(branchId?: string, service?: string) {
  return Object.fromEntries((await query(`
    select to_char(i.issued_at at time zone 'America/Jamaica', 'YYYY-MM-DD') as period, count(*)::int as n from invoices i
    where i.courier_id = $1 and i.status <> 'void' and ($2::uuid is null or i.branch_id = $2) and ${billsService} group by period`, [courierId, branchId ?? null, service ?? null]))
    .map((row) => [row.period as string, row.n as number]));
}

/** Every roll-up row (slots summed) against the same grouping recomputed from the source rows. */
async function rollupsMatchSources() {
  const pairs = [
    [`select courier_id, day, branch_id, code, sum(lines)::int as n, sum(amount_cents)::bigint as amount from report_revenue_daily group by 1, 2, 3, 4 having sum(lines) <> 0 or sum(amount_cents) <> 0`,
      `select l.courier_id, (l.added_at at time zone 'America/Jamaica')::date as day, i.branch_id, l.code, count(*)::int as n, sum(l.amount_cents)::bigint as amount
        from invoice_lines l join invoices i on i.id = l.invoice_id and i.status <> 'void' group by 1, 2, 3, 4`],
    [`select courier_id, day, branch_id, sum(invoices)::int as n from report_invoices_daily group by 1, 2, 3 having sum(invoices) <> 0`,
      `select courier_id, (issued_at at time zone 'America/Jamaica')::date as day, branch_id, count(*)::int as n from invoices where status <> 'void' group by 1, 2, 3`],
    [`select courier_id, day, branch_id, recorded_by, method, sum(payments)::int as n, sum(amount_cents)::bigint as amount from report_payments_daily group by 1, 2, 3, 4, 5 having sum(payments) <> 0 or sum(amount_cents) <> 0`,
      `select courier_id, (recorded_at at time zone 'America/Jamaica')::date as day, branch_id, recorded_by, method, count(*)::int as n, sum(amount_cents)::bigint as amount
        from payments where status = 'recorded' group by 1, 2, 3, 4, 5`],
    [`select courier_id, day, branch_id, service, sum(parcels)::int as n, sum(weight)::numeric(16, 2) as weight from report_parcels_daily group by 1, 2, 3, 4 having sum(parcels) <> 0 or sum(weight) <> 0`,
      `select courier_id, (received_at at time zone 'America/Jamaica')::date as day, branch_id, service, count(*)::int as n, sum(weight)::numeric(16, 2) as weight
        from packages group by 1, 2, 3, 4`],
    // Migration 0027: per service an invoice bills (each of its services once).
    [`select invoice_id, service, packages as n from report_invoice_services where packages <> 0`,
      `select ip.invoice_id, p.service, count(*)::int as n from invoice_packages ip join packages p on p.id = ip.package_id group by 1, 2`],
    [`select courier_id, day, branch_id, service, code, sum(lines)::int as n, sum(amount_cents)::bigint as amount from report_revenue_service_daily group by 1, 2, 3, 4, 5 having sum(lines) <> 0 or sum(amount_cents) <> 0`,
      `select l.courier_id, (l.added_at at time zone 'America/Jamaica')::date as day, i.branch_id, s.service, l.code, count(*)::int as n, sum(l.amount_cents)::bigint as amount
        from invoice_lines l join invoices i on i.id = l.invoice_id and i.status <> 'void'
        join (select distinct ip.invoice_id, p.service from invoice_packages ip join packages p on p.id = ip.package_id) s on s.invoice_id = i.id group by 1, 2, 3, 4, 5`],
    [`select courier_id, day, branch_id, service, sum(invoices)::int as n from report_invoices_service_daily group by 1, 2, 3, 4 having sum(invoices) <> 0`,
      `select i.courier_id, (i.issued_at at time zone 'America/Jamaica')::date as day, i.branch_id, s.service, count(*)::int as n
        from invoices i join (select distinct ip.invoice_id, p.service from invoice_packages ip join packages p on p.id = ip.package_id) s on s.invoice_id = i.id
        where i.status <> 'void' group by 1, 2, 3, 4`],
  ] as const;
  for (const [rollup, source] of pairs) {
    const sorted = async (text: string) => (await query(text)).map((row) => JSON.stringify(row)).sort();
    expect(await sorted(rollup)).toEqual(await sorted(source));
  }
}

const yesterday = () => new Date(Date.parse(`${jamaicaToday()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const twoDays = () => `preset=custom&from=${yesterday()}&to=${jamaicaToday()}&groupBy=day`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const courier = await makeCourier(db);
  courierId = courier.id;
  await priceCourier(t.database.pool, courier.id);
  const [montego] = await db.insert(branches).values({ courierId: courier.id, name: 'Montego Bay' }).returning();
  montegoId = montego!.id;
  admin = (await signIn(t.app, await makeUser(db, { role: 'courier_admin', courier }))).headers;
  customers = [];
  for (const [firstName, branchId] of [['Tanya', undefined], ['Andre', montegoId], ['Keisha', montegoId]] as const) {
    customers.push((await makeCustomer(db, courier, { firstName, lastName: 'Brown', ...(branchId ? { branchId } : {}) })).id);
  }
  // A second courier's writes must not leak into the first's roll-up.
  const other = await makeCourier(db);
  await priceCourier(t.database.pool, other.id);
});
afterAll(() => t.close());

describe('daily roll-ups (migration 0026)', () => {
  it('the revenue, parcels and payments reports equal the source rows after issues, late charges, voids, payments and writes at once', async () => {
    const [tanya, andre, keisha] = customers as [string, string, string];
    // Issued at once: one courier, one day, two branches; the same roll-up rows from several connections.
    const issued = await Promise.all([issueFor(tanya, 2), issueFor(tanya, 3), issueFor(andre, 5), issueFor(keisha, 1), issueFor(andre, 7)]);
    await addLine(issued[1]!, 150_000);
    // Void and replacement: the void's lines leave, the replacement's arrive.
    const voided = await inject('POST', `/api/invoices/${issued[2]}/void`, admin, { reason: 'Wrong weight' });
    expect(voided.statusCode, voided.body).toBe(200);
    // Payments, a late charge and another issue at once.
    const [cash, card] = await Promise.all([
      pay(tanya, 100_000, 'cash'), pay(andre, 50_000, 'card'), pay(keisha, 20_000, 'bank_transfer'),
      addLine(issued[4]!, 80_000).then(() => ''), issueFor(tanya, 4).then(() => ''),
    ]);
    const voidPayment = await inject('POST', `/api/payments/${card}/void`, admin, { reason: 'Card declined' });
    expect(voidPayment.statusCode, voidPayment.body).toBe(200);
    // Across a Jamaica midnight: one invoice (and its lines) and the cash payment just before today's
    // midnight, a late line just after it (these updates go through the same triggers).
    const today = jamaicaToday();
    const beforeMidnight = `${today}T04:59:59.999Z`; // 23:59:59.999 the day before, in Jamaica (UTC-5)
    const atMidnight = `${today}T05:00:00Z`;
    await query(`update invoices set issued_at = $2 where courier_id = $1 and invoice_no = $3`, [courierId, beforeMidnight, issued[0]]);
    await query(`update invoice_lines set added_at = $2 where invoice_id = (select id from invoices where courier_id = $1 and invoice_no = $3)`, [courierId, beforeMidnight, issued[0]]);
    await query(`update invoice_lines set added_at = $2 where courier_id = $1 and code = 'customs_duty' and amount_cents = 80000`, [courierId, atMidnight]);
    await query(`update payments set recorded_at = $2 where id = $1`, [cash, beforeMidnight]);
    const [firstParcel] = await query(`select package_id from invoice_packages ip join invoices i on i.id = ip.invoice_id where i.courier_id = $1 and i.invoice_no = $2`, [courierId, issued[0]]);
    await query(`update packages set received_at = $2 where id = $1`, [firstParcel.package_id, beforeMidnight]);
    // A weight corrected; a sea parcel (not invoiced) moved off its branch.
    await query(`update packages set weight = weight + 1.5 where courier_id = $1 and branch_id = $2`, [courierId, montegoId]);
    const seaParcel = await receiveFor(t.app, admin, keisha, { service: 'sea', weight: 9 });
    await query(`update packages set branch_id = null where id = $1`, [seaParcel.id]);

    await rollupsMatchSources();
    const expected = await revenueFromLines();
    expect(expected.map((row) => row.period)).toEqual([yesterday(), today]);
    const revenue = tableOf(await report('revenue', twoDays()), 'revenue');
    const issuedByDay = await invoicesByIssueDay();
    expect(revenue.rows).toEqual(expected.map((row) => ({ ...row, invoices: issuedByDay[row.period] ?? 0 })));
    expect(issuedByDay).toEqual({ [yesterday()]: 1, [today]: 5 });
    // The branch and service filters are read from the roll-ups too: the same figures as the lines.
    const montego = tableOf(await report('revenue', `${twoDays()}&branchId=${montegoId}`), 'revenue');
    const montegoIssued = await invoicesByIssueDay(montegoId);
    expect(montego.rows).toEqual((await revenueFromLines(montegoId)).map((row) => ({ ...row, invoices: montegoIssued[row.period] ?? 0 })));
    expect(tableOf(await report('revenue', `${twoDays()}&service=air`), 'revenue').rows).toEqual(revenue.rows);
    expect(tableOf(await report('revenue', `${twoDays()}&service=sea`), 'revenue').rows).toEqual([]);

    const received = async (where: string) => (await query(`
      select to_char(received_at at time zone 'America/Jamaica', 'YYYY-MM-DD') as period, count(*)::int as received, sum(weight)::float as weight
      from packages where courier_id = $1 and ${where} group by period order by period`, [courierId]))
      .map((row) => ({ period: row.period as string, received: row.received as number, weight: row.weight as number }));
    const parcelsOf = (r: ReportResponse) => tableOf(r, 'parcels').rows.map((row) => ({ period: row.period, received: row.received, weight: row.weight }));
    const allReceived = await received('true');
    expect(allReceived.map((row) => row.period)).toEqual([yesterday(), today]);
    expect(parcelsOf(await report('parcels', twoDays()))).toEqual(allReceived);
    expect(parcelsOf(await report('parcels', `${twoDays()}&branchId=${montegoId}`))).toEqual(await received(`branch_id = '${montegoId}'`));
    expect(parcelsOf(await report('parcels', `${twoDays()}&service=sea`))).toEqual(await received(`service = 'sea'`));

    const payments = await report('payments', twoDays());
    const byMethod = await query(`
      select case method when 'cash' then 'Cash' when 'card' then 'Card' else 'Bank transfer' end as method, count(*)::int as payments, sum(amount_cents)::int as amount
      from payments where courier_id = $1 and status = 'recorded' group by method order by 1`, [courierId]);
    expect(tableOf(payments, 'by_method').rows).toEqual(byMethod);
    expect(byMethod.map((row) => row.method)).toEqual(['Bank transfer', 'Cash']);
    const yesterdayOnly = await report('payments', `preset=custom&from=${yesterday()}&to=${yesterday()}`);
    expect(tableOf(yesterdayOnly, 'by_method').rows).toEqual([{ method: 'Cash', payments: 1, amount: 100_000 }]);
    expect(tableOf(yesterdayOnly, 'by_staff').totals).toMatchObject({ payments: 1, cash: 100_000, amount: 100_000 });
  });

  it('voids, issues, late charges and payments fired together all succeed (no deadlock) and the roll-ups stay exact', async () => {
    const [tanya, andre, keisha] = customers as [string, string, string];
    const toVoid = await Promise.all([issueFor(andre, 2), issueFor(keisha, 3), issueFor(andre, 4)]);
    const toCharge = await Promise.all([issueFor(tanya, 2), issueFor(keisha, 5)]);
    const voidOne = async (invoiceNo: string) => {
      const response = await inject('POST', `/api/invoices/${invoiceNo}/void`, admin, { reason: 'Re-weighed' });
      expect(response.statusCode, response.body).toBe(200);
    };
    await Promise.all([
      ...toVoid.map(voidOne), ...toCharge.map((invoiceNo) => addLine(invoiceNo, 12_345)),
      issueFor(tanya, 6), issueFor(andre, 1), issueFor(keisha, 2), pay(tanya, 30_000, 'cash'),
    ]);
    await rollupsMatchSources();
  });

  it('a deleted invoice takes its lines out of the roll-up (its lines go by cascade, after the invoice)', async () => {
    const invoiceNo = await issueFor(customers[0]!, 6);
    const before = tableOf(await report('revenue', 'preset=today'), 'revenue').totals;
    const [invoice] = await query(`select id, total_cents from invoices where courier_id = $1 and invoice_no = $2`, [courierId, invoiceNo]);
    await query(`delete from invoices where id = $1`, [invoice.id]);
    await rollupsMatchSources();
    const after = tableOf(await report('revenue', 'preset=today'), 'revenue').totals;
    expect(after).toMatchObject({ invoices: before.invoices! - 1, total: before.total! - invoice.total_cents });
  });

  it('the service filter: an invoice of an air and a sea parcel counts under both; a corrected service, a void and its replacement move it', async () => {
    const [tanya, andre] = customers as [string, string];
    const air = await receiveFor(t.app, admin, tanya, { weight: 2 });
    const sea = await receiveFor(t.app, admin, tanya, { service: 'sea', weight: 6 });
    const mixed = await inject('POST', '/api/invoices', admin, { packageIds: [air.id, sea.id] });
    expect(mixed.statusCode, mixed.body).toBe(201);
    const mixedNo = mixed.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
    // A parcel's service corrected after issue, and two more issued at once.
    const [corrected] = await Promise.all([issueFor(andre, 3), issueFor(tanya, 4)]);
    await query(`update packages set service = 'sea' where id in (select ip.package_id from invoice_packages ip join invoices i on i.id = ip.invoice_id where i.courier_id = $1 and i.invoice_no = $2)`, [courierId, corrected]);
    await addLine(mixedNo, 40_000);
    const voided = await inject('POST', `/api/invoices/${mixedNo}/void`, admin, { reason: 'Wrong weight' });
    expect(voided.statusCode, voided.body).toBe(200);
    await rollupsMatchSources();
    const today = `preset=custom&from=${jamaicaToday()}&to=${jamaicaToday()}&groupBy=day`;
    for (const service of ['air', 'sea'] as const) {
      const byService = tableOf(await report('revenue', `${today}&service=${service}`), 'revenue');
      const issuedByDay = await invoicesByIssueDay(undefined, service);
      const expected = (await revenueFromLines(undefined, service)).filter((row) => row.period === jamaicaToday());
      expect(expected).toHaveLength(1);
      expect(byService.rows).toEqual(expected.map((row) => ({ ...row, invoices: issuedByDay[row.period] ?? 0 })));
    }
  });
});
