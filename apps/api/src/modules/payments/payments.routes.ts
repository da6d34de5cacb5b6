import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { IDEMPOTENCY_KEY_HEADER } from '@parceldesk/shared/schemas/packages';
import {
  invoiceNoParamsSchema, PAYMENT_MSG, PAYMENT_PROOF_MAX_BYTES, paymentDetailSchema, paymentListItemSchema, paymentProofFormSchema,
  paymentProofInputSchema, paymentProofSchema, recordPaymentSchema, rejectProofSchema, verifyProofSchema, voidPaymentSchema,
} from '@parceldesk/shared/schemas/payments';
import { ACCESS, type Access } from '@parceldesk/shared/access';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { AppError, badRequest } from '../../lib/app-error';
import { cleanFileName, CONTENT_TYPES, fileHeaders, contentDisposition, sendStoredFile, sniff } from '../../lib/file-types';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { readUpload } from '../../lib/multipart';
import { inTransaction } from '../../lib/transaction';
import { principalOf } from '../../plugins/auth';
import { getProof, getProofFile, listProofs, ownInvoice, rejectProof, submitProof, verifyProof } from './payment-proofs.service';
import { getPayment, listPayments } from './payment-reads.service';
import { receiptData, renderReceiptPdf } from './payment-receipt';
import { recordPaymentOnce, voidPayment } from './payment-writes.service';

const tags = ['payments'];
const VIEW: Access = ACCESS.paymentsView;
const MANAGE: Access = ACCESS.paymentsManage;
const ONE_PAYMENT: Access['tenant'] = { id: 'payment' };
const ONE_PROOF: Access['tenant'] = { id: 'payment_proof' };

/** A bank-transfer proof: PDF, JPG or PNG by its bytes, never by its name or the browser's word. */
function proofContentType(data: Buffer): string | null {
  const kind = sniff(data);
  return kind === 'pdf' || kind === 'jpeg' || kind === 'png' ? CONTENT_TYPES[kind] : null;
}

/** Issue 13, "Payments": counter payments, receipts, voids and the customers' bank-transfer proofs. */
export function paymentRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/payments', {
    schema: {
      tags, body: recordPaymentSchema, response: { 201: paymentDetailSchema },
      summary: 'Record a payment at the counter (payments_manage): cash, card (terminal reference) or bank transfer (reference), allocated to the customer\'s open invoices (as given, or oldest first; overpaying is 409). Header Idempotency-Key is required: a retry answers the first payment',
    },
    config: { access: MANAGE },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (!idempotencyKey) throw badRequest(PAYMENT_MSG.idempotencyKeyRequired);
    const form = request.body;
    const paymentId = await inTransaction(ctx.db, (tx) => recordPaymentOnce(tx, {
      actor, customerId: form.customerId, method: form.method, reference: form.reference ?? null, amountCents: form.amountCents,
      allocations: form.allocations ?? null, note: form.note ?? null, idempotencyKey, body: form, publicUrl: ctx.env.publicUrl,
    }));
    return reply.status(201).send(await getPayment(ctx.db, actor.principal, paymentId));
  });

  app.get('/payments', {
    schema: {
      tags, querystring: listQuerySchema, response: { 200: listResponseSchema(paymentListItemSchema) },
      summary: 'Payments (list convention): staff (payments_view) their courier\'s, the super admin the network, a customer their own. Filters method, status, recordedByName (staff member), amountCents, recordedAt (text or { from, to } days), courierName',
    },
    config: { access: VIEW },
  }, (request) => listPayments(ctx.db, principalOf(request), request.query));

  app.get('/payments/:id', {
    schema: { tags, summary: 'A payment with its allocations and history', params: idParamsSchema, response: { 200: paymentDetailSchema } },
    config: { access: { ...VIEW, tenant: ONE_PAYMENT } },
  }, (request) => getPayment(ctx.db, principalOf(request), request.params.id));

  app.get('/payments/:id/receipt', {
    schema: { tags, summary: 'The payment\'s receipt (PDF): courier, customer, mailbox, amount, method, reference, each invoice with the balance after, who and when', params: idParamsSchema },
    config: { access: { ...VIEW, tenant: ONE_PAYMENT } },
  }, async (request, reply) => {
    const receipt = await receiptData(ctx.db, principalOf(request), request.params.id);
    const pdf = await renderReceiptPdf(receipt);
    return fileHeaders(reply, CONTENT_TYPES.pdf)
      .header('content-disposition', contentDisposition('inline', `receipt-${receipt.paymentNo}.pdf`, CONTENT_TYPES.pdf))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.post('/payments/:id/void', {
    schema: { tags, summary: 'Void a payment with a reason (courier admin): its amounts go back on the invoices\' balances', params: idParamsSchema, body: voidPaymentSchema, response: { 200: paymentDetailSchema } },
    config: { access: { ...ACCESS.paymentsVoid, tenant: ONE_PAYMENT } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => voidPayment(tx, { actor, paymentId: request.params.id, reason: request.body.reason }));
    return getPayment(ctx.db, actor.principal, request.params.id);
  });

  app.post('/invoices/:invoiceNo/proof', {
    schema: {
      tags, params: invoiceNoParamsSchema, consumes: ['multipart/form-data'], response: { 201: paymentProofSchema },
      summary: 'Send proof of a bank transfer for one\'s own invoice (customer): multipart with proof (PDF, JPG or PNG by content, at most 5MB), amountCents and reference',
    },
    config: { access: { roles: ['customer'], tenant: { invoiceNo: 'invoice_no' } }, multipartBody: paymentProofFormSchema },
  }, async (request, reply) => {
    const actor = actorOf(request);
    // The invoice first: another customer's or courier's number is 404 whatever the body.
    await ownInvoice(ctx.db, actor.principal, request.params.invoiceNo);
    const { fields, file } = await readUpload(request, { fileField: 'proof', maxBytes: PAYMENT_PROOF_MAX_BYTES, tooLarge: PAYMENT_MSG.proofTooLarge });
    const parsed = paymentProofInputSchema.safeParse(fields);
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.map(String).join('.') || 'form', issue.message]));
      throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid input', fieldErrors);
    }
    const contentType = file ? proofContentType(file.data) : null;
    if (file && !contentType) throw new AppError(415, PAYMENT_MSG.proofWrongType, { proof: PAYMENT_MSG.proofWrongType });
    const proof = file && contentType ? { fileName: cleanFileName(file.fileName, 'proof'), contentType, data: file.data } : null;
    const id = await inTransaction(ctx.db, (tx) => submitProof(tx, { actor, invoiceNo: request.params.invoiceNo, form: parsed.data, file: proof }));
    return reply.status(201).send(await getProof(ctx.db, actor.principal, id));
  });

  app.get('/payment-proofs', {
    schema: {
      tags, querystring: listQuerySchema, response: { 200: listResponseSchema(paymentProofSchema) },
      summary: 'Bank-transfer proofs (list convention): the staff review queue (payments_view; filter status=pending), or a customer\'s own with the reasons',
    },
    config: { access: VIEW },
  }, (request) => listProofs(ctx.db, principalOf(request), request.query));

  app.get('/payment-proofs/:id/file', {
    schema: { tags, summary: 'The proof file, for its customer and for staff with payments_view', params: idParamsSchema },
    config: { access: { ...VIEW, tenant: ONE_PROOF } },
  }, async (request, reply) => sendStoredFile(reply, await getProofFile(ctx.db, principalOf(request), request.params.id)));

  app.post('/payment-proofs/:id/verify', {
    schema: {
      tags, params: idParamsSchema, body: verifyProofSchema, response: { 200: paymentProofSchema },
      summary: 'Verify a proof (payments_manage): records a bank-transfer payment on its invoice for the proof\'s amount or amountCents, by the counter\'s rules',
    },
    config: { access: { ...MANAGE, tenant: ONE_PROOF } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => verifyProof(tx, { actor, id: request.params.id, form: request.body, publicUrl: ctx.env.publicUrl }));
    return getProof(ctx.db, actor.principal, request.params.id);
  });

  app.post('/payment-proofs/:id/reject', {
    schema: { tags, params: idParamsSchema, body: rejectProofSchema, response: { 200: paymentProofSchema }, summary: 'Reject a proof with the reason the customer sees (payments_manage)' },
    config: { access: { ...MANAGE, tenant: ONE_PROOF } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => rejectProof(tx, { actor, id: request.params.id, reason: request.body.reason, publicUrl: ctx.env.publicUrl }));
    return getProof(ctx.db, actor.principal, request.params.id);
  });
}
