import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { PaymentListItem } from '@parceldesk/shared/schemas/payments';
import { auditLogs, invoiceEvents, paymentEvents, payments } from '../../db/schema/index';
import { makeCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { emailsTo, insertInvoice, invoiceRow, pay, paymentOf, paymentWorld, type PaymentWorld } from './payment-test-kit';

let t: TestApp;
let w: PaymentWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('POST /payments', () => {
  it('records a cash payment: invoice partially paid, history on both, audited, receipt emailed', async () => {
    const invoice = await insertInvoice(db(), w.courier, w.tanya.id, 250_000);
    const response = await pay(t, w.as.cashier, { customerId: w.tanya.id, method: 'cash', amountCents: 100_000 });
    expect(response.statusCode).toBe(201);
    const payment = paymentOf(response);
    expect(payment).toMatchObject({
      paymentNo: expect.stringMatching(/^RCT-\d{6}$/), method: 'cash', amountCents: 100_000, status: 'recorded',
      customer: { id: w.tanya.id, name: 'Tanya Brown' }, recordedBy: { id: w.cashier.id },
      allocations: [{ invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, amountCents: 100_000, invoiceBalanceCents: 150_000, invoiceStatus: 'partially_paid' }],
    });
    expect(payment.events.map((e) => e.type)).toEqual(['recorded', 'receipt_emailed']);
    expect(await invoiceRow(db(), invoice.id)).toEqual({ status: 'partially_paid', paidCents: 100_000, balanceCents: 150_000 });
    const history = await db().select({ kind: invoiceEvents.kind, amountCents: invoiceEvents.amountCents, note: invoiceEvents.note }).from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoice.id)).orderBy(invoiceEvents.createdAt);
    expect(history).toEqual([{ kind: 'payment_applied', amountCents: 100_000, note: `Payment ${payment.paymentNo}: J$1,000.00 by Cash` }]);
    const [audit] = await db().select({ n: count() }).from(auditLogs).where(and(eq(auditLogs.action, 'payment.recorded'), eq(auditLogs.targetId, payment.id)));
    expect(audit?.n).toBe(1);
    const mail = await emailsTo(db(), w.tanya.email);
    expect(mail.some((m) => m.subject.includes(`receipt ${payment.paymentNo} for J$1,000.00`) && m.text.includes(`${invoice.invoiceNo}: J$1,000.00 (balance now J$1,500.00)`))).toBe(true);

    // The rest settles it.
    const rest = paymentOf(await pay(t, w.as.cashier, { customerId: w.tanya.id, method: 'card', reference: 'TERM-7781', amountCents: 150_000, allocations: [{ invoiceId: invoice.id, amountCents: 150_000 }] }));
    expect(rest.allocations[0]).toMatchObject({ invoiceStatus: 'paid', invoiceBalanceCents: 0 });
    expect(await invoiceRow(db(), invoice.id)).toEqual({ status: 'paid', paidCents: 250_000, balanceCents: 0 });
  });

  it('sends every write of a payment settling two invoices as one statement (docs/decisions/018, "Performance")', async () => {
    const customer = await makeCustomer(db(), w.courier, { firstName: 'Romario', lastName: 'Francis' });
    const older = await insertInvoice(db(), w.courier, customer.id, 30_000, new Date(Date.now() - 86_400_000));
    const newer = await insertInvoice(db(), w.courier, customer.id, 50_000);
    t.statements.reset();
    const response = await pay(t, w.as.cashier, { customerId: customer.id, method: 'cash', amountCents: 60_000 });
    const texts = [...t.statements.texts];
    expect(response.statusCode, response.body).toBe(201);
    const writes = texts.filter((text) => /^\s*(with|insert|update)\b/i.test(text) && !/courier_counters/.test(text));
    expect(writes, texts.join('\n---\n')).toHaveLength(1);
    for (const table of ['payments', 'payment_allocations', 'invoice_events', 'payment_events', 'audit_logs', 'notifications', 'email_outbox', 'idempotency_keys']) {
      expect(writes[0]).toContain(`insert into "${table}"`);
    }
    expect(writes[0]!.match(/update "invoices"/g)).toHaveLength(2);
    // Session, begin, key lock, key, customer, invoice locks, number, the writes, commit, and the answer's reads.
    expect(texts.length, texts.join('\n---\n')).toBeLessThanOrEqual(12);
    expect(await invoiceRow(db(), older.id)).toEqual({ status: 'paid', paidCents: 30_000, balanceCents: 0 });
    expect(await invoiceRow(db(), newer.id)).toEqual({ status: 'partially_paid', paidCents: 30_000, balanceCents: 20_000 });
    expect(paymentOf(response).events.map((e) => e.type)).toEqual(['recorded', 'receipt_emailed']);
  });

  it('tells the customer in their notifications (the bell\'s live path) that the payment was recorded, once', async () => {
    const invoice = await insertInvoice(db(), w.courier, w.tanya.id, 40_000);
    const payment = paymentOf(await pay(t, w.as.cashier, { customerId: w.tanya.id, method: 'cash', amountCents: 40_000, allocations: [{ invoiceId: invoice.id, amountCents: 40_000 }] }));
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications?pageSize=100', headers: w.as.tanya });
    const mine = list.json<{ data: { type: string; title: string; body: string; link: string }[] }>().data.filter((n) => n.title.includes(payment.paymentNo));
    expect(mine).toEqual([expect.objectContaining({
      type: 'payment.recorded', title: `Payment received: ${payment.paymentNo}`, link: '/customer/payments',
      body: expect.stringContaining(`J$400.00 payment, applied to ${invoice.invoiceNo}`),
    })]);
    // Nobody else hears of it: the cashier's own notifications do not list it.
    const staff = await t.app.inject({ method: 'GET', url: '/api/notifications?pageSize=100', headers: w.as.cashier });
    expect(staff.json<{ data: { title: string }[] }>().data.some((n) => n.title.includes(payment.paymentNo))).toBe(false);
  });

  it('a retried request with the same Idempotency-Key answers the first payment and records once', async () => {
    const customer = w.andre.id;
    const invoice = await insertInvoice(db(), w.courier, customer, 80_000);
    const key = randomUUID();
    const body = { customerId: customer, method: 'cash', amountCents: 30_000 };
    const [first, again] = [await pay(t, w.as.cashier, body, key), await pay(t, w.as.cashier, body, key)];
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(paymentOf(again).id).toBe(paymentOf(first).id);
    // Even fired together, the key records one payment.
    const together = await Promise.all([1, 2, 3].map(() => pay(t, w.as.cashier, { ...body, amountCents: 10_000 }, `${key}-x`)));
    expect(new Set(together.map((r) => paymentOf(r).id)).size).toBe(1);
    const [rows] = await db().select({ n: count() }).from(payments).where(eq(payments.customerId, customer));
    expect(rows?.n).toBe(2);
    expect(await invoiceRow(db(), invoice.id)).toMatchObject({ paidCents: 40_000 });
    // The same key for another request is refused.
    const reused = await pay(t, w.as.cashier, { ...body, amountCents: 5_000 }, key);
    expect(reused.statusCode).toBe(409);
  });

  it('requires the Idempotency-Key', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/payments', headers: w.as.cashier, payload: { customerId: w.tanya.id, method: 'cash', amountCents: 100 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Send an Idempotency-Key header so a retried payment is never recorded twice' });
  });

  it('20 payments fired at once against one invoice never exceed its balance', async () => {
    const customer = await insertCustomer();
    const invoice = await insertInvoice(db(), w.courier, customer, 100_000);
    const responses = await Promise.all(Array.from({ length: 20 }, () =>
      pay(t, w.as.cashier, { customerId: customer, method: 'cash', amountCents: 15_000, allocations: [{ invoiceId: invoice.id, amountCents: 15_000 }] })));
    const codes = responses.map((r) => r.statusCode);
    // 6 × 15,000 = 90,000 fit into 100,000; the 7th would overpay.
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(14);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      message: `J$150.00 is more than the balance of invoice ${invoice.invoiceNo} (J$100.00). Overpaying an invoice is not allowed.`,
    });
    expect(await invoiceRow(db(), invoice.id)).toEqual({ status: 'partially_paid', paidCents: 90_000, balanceCents: 10_000 });
    const numbers = responses.filter((r) => r.statusCode === 201).map((r) => paymentOf(r).paymentNo);
    expect(new Set(numbers).size).toBe(6);
  });

  it('one payment settles two invoices, oldest first, and the database refuses paid > total', async () => {
    const customer = await insertCustomer();
    const newer = await insertInvoice(db(), w.courier, customer, 40_000, new Date('2026-11-20T12:00:00Z'));
    const older = await insertInvoice(db(), w.courier, customer, 60_000, new Date('2026-11-01T12:00:00Z'));
    const payment = paymentOf(await pay(t, w.as.cashier, { customerId: customer, method: 'bank_transfer', reference: 'NCB-55120', amountCents: 75_000 }));
    expect(payment.allocations.map((a) => [a.invoiceNo, a.amountCents, a.invoiceStatus])).toEqual([
      [older.invoiceNo, 60_000, 'paid'], [newer.invoiceNo, 15_000, 'partially_paid'],
    ]);
    await expect(db().execute(`update invoices set paid_cents = total_cents + 1 where id = '${newer.id}'`)).rejects.toMatchObject({ cause: { code: '23514' } });
  });

  it('refuses overpaying with a clear message, and a bank transfer or card without a reference', async () => {
    const customer = await insertCustomer();
    const invoice = await insertInvoice(db(), w.courier, customer, 10_000);
    const over = await pay(t, w.as.cashier, { customerId: customer, method: 'cash', amountCents: 10_001 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: 'J$100.01 is more than this customer owes on the chosen invoices (J$100.00). Overpaying an invoice is not allowed.' });
    const noRef = await pay(t, w.as.cashier, { customerId: customer, method: 'card', amountCents: 100 });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json()).toMatchObject({ fieldErrors: { reference: 'Enter the reference (card terminal or bank transfer reference)' } });
    expect(await invoiceRow(db(), invoice.id)).toMatchObject({ paidCents: 0, status: 'unpaid' });
  });

  it('allocating to another customer\'s or courier\'s invoice is refused; another courier\'s customer is 404', async () => {
    const invoiceOfTanya = await insertInvoice(db(), w.courier, w.tanya.id, 10_000);
    const wrong = await pay(t, w.as.cashier, { customerId: w.andre.id, method: 'cash', amountCents: 100, allocations: [{ invoiceId: invoiceOfTanya.id, amountCents: 100 }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Choose unpaid invoices of this customer' });
    const crossInvoice = await pay(t, w.as.cashier, { customerId: w.andre.id, method: 'cash', amountCents: 100, allocations: [{ invoiceId: w.otherInvoice.id, amountCents: 100 }] });
    expect(crossInvoice.statusCode).toBe(400);
    expect((await pay(t, w.as.cashier, { customerId: w.otherCustomer.id, method: 'cash', amountCents: 100 })).statusCode).toBe(404);
    expect((await pay(t, w.as.viewer, { customerId: w.tanya.id, method: 'cash', amountCents: 100 })).statusCode).toBe(403);
  });
});

describe('void, receipt, lists and isolation', () => {
  it('a courier admin voids with a reason: the balance reopens, history and audit are written; staff cannot', async () => {
    const customer = await insertCustomer();
    const invoice = await insertInvoice(db(), w.courier, customer, 20_000);
    const payment = paymentOf(await pay(t, w.as.cashier, { customerId: customer, method: 'cash', amountCents: 20_000 }));
    expect(await invoiceRow(db(), invoice.id)).toMatchObject({ status: 'paid' });
    const byStaff = await t.app.inject({ method: 'POST', url: `/api/payments/${payment.id}/void`, headers: w.as.cashier, payload: { reason: 'Wrong customer' } });
    expect(byStaff.statusCode).toBe(403);
    const noReason = await t.app.inject({ method: 'POST', url: `/api/payments/${payment.id}/void`, headers: w.as.admin, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const voided = await t.app.inject({ method: 'POST', url: `/api/payments/${payment.id}/void`, headers: w.as.admin, payload: { reason: 'Counted twice' } });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'void', voidReason: 'Counted twice', allocations: [{ invoiceStatus: 'unpaid', invoiceBalanceCents: 20_000 }] });
    expect(await invoiceRow(db(), invoice.id)).toEqual({ status: 'unpaid', paidCents: 0, balanceCents: 20_000 });
    const kinds = (await db().select({ kind: invoiceEvents.kind }).from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoice.id)).orderBy(invoiceEvents.createdAt)).map((e) => e.kind);
    expect(kinds).toEqual(['payment_applied', 'payment_voided']);
    const events = await db().select({ kind: paymentEvents.kind }).from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id)).orderBy(paymentEvents.createdAt);
    expect(events.map((e) => e.kind)).toContain('voided');
    const again = await t.app.inject({ method: 'POST', url: `/api/payments/${payment.id}/void`, headers: w.as.admin, payload: { reason: 'Again' } });
    expect(again.statusCode).toBe(409);
    // The balance is payable again.
    expect((await pay(t, w.as.cashier, { customerId: customer, method: 'cash', amountCents: 20_000 })).statusCode).toBe(201);
  });

  it('the receipt PDF reads back with the courier, customer, amount, method, allocations and balance after', async () => {
    const invoice = await insertInvoice(db(), w.courier, w.andre.id, 123_450);
    const payment = paymentOf(await pay(t, w.as.cashier, { customerId: w.andre.id, method: 'card', reference: 'TERM-0042', amountCents: 100_000, allocations: [{ invoiceId: invoice.id, amountCents: 100_000 }] }));
    const response = await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}/receipt`, headers: w.as.andre });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    for (const expected of [w.courier.name, `Payment receipt ${payment.paymentNo}`, 'Andre Reid', w.andre.mailboxNumber, 'J$1,000.00', 'Card (ref. TERM-0042)', invoice.invoiceNo, 'J$234.50', 'Test staff']) {
      expect(text).toContain(expected);
    }
    // Another customer, and another courier, find nothing.
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}/receipt`, headers: w.as.tanya })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}/receipt`, headers: w.as.otherAdmin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}`, headers: w.as.otherAdmin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}`, headers: w.as.tanya })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/${payment.id}/void`, headers: w.as.otherAdmin, payload: { reason: 'x' } })).statusCode).toBe(404);
  });

  it('lists: staff their courier\'s with method and staff-member filters, a customer their own, the super admin by courier', async () => {
    const list = async (headers: Record<string, string>, filters?: Record<string, unknown>) => {
      const url = `/api/payments?pageSize=100${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`;
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      return response.json<ListResponse<PaymentListItem>>();
    };
    const staffView = await list(w.as.viewer);
    expect(staffView.total).toBeGreaterThan(5);
    expect(staffView.data.every((p) => p.courierId === w.courier.id)).toBe(true);
    const cards = await list(w.as.viewer, { method: 'card' });
    expect(cards.data.length).toBeGreaterThan(0);
    expect(cards.data.every((p) => p.method === 'card')).toBe(true);
    expect((await list(w.as.viewer, { recordedByName: w.cashier.id })).total).toBe(staffView.total);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Jamaica' });
    expect((await list(w.as.viewer, { recordedAt: { from: today, to: today } })).total).toBe(staffView.total);
    expect((await list(w.as.viewer, { recordedAt: { from: '2020-01-01', to: '2020-01-02' } })).total).toBe(0);
    const mine = await list(w.as.tanya);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((p) => p.customerId === w.tanya.id)).toBe(true);
    expect((await list(w.as.otherAdmin)).data.some((p) => p.courierId === w.courier.id)).toBe(false);
    expect((await list(w.as.superAdmin, { courierName: w.courier.id })).total).toBe(staffView.total);
  });
});

let customerCount = 0;
async function insertCustomer(): Promise<string> {
  customerCount += 1;
  return (await makeCustomer(db(), w.courier, { firstName: `Payer${customerCount}` })).id;
}
