import { and, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema/index';
import { eventNotify } from '../../events/publish';
import { createNotifications, notificationEvents, notificationInsert } from '../../lib/notifications';
import { customerPortalLink, tellCustomer } from '../../lib/tell-customer';
import type { Actor } from '../../lib/actor';
import { emailInsert, OUTBOX_WAKE } from '../../mail/outbox';
import { actorRef } from './payment-access';
import { receiptLines, type ReceiptData } from './payment-receipt';

/** In-app notifications, written in the change's transaction (one row per reader), as every feature writes them. */
const notify = createNotifications;

/**
 * The receipt by email, through the outbox in the payment's transaction (issue 13: "a receipt per
 * payment: PDF and email"); the PDF is one click away in the customer's Payments page. Returned
 * not yet run, for the payment's one statement (db/one-statement.ts): the email and the customer's
 * notification as writes, their NOTIFYs, and the `receipt_emailed` history row's values, which
 * the payment inserts with its own `recorded` row so the two keep their order.
 */
export function receiptWrites(tx: DbOrTx, input: { actor: Actor; paymentId: string; publicUrl: string; receipt: ReceiptData; apiKey: string; customerId: string; fromProof: boolean }) {
  const { receipt } = input;
  // Issue 14: the customer's bell hears of the payment too; a verified proof already told them (tellCustomerOfProof).
  const notifications = input.fromProof ? [] : [{
    courierId: receipt.courierId, customerId: input.customerId, type: 'payment.recorded', title: `Payment received: ${receipt.paymentNo}`,
    body: `We recorded your ${formatMoney(receipt.amountCents)} payment, applied to ${receipt.allocations.map((a) => a.invoiceNo).join(', ') || 'your account'}. Your receipt is in Payments.`,
    link: '/customer/payments',
  }];
  const link = customerPortalLink(input.publicUrl, input.apiKey, '/customer/payments');
  const email = emailInsert(tx, {
    courierId: receipt.courierId, to: receipt.customerEmail, subject: `${receipt.courierName}: receipt ${receipt.paymentNo} for ${formatMoney(receipt.amountCents)}`,
    text: [
      `Hello ${receipt.customerName},`, '', `Thank you for your payment. Your receipt:`, '',
      ...receiptLines(receipt).map(([name, value]) => `${name}: ${value}`), '',
      'Applied to:',
      ...receipt.allocations.map((a) => `  ${a.invoiceNo}: ${formatMoney(a.amountCents)} (balance now ${formatMoney(a.balanceAfterCents)})`), '',
      `Your payments and receipts (PDF): ${link}`, '', receipt.courierName,
    ].join('\n'),
  });
  return {
    writes: [email, ...(notifications.length ? [notificationInsert(tx, notifications)] : [])] as SQLWrapper[],
    notifies: [OUTBOX_WAKE, ...notificationEvents(notifications).map(eventNotify)],
    event: {
      courierId: receipt.courierId, paymentId: input.paymentId, kind: 'receipt_emailed' as const, note: `Receipt emailed to ${receipt.customerEmail}`, ...actorRef(input.actor),
    },
  };
}

/** The courier's people who review proofs: its admins, and staff holding payments_manage directly or through their role. */
async function proofReviewers(tx: DbOrTx, courierId: string) {
  return tx.select({ id: users.id, role: users.role }).from(users).leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.courierId, courierId), eq(users.isActive, true), or(
      eq(users.role, 'courier_admin'), sql`'payments_manage' = any(${users.permissions})`, sql`'payments_manage' = any(${roles.permissions})`,
    )));
}

export async function tellReviewersOfProof(tx: DbOrTx, input: { courierId: string; invoiceNo: string; amountCents: number; customerName: string }) {
  const reviewers = await proofReviewers(tx, input.courierId);
  await notify(tx, reviewers.map((user) => ({
    courierId: input.courierId, userId: user.id, type: 'payment.proof', title: `Bank transfer proof for ${input.invoiceNo}`,
    body: `${input.customerName} sent proof of a ${formatMoney(input.amountCents)} bank transfer for invoice ${input.invoiceNo}.`,
    link: `${user.role === 'courier_admin' ? '/admin' : '/staff'}/payments?tab=proofs`,
  })));
}

/** The customer learns the outcome of their proof in the portal, and of a rejection (with its reason) by email too. */
export async function tellCustomerOfProof(
  tx: DbOrTx,
  input: { courierId: string; customerId: string; invoiceNo: string; amountCents: number; verified: boolean; reason: string | null; publicUrl: string },
) {
  const title = input.verified ? `Payment received for ${input.invoiceNo}` : `Proof of payment not accepted for ${input.invoiceNo}`;
  const body = input.verified
    ? `Your bank transfer of ${formatMoney(input.amountCents)} for invoice ${input.invoiceNo} was verified and recorded.`
    : `Your proof of a ${formatMoney(input.amountCents)} bank transfer for invoice ${input.invoiceNo} was not accepted. Reason: ${input.reason ?? 'not given'}`;
  // A verified proof's receipt email follows from the payment itself; a rejection is told here.
  await tellCustomer(tx, {
    courierId: input.courierId, customerId: input.customerId, type: 'payment.proof', title, body,
    link: `/customer/invoices/${encodeURIComponent(input.invoiceNo)}`, publicUrl: input.publicUrl,
    email: input.verified ? 'never' : 'active', linkLabel: 'Your invoice',
  });
}
