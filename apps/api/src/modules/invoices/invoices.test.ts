import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { InvoiceDetail, InvoiceListItem, IssueInvoicesResponse, VoidInvoiceResponse } from '@parceldesk/shared/schemas/invoices';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCustomer, makeUser, signIn, signInCustomer } from '../../test/factories';
import { invoiceWorld, priceCourier, readInvoiceBarcode, receiveFor, type InvoiceWorld } from './invoice-test-kit';

let t: TestApp;
let w: InvoiceWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t.app, t.database);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const issue = (headers: Headers, packageIds: string[], key?: string) =>
  inject('POST', '/api/invoices', key ? { ...headers, 'idempotency-key': key } : headers, { packageIds });
const detail = async (invoiceNo: string, headers: Headers = w.as.admin) => {
  const response = await inject('GET', `/api/invoices/${invoiceNo}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceDetail>();
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const query = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows;

/** Records a payment straight in the tables (the payments issue builds the route): enough to prove the invoice rules. */
async function paySome(invoiceNo: string, amountCents: number) {
  const [invoice] = await query(`select id, courier_id, customer_id, total_cents from invoices where invoice_no = $1 and courier_id = $2`, [invoiceNo, w.courier.id]);
  const [payment] = await query(
    `insert into payments (courier_id, customer_id, payment_no, method, amount_cents) values ($1, $2, $3, 'cash', $4) returning id`,
    [invoice.courier_id, invoice.customer_id, `RCT-T${Date.now()}${Math.random()}`, amountCents],
  );
  await query(`insert into payment_allocations (courier_id, payment_id, invoice_id, amount_cents) values ($1, $2, $3, $4)`, [invoice.courier_id, payment.id, invoice.id, amountCents]);
  await query(`update invoices set paid_cents = paid_cents + $2, status = case when paid_cents + $2 >= total_cents then 'paid' else 'partially_paid' end where id = $1`, [invoice.id, amountCents]);
}

describe('issuing by hand', () => {
  it('prices a 2 lb AIR parcel from the settings, stores its lines, tells the customer the amount due, and a retry with the same key issues nothing new', async () => {
    const pkg = await receiveFor(t.app, w.as.clerk, w.tanya.id, { weight: 2 });
    const first = await issue(w.as.biller, [pkg.id], 'issue-key-0001');
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json<IssueInvoicesResponse>();
    expect(body.message).toBe('Invoice issued');
    expect(body.issued).toHaveLength(1);
    const { invoiceNumber } = body.issued[0]!;
    expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
    // Freight J$650.00 + processing J$230.00 + GCT 15 % of freight J$97.50.
    expect(body.issued[0]!.totalCents).toBe(97750);

    const invoice = await detail(invoiceNumber);
    expect(invoice.lines.map((line) => [line.code, line.description, line.amountCents])).toEqual([
      ['freight', 'Freight AIR 2 lb', 65000],
      ['processing_fee', 'Processing fee (2 lb)', 23000],
      ['gct', 'GCT 15% of freight J$650.00', 9750],
    ]);
    expect(sum(invoice.lines.map((line) => line.amountCents))).toBe(invoice.totalCents);
    expect(invoice).toMatchObject({ status: 'unpaid', subtotalCents: 88000, gctCents: 9750, totalCents: 97750, paidCents: 0, balanceCents: 97750, customerName: 'Tanya Brown' });
    expect(invoice.packages).toEqual([expect.objectContaining({ packageNumber: pkg.packageNumber, trackingNumber: pkg.trackingNumber, weight: 2 })]);
    expect(invoice.history.map((event) => event.kind)).toEqual(['issued']);
    expect(invoice.bankDetails).toEqual(['Bank: NCB Half Way Tree', 'Account name: Island Express Ltd', 'Account no. 354-123-456']);

    const [mail] = await query(`select subject, text_body from email_outbox where to_address = $1 and subject like '%invoice%'`, [w.tanya.email]);
    expect(mail.subject).toContain(`invoice ${invoiceNumber}, J$977.50 due`);
    expect(mail.text_body).toContain('Amount due: J$977.50');
    const [note] = await query(`select title, link from notifications where customer_id = $1 and type = 'invoice.issued'`, [w.tanya.id]);
    expect(note).toEqual({ title: `Invoice ${invoiceNumber}: J$977.50 due`, link: `/customer/invoices/${invoiceNumber}` });

    const retry = await issue(w.as.biller, [pkg.id], 'issue-key-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.json<IssueInvoicesResponse>().issued).toEqual(body.issued);
    const again = await issue(w.as.biller, [pkg.id]);
    expect(again.statusCode).toBe(200);
    expect(again.json<IssueInvoicesResponse>()).toMatchObject({ message: 'No invoice was issued', issued: [], skipped: [{ packageId: pkg.id, invoiceNumber, reason: `Already on invoice ${invoiceNumber}` }] });
    expect(await query(`select count(*)::int as n from invoice_packages where package_id = $1`, [pkg.id])).toEqual([{ n: 1 }]);

    // Its weights are now fixed.
    const edit = await inject('PUT', `/api/packages/${pkg.id}`, w.as.admin, { weight: 5, reason: 'Reweighed' });
    expect(edit.statusCode).toBe(409);
  });

  it('numbers invoices per courier without gaps; another courier starts at INV-000001', async () => {
    const pkgs = await Promise.all([1, 3, 12].map((weight) => receiveFor(t.app, w.as.clerk, w.andre.id, { weight })));
    const response = await issue(w.as.admin, pkgs.map((p) => p.id));
    expect(response.statusCode).toBe(201);
    const issued = response.json<IssueInvoicesResponse>().issued;
    const numbers = issued.map((row) => Number(row.invoiceNumber.slice(4)));
    expect(numbers).toEqual([numbers[0]!, numbers[0]! + 1, numbers[0]! + 2]);
    // 12 lb is beyond the table: 3,450 + 2 × 350 = 4,150 freight; GCT 622.50; processing none above 10 lb.
    expect(issued.map((row) => row.totalCents)).toEqual([65000 + 23000 + 9750, 120000 + 23000 + 18000, 415000 + 62250]);

    const other = await makeOtherCourier();
    const theirs = await receiveFor(t.app, other.clerk, other.customer.id);
    const first = await issue(other.admin, [theirs.id]);
    expect(first.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber).toBe('INV-000001');
  });

  it('two issues of the same packages at once bill each package once', async () => {
    const pkgs = await Promise.all([1, 2, 3, 4, 5].map((weight) => receiveFor(t.app, w.as.clerk, w.tanya.id, { weight })));
    const ids = pkgs.map((p) => p.id);
    const [a, b] = await Promise.all([issue(w.as.biller, ids), issue(w.as.admin, [...ids].reverse())]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const issued = [...a.json<IssueInvoicesResponse>().issued, ...b.json<IssueInvoicesResponse>().issued];
    expect(issued).toHaveLength(5);
    const rows = await query(`select package_id, count(*)::int as n from invoice_packages where package_id = any($1::uuid[]) group by package_id`, [ids]);
    expect(rows.map((row) => row.n)).toEqual([1, 1, 1, 1, 1]);
  });

  it('refuses a package without a customer, and one of another courier is not found', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: `UNK${Date.now()}`, weight: 1 } });
    const unknownId = unknown.json<{ package: { id: string } }>().package.id;
    const refused = await issue(w.as.biller, [unknownId]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('The package has no customer yet: assign it first');
    const other = await makeOtherCourier();
    const theirs = await receiveFor(t.app, other.clerk, other.customer.id);
    expect((await issue(w.as.biller, [theirs.id])).statusCode).toBe(404);
    expect((await issue(w.as.reader, [unknownId])).statusCode).toBe(403);
    expect((await issue(w.as.tanya, [unknownId])).statusCode).toBe(403);
    expect((await issue(w.as.biller, [])).json().message).toBe('Choose at least one package to invoice');
  });
});

describe('charges added after issue', () => {
  it('adds assessed duty to an unpaid invoice as an event the customer sees, and refuses once a payment exists', async () => {
    const pkg = await receiveFor(t.app, w.as.clerk, w.tanya.id, { weight: 3 });
    const { invoiceNumber } = (await issue(w.as.biller, [pkg.id])).json<IssueInvoicesResponse>().issued[0]!;
    const url = `/api/invoices/${invoiceNumber}/lines`;
    const duty = { code: 'customs_duty', description: 'Duty assessed on shoes', amountCents: 150000 };
    expect((await inject('POST', url, w.as.reader, duty)).statusCode).toBe(403);
    expect((await inject('POST', url, w.as.tanya, duty)).statusCode).toBe(403);
    expect((await inject('POST', url, w.as.biller, { ...duty, amountCents: 0 })).json().fieldErrors).toMatchObject({ amountCents: 'The amount must be more than J$0.00' });

    const added = await inject('POST', url, w.as.biller, duty);
    expect(added.statusCode, added.body).toBe(201);
    const invoice = added.json<InvoiceDetail>();
    expect(invoice.totalCents).toBe(161000 + 150000);
    expect(sum(invoice.lines.map((line) => line.amountCents))).toBe(invoice.totalCents);
    expect(invoice.lines.at(-1)).toMatchObject({ code: 'customs_duty', description: 'Duty assessed on shoes', addedAfterIssue: true, packageNumber: pkg.packageNumber });
    expect(invoice.gctCents).toBe(18000);

    const seen = await detail(invoiceNumber, w.as.tanya);
    expect(seen.history.map((event) => [event.kind, event.note, event.amountCents, event.actorName])).toEqual([
      ['issued', `Issued for ${pkg.packageNumber}`, 161000, w.courier.name],
      ['line_added', 'Assessed customs duty: Duty assessed on shoes', 150000, w.courier.name],
    ]);
    expect(seen.canAddLine).toBe(false);
    const [mail] = await query(`select text_body from email_outbox where to_address = $1 and subject like '%customs duty added'`, [w.tanya.email]);
    expect(mail.text_body).toContain('Amount due now: J$3,110.00');
    expect(await query(`select action from audit_logs where action = 'invoice.line_added' and details->>'invoiceNo' = $1`, [invoiceNumber])).toHaveLength(1);

    await paySome(invoiceNumber, 50000);
    const late = await inject('POST', url, w.as.biller, { code: 'storage_fee', description: 'Storage 3 days', amountCents: 30000 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This invoice has payments: charges after payment go on a new invoice');
  });
});

describe('void and replacement', () => {
  it('a courier admin voids with a reason; the packages are re-priced on a replacement naming it', async () => {
    const pkg = await receiveFor(t.app, w.as.clerk, w.andre.id, { weight: 4 });
    const { invoiceNumber } = (await issue(w.as.biller, [pkg.id])).json<IssueInvoicesResponse>().issued[0]!;
    const url = `/api/invoices/${invoiceNumber}/void`;
    expect((await inject('POST', url, w.as.biller, { reason: 'Wrong weight' })).statusCode).toBe(403);
    expect((await inject('POST', url, w.as.admin, { reason: '' })).json().fieldErrors).toMatchObject({ reason: 'Give a reason for voiding the invoice' });

    // The weight is corrected on the package's record before the new invoice: the settings changed too.
    await t.database.pool.query(`update shipping_rates set cost = 1600 where courier_id = $1 and weight_lbs = 4`, [w.courier.id]);
    const voided = await inject('POST', url, w.as.admin, { reason: 'Rate table was wrong' });
    expect(voided.statusCode, voided.body).toBe(200);
    const answer = voided.json<VoidInvoiceResponse>();
    expect(answer.voidedInvoiceNumber).toBe(invoiceNumber);
    expect(answer.message).toBe(`Invoice voided; replacement ${answer.replacementInvoiceNumber} issued`);

    const old = await detail(invoiceNumber);
    expect(old).toMatchObject({ status: 'void', voidReason: 'Rate table was wrong', replacedByInvoiceNumber: answer.replacementInvoiceNumber, canVoid: false, canAddLine: false });
    expect(old.history.map((event) => event.kind)).toEqual(['issued', 'voided']);
    const replacement = await detail(answer.replacementInvoiceNumber);
    expect(replacement).toMatchObject({ status: 'unpaid', replacesInvoiceNumber: invoiceNumber, totalCents: 160000 + 23000 + 24000 });
    expect(replacement.history.map((event) => event.kind)).toEqual(['issued', 'replaced']);
    expect(await query(`select invoice_no from packages p join invoices i on i.id = p.invoice_id where p.id = $1`, [pkg.id])).toEqual([{ invoice_no: answer.replacementInvoiceNumber }]);
    const andreSees = await detail(answer.replacementInvoiceNumber, w.as.andre);
    expect(andreSees.balanceCents).toBe(207000);

    expect((await inject('POST', url, w.as.admin, { reason: 'Again' })).json().message).toBe('This invoice is already void');
    await paySome(answer.replacementInvoiceNumber, 1000);
    const blocked = await inject('POST', `/api/invoices/${answer.replacementInvoiceNumber}/void`, w.as.admin, { reason: 'Customer disputes' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('Payments are still allocated to this invoice: void them first');
  });
});

describe('the PDF', () => {
  it('prints the courier, customer, mailbox, package, lines, GCT, balance and bank details, with a barcode that scans to the invoice number', async () => {
    const pkg = await receiveFor(t.app, w.as.clerk, w.tanya.id, { weight: 5, description: 'Running shoes' });
    const { invoiceNumber } = (await issue(w.as.biller, [pkg.id])).json<IssueInvoicesResponse>().issued[0]!;
    await paySome(invoiceNumber, 100000);
    const response = await inject('GET', `/api/invoices/${invoiceNumber}/pdf`, w.as.tanya);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    // 5 lb: freight 1,900.00, processing 230.00, GCT 285.00 → 2,415.00; paid 1,000.00 → balance 1,415.00.
    for (const expected of [
      w.courier.name, invoiceNumber, 'Tanya Brown', `Mailbox ${w.tanya.mailboxNumber}`, pkg.packageNumber, pkg.trackingNumber, 'Running shoes', '5.00 lb',
      'Freight AIR 5 lb', 'J$1,900.00', 'J$230.00', 'J$285.00', 'Total', 'J$2,415.00', 'Paid', 'J$1,000.00', 'Balance due', 'J$1,415.00',
      'Pay by bank transfer', 'Bank: NCB Half Way Tree', 'Account name: Island Express Ltd', 'Account no. 354-123-456',
    ]) expect(text).toContain(expected);
    expect(await readInvoiceBarcode(new Uint8Array(response.rawPayload))).toBe(invoiceNumber);
  });
});

describe('who sees what', () => {
  it('another courier\'s or another customer\'s invoice is not found; a reader cannot change anything', async () => {
    const pkg = await receiveFor(t.app, w.as.clerk, w.tanya.id);
    const { invoiceNumber } = (await issue(w.as.biller, [pkg.id])).json<IssueInvoicesResponse>().issued[0]!;
    expect((await inject('GET', `/api/invoices/${invoiceNumber}`, w.as.andre)).statusCode).toBe(404);
    expect((await inject('GET', `/api/invoices/${invoiceNumber}/pdf`, w.as.andre)).statusCode).toBe(404);
    const other = await makeOtherCourier();
    // The other courier's number space is its own: the same number there is not ours.
    const seen = await inject('GET', `/api/invoices/${invoiceNumber}`, other.admin);
    expect(seen.statusCode).toBe(404);
    expect((await inject('GET', `/api/invoices/${invoiceNumber}?courierId=${w.courier.id}`, other.admin)).statusCode).toBe(404);
    expect((await inject('POST', `/api/invoices/${invoiceNumber}/void`, other.admin, { reason: 'Not yours' })).statusCode).toBe(404);
    expect((await inject('POST', `/api/invoices/${invoiceNumber}/lines`, other.admin, { code: 'adjustment', description: 'x', amountCents: 100 })).statusCode).toBe(404);
    const reader = await detail(invoiceNumber, w.as.reader);
    expect(reader).toMatchObject({ canAddLine: false, canVoid: false });
    expect((await inject('GET', '/api/invoices', w.as.clerk)).statusCode).toBe(403);
  });
});

describe('lists', () => {
  it('filters by status, issue date and aging bucket, searches number, customer and mailbox, and keeps customers to their own', async () => {
    const make = async (customerId: string) => {
      const pkg = await receiveFor(t.app, w.as.clerk, customerId);
      return (await issue(w.as.biller, [pkg.id])).json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
    };
    const fresh = await make(w.andre.id);
    const old45 = await make(w.andre.id);
    const old100 = await make(w.tanya.id);
    const backdate = (no: string, days: number) => query(`update invoices set issued_at = now() - make_interval(days => $2) where invoice_no = $1 and courier_id = $3`, [no, days, w.courier.id]);
    await backdate(old45, 45);
    await backdate(old100, 100);
    const list = async (headers: Headers, params: Record<string, unknown>) => {
      const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      const response = await inject('GET', `/api/invoices?pageSize=100&${qs}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListResponse<InvoiceListItem>>();
    };
    const numbers = (page: ListResponse<InvoiceListItem>) => page.data.map((row) => row.invoiceNumber);

    const aging = async (bucket: string) => numbers(await list(w.as.reader, { filters: { aging: bucket } }));
    expect(await aging('31-60')).toEqual([old45]);
    expect(await aging('90+')).toEqual([old100]);
    expect(await aging('0-30')).toContain(fresh);
    expect(await aging('0-30')).not.toContain(old45);
    expect(await aging('61-90')).toEqual([]);
    const all = await list(w.as.reader, {});
    expect(all.filterOptions.aging?.map((o) => o.value)).toEqual(['0-30', '31-60', '61-90', '90+']);
    expect(all.data.find((row) => row.invoiceNumber === old100)).toMatchObject({ ageDays: 100, customerName: 'Tanya Brown', status: 'unpaid' });

    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const byDate = numbers(await list(w.as.reader, { filters: { issuedAt: { from: today, to: today } } }));
    expect(byDate).toContain(fresh);
    expect(byDate).not.toContain(old45);
    const voidOnes = await list(w.as.admin, { filters: { status: 'void' } });
    expect(voidOnes.data.every((row) => row.status === 'void')).toBe(true);
    expect(voidOnes.total).toBeGreaterThan(0);

    expect(numbers(await list(w.as.reader, { search: old45 }))).toEqual([old45]);
    expect(numbers(await list(w.as.reader, { search: 'Tanya Brown' }))).toContain(old100);
    expect(numbers(await list(w.as.reader, { search: w.andre.mailboxNumber }))).toEqual(expect.arrayContaining([fresh, old45]));
    expect(numbers(await list(w.as.reader, { search: w.andre.mailboxNumber }))).not.toContain(old100);

    const mine = await list(w.as.andre, {});
    expect(mine.data.every((row) => row.customerId === w.andre.id)).toBe(true);
    expect(numbers(mine)).toEqual(expect.arrayContaining([fresh, old45]));
    expect((await inject('GET', `/api/invoices?filters=${encodeURIComponent(JSON.stringify({ aging: '90+' }))}`, w.as.andre)).statusCode).toBe(400);
    const summary = await inject('GET', '/api/invoices/summary', w.as.andre);
    const open = mine.data.filter((row) => row.status === 'unpaid' || row.status === 'partially_paid');
    expect(summary.json()).toEqual({ openInvoices: open.length, amountDueCents: sum(open.map((row) => row.balanceCents)) });

    const superAdmin = await makeUser(t.database.db, { role: 'super_admin' });
    const sa = (await signIn(t.app, superAdmin)).headers;
    const network = await list(sa, { filters: { courierName: w.courier.id } });
    expect(network.data.every((row) => row.courierId === w.courier.id && row.courierName === w.courier.name)).toBe(true);
    expect(network.total).toBe(all.total);
    expect((await inject('GET', `/api/invoices/${old45}?courierId=${w.courier.id}`, sa)).statusCode).toBe(200);
  });
});

async function makeOtherCourier() {
  const { makeCourier } = await import('../../test/factories');
  const courier = await makeCourier(t.database.db);
  await priceCourier(t.database.pool, courier.id);
  const admin = await makeUser(t.database.db, { role: 'courier_admin', courier });
  const clerk = await makeUser(t.database.db, { role: 'staff', courier, permissions: ['packages_scan'] });
  const customer = await makeCustomer(t.database.db, courier, { firstName: 'Other', lastName: 'Customer' });
  return {
    courier, customer,
    admin: (await signIn(t.app, admin)).headers,
    clerk: (await signIn(t.app, clerk)).headers,
    customerHeaders: (await signInCustomer(t.app, customer, courier.apiKey)).headers,
  };
}
