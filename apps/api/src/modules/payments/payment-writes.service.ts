import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  formatPaymentNumber, invoiceStatusFor, OPEN_INVOICE_STATUSES, PAYMENT_METHOD_LABELS, type PaymentMethod,
} from '@parceldesk/shared/domain/billing';
import { isDomainError } from '@parceldesk/shared/domain/domain-error';
import { allocatePayment, type Allocation, type AllocationRequest } from '@parceldesk/shared/domain/payments';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { PAYMENT_MSG } from '@parceldesk/shared/schemas/payments';
import type { DbOrTx } from '../../db/client';
import { runAsOneStatement } from '../../db/one-statement';
import { couriers, customers, invoiceEvents, invoices, paymentAllocations, paymentEvents, payments, users } from '../../db/schema/index';
import { auditAction, auditActionInsert, type Actor } from '../../lib/actor';
import { conflict, fromDomainError, notFound } from '../../lib/app-error';
import { nextNumber } from '../../lib/counters';
import { answerInsert, replayOf, requestHash } from '../../lib/idempotency';
import { tenantWhere } from '../../lib/tenant-scope';
import { localDateTime } from '../../lib/local-time';
import { actorRef, customerDisplayName } from './payment-access';
import { receiptWrites } from './payment-notify';

export interface RecordPaymentCommand {
  actor: Actor;
  customerId: string;
  method: PaymentMethod;
  reference: string | null;
  amountCents: number;
  allocations: readonly AllocationRequest[] | null;
  note: string | null;
  idempotencyKey: string | null;
  publicUrl: string;
  /** The bank-transfer proof this payment verifies, for the history rows. */
  proofId?: string;
  /** Rows written with the payment's own (its Idempotency-Key answer), not yet run. */
  alsoWrite?: (paymentId: string) => readonly SQLWrapper[];
}

/**
 * The customer's invoices a payment may settle, locked in id order (one order for every payment,
 * so two payments never wait on each other crosswise): the open ones, and any named in the
 * request (so a settled one is refused by its number rather than "not found"). A concurrent
 * payment of the same invoice waits here and then reads the balance the first one left.
 */
async function lockPayableInvoices(tx: DbOrTx, input: { courierId: string; customerId: string; requestedIds: readonly string[] }) {
  const open = inArray(invoices.status, [...OPEN_INVOICE_STATUSES]);
  return tx.select({
    id: invoices.id, invoiceNo: invoices.invoiceNo, totalCents: invoices.totalCents, paidCents: invoices.paidCents, status: invoices.status, issuedAt: invoices.issuedAt,
  }).from(invoices)
    .where(and(
      eq(invoices.courierId, input.courierId), eq(invoices.customerId, input.customerId),
      input.requestedIds.length > 0 ? or(open, inArray(invoices.id, [...input.requestedIds])) : open,
    ))
    .orderBy(asc(invoices.id))
    .for('update');
}

type LockedInvoice = { id: string; totalCents: number; paidCents: number };

/**
 * Adds (or, for a void, takes back) an amount on a locked invoice, moving its status by the shared
 * rule, with its history row: the UPDATE not yet run and the history row's values. The CHECKs on
 * invoices refuse paid > total or below zero whatever the caller computed.
 */
function applyToInvoice(
  tx: DbOrTx,
  input: { actor: Actor; courierId: string; invoice: LockedInvoice; deltaCents: number; kind: 'payment_applied' | 'payment_voided'; note: string; details: Record<string, unknown> },
) {
  const paidCents = input.invoice.paidCents + input.deltaCents;
  return {
    update: tx.update(invoices).set({ paidCents, status: invoiceStatusFor(input.invoice.totalCents, paidCents), updatedAt: sql`now()` })
      .where(and(eq(invoices.id, input.invoice.id), eq(invoices.courierId, input.courierId))),
    event: {
      createdAt: sql`clock_timestamp()`, courierId: input.courierId, invoiceId: input.invoice.id, kind: input.kind, note: input.note, amountCents: input.deltaCents,
      ...actorRef(input.actor), details: input.details,
    },
  };
}

/**
 * Records a payment of one customer against their open invoices (POST /payments, and a verified
 * bank-transfer proof). Runs in the caller's transaction: invoices locked, allocations checked by
 * the shared rule (never above a balance), the payment numbered, invoices moved
 * unpaid → partially_paid → paid with their history, the payment's history, the audit row and the
 * receipt email, all or nothing. The database refuses paid > total as well (invoices_paid_check).
 */
export async function recordPayment(tx: DbOrTx, input: RecordPaymentCommand): Promise<{ paymentId: string; paymentNo: string; allocations: Allocation[] }> {
  const { actor } = input;
  // Everything the receipt email needs comes with the customer, so the payment reads nothing twice.
  const [customer] = await tx.select({
    id: customers.id, courierId: customers.courierId, branchId: customers.branchId, email: customers.email, name: customerDisplayName, mailboxNumber: customers.mailboxNumber,
    courierName: couriers.name, apiKey: couriers.apiKey, courierContact: sql<string | null>`nullif(concat_ws(' · ', ${couriers.contactPhone}, ${couriers.contactEmail}), '')`,
    now: localDateTime(sql`now()`),
    recorderName: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${actor.principal.kind === 'user' ? actor.principal.id : null}::uuid)`,
  }).from(customers).innerJoin(couriers, eq(couriers.id, customers.courierId))
    .where(tenantWhere(customers, actor.scope, eq(customers.id, input.customerId)));
  if (!customer) throw notFound();
  const courierId = customer.courierId;

  const requestedIds = (input.allocations ?? []).map((a) => a.invoiceId);
  const locked = await lockPayableInvoices(tx, { courierId, customerId: customer.id, requestedIds });
  let allocations: Allocation[];
  try {
    allocations = allocatePayment({
      amountCents: input.amountCents,
      invoices: locked.map((i) => ({
        id: i.id, invoiceNo: i.invoiceNo, issuedAt: i.issuedAt,
        balanceCents: OPEN_INVOICE_STATUSES.includes(i.status) ? i.totalCents - i.paidCents : 0,
      })),
      requested: input.allocations,
    });
  } catch (error) {
    if (isDomainError(error)) throw fromDomainError(error);
    throw error;
  }

  // Late: the counter row stays locked from here to commit (lib/counters.ts).
  const paymentNo = formatPaymentNumber(await nextNumber(tx, courierId, 'payment'));
  const userId = actor.principal.kind === 'user' ? actor.principal.id : null;
  const paymentId = randomUUID();
  const how = `${PAYMENT_METHOD_LABELS[input.method]}${input.reference ? ` (${input.reference})` : ''}`;
  const lockedById = new Map(locked.map((i) => [i.id, i]));
  const applied = allocations.map((a) => {
    const invoice = lockedById.get(a.invoiceId);
    if (!invoice) throw new Error('allocated to an invoice that was not locked');
    return applyToInvoice(tx, {
      actor, courierId, invoice, deltaCents: a.amountCents, kind: 'payment_applied',
      note: `Payment ${paymentNo}: ${formatMoney(a.amountCents)} by ${how}`,
      details: { paymentId, paymentNo, proofId: input.proofId ?? null },
    });
  });
  const receipt = receiptWrites(tx, {
    actor, paymentId, publicUrl: input.publicUrl, apiKey: customer.apiKey, customerId: customer.id, fromProof: Boolean(input.proofId),
    receipt: {
      courierId, paymentNo, courierName: customer.courierName, courierContact: customer.courierContact, customerName: customer.name, customerEmail: customer.email,
      mailboxNumber: customer.mailboxNumber, method: input.method, reference: input.reference || null, amountCents: input.amountCents, status: 'recorded', voidReason: null,
      recordedAt: customer.now, recordedByName: customer.recorderName,
      allocations: allocations.map((a) => ({ invoiceNo: a.invoiceNo, amountCents: a.amountCents, balanceAfterCents: a.balanceAfterCents })),
    },
  });
  // Every write of the payment in one statement (docs/decisions/018, "Performance"): rows that do
  // not read each other, foreign keys checked at the end of the statement.
  await runAsOneStatement(tx, {
    writes: [
      tx.insert(payments).values({
        id: paymentId, courierId, customerId: customer.id, branchId: actor.principal.branchId ?? customer.branchId, paymentNo, method: input.method,
        reference: input.reference || null, amountCents: input.amountCents, note: input.note || null, idempotencyKey: input.idempotencyKey, recordedBy: userId,
      }),
      tx.insert(paymentAllocations).values(allocations.map((a) => ({ courierId, paymentId, invoiceId: a.invoiceId, amountCents: a.amountCents }))),
      ...applied.map((a) => a.update),
      tx.insert(invoiceEvents).values(applied.map((a) => a.event)),
      // One insert, so clock_timestamp() keeps the history's order: recorded, then receipt_emailed.
      tx.insert(paymentEvents).values([{
        createdAt: sql`clock_timestamp()`, courierId, paymentId, kind: 'recorded', note: `${formatMoney(input.amountCents)} by ${how}`, ...actorRef(actor),
        details: { allocations: allocations.map((a) => ({ invoiceNo: a.invoiceNo, amountCents: a.amountCents, balanceAfterCents: a.balanceAfterCents })), proofId: input.proofId ?? null },
      }, { createdAt: sql`clock_timestamp()`, ...receipt.event }]),
      auditActionInsert(tx, actor, {
        courierId, action: 'payment.recorded', targetType: 'payment', targetId: paymentId,
        details: { paymentNo, customerId: customer.id, method: input.method, reference: input.reference, amountCents: input.amountCents, allocations, proofId: input.proofId ?? null },
      }),
      ...receipt.writes,
      ...(input.alsoWrite?.(paymentId) ?? []),
    ],
    notifies: receipt.notifies,
  });
  return { paymentId, paymentNo, allocations };
}

const ROUTE = 'POST /payments';

/**
 * POST /payments with its Idempotency-Key: the key is checked (waiting for a request with the same
 * key still running) and kept in the payment's own transaction, so a retry answers the first
 * payment and can never record a second one. The same key with a different body is 409.
 */
export async function recordPaymentOnce(tx: DbOrTx, input: Omit<RecordPaymentCommand, 'idempotencyKey' | 'proofId'> & { idempotencyKey: string; body: unknown }): Promise<string> {
  const principalId = input.actor.principal.id;
  const hash = requestHash(ROUTE, input.body);
  const replay = await replayOf(tx, { principalId, key: input.idempotencyKey, hash });
  if (replay) return replay.resourceId;
  const { paymentId } = await recordPayment(tx, {
    ...input,
    alsoWrite: (id) => [answerInsert(tx, {
      principalId, key: input.idempotencyKey, hash, courierId: input.actor.principal.courierId, route: ROUTE, statusCode: 201, outcome: 'recorded', resourceId: id,
    })],
  });
  return paymentId;
}

/**
 * POST /payments/{id}/void (courier admin, with a reason): the payment stays, marked void; each
 * invoice it paid gets its amount back on its balance and moves back to unpaid or partially paid.
 */
export async function voidPayment(tx: DbOrTx, input: { actor: Actor; paymentId: string; reason: string }): Promise<void> {
  const { actor } = input;
  const [payment] = await tx.select().from(payments).where(tenantWhere(payments, actor.scope, eq(payments.id, input.paymentId))).for('update');
  if (!payment) throw notFound();
  if (payment.status === 'void') throw conflict(PAYMENT_MSG.alreadyVoid);
  const allocations = await tx.select({ invoiceId: paymentAllocations.invoiceId, amountCents: paymentAllocations.amountCents }).from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, payment.id)).orderBy(asc(paymentAllocations.invoiceId));
  // The same lock order as a payment: invoice ids ascending.
  const locked = allocations.length === 0 ? [] : await tx.select({ id: invoices.id, totalCents: invoices.totalCents, paidCents: invoices.paidCents }).from(invoices)
    .where(inArray(invoices.id, allocations.map((a) => a.invoiceId))).orderBy(asc(invoices.id)).for('update');
  const lockedById = new Map(locked.map((i) => [i.id, i]));
  for (const a of allocations) {
    const invoice = lockedById.get(a.invoiceId);
    if (!invoice) throw new Error('a payment allocation names a missing invoice');
    const applied = applyToInvoice(tx, {
      actor, courierId: payment.courierId, invoice, deltaCents: -a.amountCents, kind: 'payment_voided',
      note: `Payment ${payment.paymentNo} voided: ${formatMoney(a.amountCents)} back on the balance. Reason: ${input.reason}`,
      details: { paymentId: payment.id, paymentNo: payment.paymentNo, reason: input.reason },
    });
    await applied.update;
    await tx.insert(invoiceEvents).values(applied.event);
  }
  await tx.update(payments).set({
    status: 'void', voidReason: input.reason, voidedBy: actor.principal.kind === 'user' ? actor.principal.id : null, voidedAt: sql`now()`, updatedAt: sql`now()`,
  }).where(eq(payments.id, payment.id));
  await tx.insert(paymentEvents).values({ createdAt: sql`clock_timestamp()`, courierId: payment.courierId, paymentId: payment.id, kind: 'voided', note: input.reason, ...actorRef(actor), details: { allocations } });
  await auditAction(tx, actor, {
    courierId: payment.courierId, action: 'payment.voided', targetType: 'payment', targetId: payment.id,
    details: { paymentNo: payment.paymentNo, amountCents: payment.amountCents, reason: input.reason, allocations },
  });
}
