import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { PaymentDetail, PaymentProof } from '@parceldesk/shared/schemas/payments';
import { invoiceEvents, notifications } from '../../db/schema/index';
import { multipart, SAMPLE } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { emailsTo, insertInvoice, invoiceRow, paymentWorld, type PaymentWorld } from './payment-test-kit';

let t: TestApp;
let w: PaymentWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

function sendProof(headers: Record<string, string>, invoiceNo: string, fields: Record<string, string>, file = { fileName: 'transfer.png', data: SAMPLE.png }) {
  const body = multipart(fields, [{ field: 'proof', ...file }]);
  return t.app.inject({ method: 'POST', url: `/api/invoices/${invoiceNo}/proof`, headers: { ...headers, ...body.headers }, payload: body.payload });
}

describe('bank-transfer proofs', () => {
  it('customer sends proof → staff verify: a bank-transfer payment on the invoice, the customer told and emailed the receipt', async () => {
    const invoice = await insertInvoice(db(), w.courier, w.tanya.id, 300_000);
    const sent = await sendProof(w.as.tanya, invoice.invoiceNo, { amountCents: '200000', reference: 'NCB-2026-1124' });
    expect(sent.statusCode).toBe(201);
    const proof = sent.json<PaymentProof>();
    expect(proof).toMatchObject({ status: 'pending', invoiceNo: invoice.invoiceNo, amountCents: 200_000, reference: 'NCB-2026-1124', file: { contentType: 'image/png' } });
    // The reviewers hear of it; the file opens for staff, not for another customer.
    const told = await db().select({ title: notifications.title }).from(notifications).where(and(eq(notifications.userId, w.cashier.id), eq(notifications.type, 'payment.proof')));
    expect(told.map((n) => n.title)).toContain(`Bank transfer proof for ${invoice.invoiceNo}`);
    expect((await t.app.inject({ method: 'GET', url: proof.file.url, headers: w.as.cashier })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: proof.file.url, headers: w.as.andre })).statusCode).toBe(404);

    const queue = await t.app.inject({ method: 'GET', url: `/api/payment-proofs?filters=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`, headers: w.as.viewer });
    expect(queue.json<ListResponse<PaymentProof>>().data.map((p) => p.id)).toContain(proof.id);

    const verified = await t.app.inject({ method: 'POST', url: `/api/payment-proofs/${proof.id}/verify`, headers: w.as.cashier, payload: {} });
    expect(verified.statusCode).toBe(200);
    const after = verified.json<PaymentProof>();
    expect(after).toMatchObject({ status: 'verified', paymentNo: expect.stringMatching(/^RCT-/), reviewedByName: 'Test staff' });
    expect(await invoiceRow(db(), invoice.id)).toEqual({ status: 'partially_paid', paidCents: 200_000, balanceCents: 100_000 });
    const payment = (await t.app.inject({ method: 'GET', url: `/api/payments/${after.paymentId}`, headers: w.as.tanya })).json<PaymentDetail>();
    expect(payment).toMatchObject({ method: 'bank_transfer', reference: 'NCB-2026-1124', amountCents: 200_000 });
    const kinds = (await db().select({ kind: invoiceEvents.kind }).from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoice.id)).orderBy(invoiceEvents.createdAt)).map((e) => e.kind);
    expect(kinds).toEqual(['proof_submitted', 'payment_applied', 'proof_verified']);
    const mine = await db().select({ title: notifications.title }).from(notifications).where(eq(notifications.customerId, w.tanya.id));
    expect(mine.map((n) => n.title)).toContain(`Payment received for ${invoice.invoiceNo}`);
    expect((await emailsTo(db(), w.tanya.email)).some((m) => m.subject.includes(`receipt ${payment.paymentNo}`))).toBe(true);

    // Reviewed once only.
    expect((await t.app.inject({ method: 'POST', url: `/api/payment-proofs/${proof.id}/verify`, headers: w.as.cashier, payload: {} })).statusCode).toBe(409);
  });

  it('a rejection carries the reason the customer sees, in their list, notification and email', async () => {
    const invoice = await insertInvoice(db(), w.courier, w.andre.id, 50_000);
    const proof = (await sendProof(w.as.andre, invoice.invoiceNo, { amountCents: '50000', reference: 'JN-88' }, { fileName: 'slip.pdf', data: SAMPLE.pdf })).json<PaymentProof>();
    const noReason = await t.app.inject({ method: 'POST', url: `/api/payment-proofs/${proof.id}/reject`, headers: w.as.cashier, payload: {} });
    expect(noReason.statusCode).toBe(400);
    const rejected = await t.app.inject({ method: 'POST', url: `/api/payment-proofs/${proof.id}/reject`, headers: w.as.cashier, payload: { reason: 'The transfer has not reached our account yet' } });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The transfer has not reached our account yet', paymentId: null });
    expect(await invoiceRow(db(), invoice.id)).toMatchObject({ status: 'unpaid', paidCents: 0 });
    const own = (await t.app.inject({ method: 'GET', url: '/api/payment-proofs', headers: w.as.andre })).json<ListResponse<PaymentProof>>();
    expect(own.data.find((p) => p.id === proof.id)).toMatchObject({ status: 'rejected', reason: 'The transfer has not reached our account yet' });
    const told = await db().select({ body: notifications.body }).from(notifications).where(eq(notifications.customerId, w.andre.id));
    expect(told.some((n) => n.body.endsWith('Reason: The transfer has not reached our account yet'))).toBe(true);
    expect((await emailsTo(db(), w.andre.email)).some((m) => m.text.includes('Reason: The transfer has not reached our account yet'))).toBe(true);
  });

  it('checks the file by content, the amount against the balance, and who may send or review', async () => {
    const invoice = await insertInvoice(db(), w.courier, w.tanya.id, 10_000);
    const fake = await sendProof(w.as.tanya, invoice.invoiceNo, { amountCents: '5000', reference: 'R1' }, { fileName: 'proof.png', data: Buffer.from('<html>not an image</html>') });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ message: 'The proof must be a PDF, JPG or PNG' });
    const gif = await sendProof(w.as.tanya, invoice.invoiceNo, { amountCents: '5000', reference: 'R1' }, { fileName: 'proof.gif', data: SAMPLE.gif });
    expect(gif.statusCode).toBe(415);
    const over = await sendProof(w.as.tanya, invoice.invoiceNo, { amountCents: '10001', reference: 'R1' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: `J$100.01 is more than the balance of invoice ${invoice.invoiceNo} (J$100.00). Overpaying an invoice is not allowed.` });
    const noFile = await t.app.inject({ method: 'POST', url: `/api/invoices/${invoice.invoiceNo}/proof`, headers: { ...w.as.tanya, ...multipart({ amountCents: '100', reference: 'R' }).headers }, payload: multipart({ amountCents: '100', reference: 'R' }).payload });
    expect(noFile.statusCode).toBe(400);
    // Another customer's invoice, or another courier's, is not found.
    expect((await sendProof(w.as.andre, invoice.invoiceNo, { amountCents: '100', reference: 'R' })).statusCode).toBe(404);
    const theirs = await sendProof(w.as.tanya, w.otherInvoice.invoiceNo, { amountCents: '100', reference: 'R' });
    expect(theirs.statusCode).toBe(404);

    const proof = (await sendProof(w.as.tanya, invoice.invoiceNo, { amountCents: '4000', reference: 'R2' })).json<PaymentProof>();
    expect((await t.app.inject({ method: 'POST', url: `/api/payment-proofs/${proof.id}/verify`, headers: w.as.viewer, payload: {} })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment-proofs/${proof.id}/verify`, headers: w.as.otherAdmin, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: proof.file.url, headers: w.as.otherAdmin })).statusCode).toBe(404);
    // Staff may verify a different amount read off the statement, within the balance.
    const verified = await t.app.inject({ method: 'POST', url: `/api/payment-proofs/${proof.id}/verify`, headers: w.as.admin, payload: { amountCents: 3500 } });
    expect(verified.statusCode).toBe(200);
    expect(await invoiceRow(db(), invoice.id)).toMatchObject({ paidCents: 3500, status: 'partially_paid' });
  });
});
