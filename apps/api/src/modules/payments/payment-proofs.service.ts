import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canonicalInvoiceNumber, OPEN_INVOICE_STATUSES, PAYMENT_PROOF_STATUSES } from '@parceldesk/shared/domain/billing';
import { PAYMENT_RULE_MSG, PROOF_STATUS_LABELS } from '@parceldesk/shared/domain/payments';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import {
  PAYMENT_MSG, type PaymentProof, type PaymentProofInput, type paymentProofListColumns, type VerifyProofInput,
} from '@parceldesk/shared/schemas/payments';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, invoiceEvents, invoices, paymentProofs, payments, storedFiles, users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { courierOptions } from '../../lib/list-options';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import type { Principal } from '../../lib/principal';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { actorRef, customerDisplayName, visibleBilling } from './payment-access';
import { tellCustomerOfProof, tellReviewersOfProof } from './payment-notify';
import { recordPayment } from './payment-writes.service';

export interface ProofFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

const reviewer = alias(users, 'reviewer');
const proofFields = {
  id: paymentProofs.id, invoiceId: paymentProofs.invoiceId, invoiceNo: invoices.invoiceNo, customerId: paymentProofs.customerId,
  customerName: customerDisplayName, mailboxNumber: customers.mailboxNumber, amountCents: paymentProofs.amountCents,
  reference: sql<string>`coalesce(${paymentProofs.reference}, '')`, status: paymentProofs.status, reason: paymentProofs.reason,
  reviewedByName: sql<string | null>`${reviewer.firstName} || ' ' || ${reviewer.lastName}`, reviewedAt: paymentProofs.reviewedAt,
  paymentId: paymentProofs.paymentId, paymentNo: payments.paymentNo, fileName: storedFiles.fileName, contentType: storedFiles.contentType,
  courierId: paymentProofs.courierId, courierName: couriers.name, createdAt: paymentProofs.createdAt,
};
type ProofRow = {
  id: string; invoiceId: string; invoiceNo: string; customerId: string; customerName: string; mailboxNumber: string; amountCents: number; reference: string;
  status: PaymentProof['status']; reason: string | null; reviewedByName: string | null; reviewedAt: Date | null; paymentId: string | null; paymentNo: string | null;
  fileName: string; contentType: string; courierId: string; courierName: string; createdAt: Date;
};

export const proofFileUrl = (id: string) => `/api/payment-proofs/${id}/file`;

function toProof(row: ProofRow): PaymentProof {
  return {
    id: row.id, invoiceId: row.invoiceId, invoiceNo: row.invoiceNo, customer: { id: row.customerId, name: row.customerName, mailboxNumber: row.mailboxNumber },
    amountCents: row.amountCents, reference: row.reference, status: row.status, reason: row.reason, reviewedByName: row.reviewedByName,
    reviewedAt: row.reviewedAt?.toISOString() ?? null, paymentId: row.paymentId, paymentNo: row.paymentNo,
    file: { fileName: row.fileName, contentType: row.contentType, url: proofFileUrl(row.id) },
    courierId: row.courierId, courierName: row.courierName, createdAt: row.createdAt.toISOString(),
  };
}

export async function getProof(db: DbOrTx, principal: Principal, id: string): Promise<PaymentProof> {
  const [row] = await db.select(proofFields).from(paymentProofs)
    .innerJoin(invoices, eq(invoices.id, paymentProofs.invoiceId))
    .innerJoin(customers, eq(customers.id, paymentProofs.customerId))
    .innerJoin(couriers, eq(couriers.id, paymentProofs.courierId))
    .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.storedFileId))
    .leftJoin(reviewer, eq(reviewer.id, paymentProofs.reviewedBy))
    .leftJoin(payments, eq(payments.id, paymentProofs.paymentId))
    .where(visibleBilling(paymentProofs, principal, eq(paymentProofs.id, id)));
  if (!row) throw notFound();
  return toProof(row as ProofRow);
}

/** GET /payment-proofs/{id}/file: the proof's bytes, for its customer and for staff who may see payments. */
export async function getProofFile(db: DbOrTx, principal: Principal, id: string): Promise<ProofFile> {
  const [file] = await db.select({ fileName: storedFiles.fileName, contentType: storedFiles.contentType, data: storedFiles.data })
    .from(paymentProofs).innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.storedFileId))
    .where(visibleBilling(paymentProofs, principal, eq(paymentProofs.id, id)));
  if (!file) throw notFound();
  return file;
}

const statusOptions = PAYMENT_PROOF_STATUSES.map((value) => ({ value, label: PROOF_STATUS_LABELS[value] }));

/** GET /payment-proofs (list convention): the staff review queue (pending first by filter), or a customer's own proofs with the reasons. */
export async function listProofs(db: DbOrTx, principal: Principal, query: ListQuery) {
  const scope: TenantScope = principal.kind === 'customer' ? { courierId: principal.courierId } : scopeOf(principal);
  const columns: ColumnsOf<typeof paymentProofListColumns, 'invoiceId'> = {
    invoiceNo: { sql: invoices.invoiceNo, sortable: true, searchable: true, filter: 'text' },
    customerName: { sql: customerDisplayName, sortable: true, searchable: principal.kind !== 'customer', filter: 'text' },
    mailboxNumber: { sql: customers.mailboxNumber, sortable: true, searchable: principal.kind !== 'customer', filter: 'text' },
    amountCents: { sql: paymentProofs.amountCents, kind: 'number', sortable: true, filter: 'number' },
    reference: { sql: sql`coalesce(${paymentProofs.reference}, '')`, sortable: true, searchable: true, filter: 'text' },
    status: { sql: paymentProofs.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    createdAt: { sql: localDateTime(paymentProofs.createdAt), sortable: true, sortBy: [paymentProofs.createdAt], filter: 'text', range: { sql: paymentProofs.createdAt, type: 'date' } },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: paymentProofs.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    invoiceId: { sql: paymentProofs.invoiceId, filter: 'exact', value: { sql: paymentProofs.invoiceId, type: 'uuid' } },
  };
  return runListQuery({
    db,
    select: proofFields,
    from: (q) => q.from(paymentProofs)
      .innerJoin(invoices, eq(invoices.id, paymentProofs.invoiceId))
      .innerJoin(customers, and(eq(customers.id, paymentProofs.customerId), eq(customers.courierId, paymentProofs.courierId)))
      .innerJoin(couriers, eq(couriers.id, paymentProofs.courierId))
      .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.storedFileId))
      .leftJoin(reviewer, eq(reviewer.id, paymentProofs.reviewedBy))
      .leftJoin(payments, eq(payments.id, paymentProofs.paymentId))
      .$dynamic(),
    where: visibleBilling(paymentProofs, principal),
    columns,
    query,
    statement: 'payment-proofs',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: paymentProofs.id,
    map: (row) => toProof(row as ProofRow),
  });
}

/** The signed-in customer's own invoice by its number (another customer's or courier's is 404); locked when about to be paid against. */
export async function ownInvoice(db: DbOrTx, principal: Principal, rawInvoiceNo: string, lock = false) {
  if (principal.kind !== 'customer' || !principal.courierId) throw forbidden();
  const invoiceNo = canonicalInvoiceNumber(rawInvoiceNo);
  if (!invoiceNo) throw notFound();
  const query = db.select({
    id: invoices.id, courierId: invoices.courierId, invoiceNo: invoices.invoiceNo, status: invoices.status, balanceCents: invoices.balanceCents, customerName: customerDisplayName,
  }).from(invoices).innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.courierId, principal.courierId), eq(invoices.customerId, principal.id), eq(invoices.invoiceNo, invoiceNo)));
  const [invoice] = lock ? await query.for('update', { of: invoices }) : await query;
  if (!invoice) throw notFound();
  return invoice;
}

/**
 * POST /invoices/{invoiceNo}/proof (customer): proof of a bank transfer for one of their own open
 * invoices (another customer's or courier's number is 404), never above what the invoice still owes.
 */
export async function submitProof(tx: DbOrTx, input: { actor: Actor; invoiceNo: string; form: PaymentProofInput; file: ProofFile | null }): Promise<string> {
  const { principal } = input.actor;
  const invoice = await ownInvoice(tx, principal, input.invoiceNo, true);
  if (!input.file) throw badRequest(PAYMENT_MSG.proofRequired, { proof: PAYMENT_MSG.proofRequired });
  if (!OPEN_INVOICE_STATUSES.includes(invoice.status) || invoice.balanceCents <= 0) throw conflict(PAYMENT_MSG.invoiceNotPayable);
  if (input.form.amountCents > invoice.balanceCents) {
    const message = PAYMENT_RULE_MSG.overpayInvoice(invoice.invoiceNo, input.form.amountCents, invoice.balanceCents);
    throw conflict(message, { amountCents: message });
  }
  const courierId = invoice.courierId;
  const [stored] = await tx.insert(storedFiles).values({
    courierId, kind: 'payment_proof', fileName: input.file.fileName, contentType: input.file.contentType, sizeBytes: input.file.data.length, data: input.file.data,
  }).returning({ id: storedFiles.id });
  if (!stored) throw new Error('stored file insert returned nothing');
  const [proof] = await tx.insert(paymentProofs).values({
    courierId, invoiceId: invoice.id, customerId: principal.id, storedFileId: stored.id, amountCents: input.form.amountCents, reference: input.form.reference,
  }).returning({ id: paymentProofs.id });
  if (!proof) throw new Error('proof insert returned nothing');
  await tx.insert(invoiceEvents).values({
    createdAt: sql`clock_timestamp()`, courierId, invoiceId: invoice.id, kind: 'proof_submitted', amountCents: input.form.amountCents, ...actorRef(input.actor),
    note: `Proof of a bank transfer sent (ref. ${input.form.reference})`, details: { proofId: proof.id },
  });
  await tellReviewersOfProof(tx, { courierId, invoiceNo: invoice.invoiceNo, amountCents: input.form.amountCents, customerName: invoice.customerName });
  await auditAction(tx, input.actor, {
    courierId, action: 'payment.proof_submitted', targetType: 'payment_proof', targetId: proof.id,
    details: { invoiceNo: invoice.invoiceNo, amountCents: input.form.amountCents, reference: input.form.reference, file: input.file.fileName },
  });
  return proof.id;
}

async function lockPendingProof(tx: DbOrTx, actor: Actor, id: string) {
  const [proof] = await tx.select({ proof: paymentProofs, invoiceNo: invoices.invoiceNo }).from(paymentProofs)
    .innerJoin(invoices, eq(invoices.id, paymentProofs.invoiceId))
    .where(visibleBilling(paymentProofs, actor.principal, eq(paymentProofs.id, id))).for('update', { of: paymentProofs });
  if (!proof) throw notFound();
  if (proof.proof.status !== 'pending') throw conflict(PAYMENT_MSG.proofDecided);
  return proof;
}

/**
 * POST /payment-proofs/{id}/verify (payments_manage): records a bank-transfer payment of the
 * proof's amount (or the amount staff read off the statement) on its invoice, by the same rules
 * and in the same transaction as a counter payment.
 */
export async function verifyProof(tx: DbOrTx, input: { actor: Actor; id: string; form: VerifyProofInput; publicUrl: string }): Promise<{ paymentId: string }> {
  const { proof, invoiceNo } = await lockPendingProof(tx, input.actor, input.id);
  const amountCents = input.form.amountCents ?? proof.amountCents;
  const payment = await recordPayment(tx, {
    actor: input.actor, customerId: proof.customerId, method: 'bank_transfer', reference: proof.reference, amountCents,
    allocations: [{ invoiceId: proof.invoiceId, amountCents }], note: null, idempotencyKey: null, publicUrl: input.publicUrl, proofId: proof.id,
  });
  await tx.update(paymentProofs).set({
    status: 'verified', paymentId: payment.paymentId, reviewedBy: input.actor.principal.id, reviewedAt: sql`now()`, updatedAt: sql`now()`,
  }).where(eq(paymentProofs.id, proof.id));
  await tx.insert(invoiceEvents).values({
    createdAt: sql`clock_timestamp()`, courierId: proof.courierId, invoiceId: proof.invoiceId, kind: 'proof_verified', amountCents, ...actorRef(input.actor),
    note: `Bank transfer verified: payment ${payment.paymentNo}`, details: { proofId: proof.id, paymentId: payment.paymentId },
  });
  await tellCustomerOfProof(tx, { courierId: proof.courierId, customerId: proof.customerId, invoiceNo, amountCents, verified: true, reason: null, publicUrl: input.publicUrl });
  await auditAction(tx, input.actor, {
    courierId: proof.courierId, action: 'payment.proof_verified', targetType: 'payment_proof', targetId: proof.id, details: { paymentId: payment.paymentId, amountCents },
  });
  return { paymentId: payment.paymentId };
}

/** POST /payment-proofs/{id}/reject (payments_manage): the customer sees the reason on the invoice and is told. */
export async function rejectProof(tx: DbOrTx, input: { actor: Actor; id: string; reason: string; publicUrl: string }): Promise<void> {
  const { proof, invoiceNo } = await lockPendingProof(tx, input.actor, input.id);
  await tx.update(paymentProofs).set({
    status: 'rejected', reason: input.reason, reviewedBy: input.actor.principal.id, reviewedAt: sql`now()`, updatedAt: sql`now()`,
  }).where(eq(paymentProofs.id, proof.id));
  await tx.insert(invoiceEvents).values({
    createdAt: sql`clock_timestamp()`, courierId: proof.courierId, invoiceId: proof.invoiceId, kind: 'proof_rejected', amountCents: proof.amountCents, ...actorRef(input.actor),
    note: `Proof of payment not accepted: ${input.reason}`, details: { proofId: proof.id },
  });
  await tellCustomerOfProof(tx, {
    courierId: proof.courierId, customerId: proof.customerId, invoiceNo, amountCents: proof.amountCents, verified: false, reason: input.reason, publicUrl: input.publicUrl,
  });
  await auditAction(tx, input.actor, {
    courierId: proof.courierId, action: 'payment.proof_rejected', targetType: 'payment_proof', targetId: proof.id, details: { reason: input.reason },
  });
}
