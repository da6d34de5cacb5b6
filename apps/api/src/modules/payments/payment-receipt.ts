import { and, asc, eq, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@parceldesk/shared/domain/billing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, invoices, paymentAllocations, paymentEvents, payments, users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { localDateTime } from '../../lib/local-time';
import { openPdf } from '../../lib/pdf-fonts';
import type { Principal } from '../../lib/principal';
import { customerDisplayName, visibleBilling } from './payment-access';

/** Everything a receipt shows (PDF and email), as it was when the payment was recorded. */
export interface ReceiptData {
  courierId: string;
  paymentNo: string;
  courierName: string;
  courierContact: string | null;
  customerName: string;
  customerEmail: string;
  mailboxNumber: string;
  method: PaymentMethod;
  reference: string | null;
  amountCents: number;
  status: 'recorded' | 'void';
  voidReason: string | null;
  recordedAt: string;
  recordedByName: string | null;
  allocations: { invoiceNo: string; amountCents: number; balanceAfterCents: number }[];
}

type RecordedDetails = { allocations?: { invoiceNo: string; amountCents: number; balanceAfterCents: number }[] };

/**
 * The receipt of one payment in the reader's scope (another courier's or customer's is 404). The
 * balance after each invoice is the one the payment left, kept on its `recorded` event, so a later
 * payment does not rewrite an old receipt.
 */
export async function receiptData(db: DbOrTx, principal: Principal, paymentId: string): Promise<ReceiptData> {
  const where = visibleBilling(payments, principal, eq(payments.id, paymentId));
  const [row] = await db.select({
    payment: payments, courierName: couriers.name, courierEmail: couriers.contactEmail, courierPhone: couriers.contactPhone,
    customerName: customerDisplayName, customerEmail: customers.email, mailboxNumber: customers.mailboxNumber,
    recordedAt: localDateTime(payments.recordedAt), recordedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  }).from(payments)
    .innerJoin(couriers, eq(couriers.id, payments.courierId))
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(where);
  if (!row) throw notFound();
  const p = row.payment;
  const [allocations, [recorded]] = await Promise.all([
    db.select({ invoiceNo: invoices.invoiceNo, amountCents: paymentAllocations.amountCents, balanceCents: invoices.balanceCents })
      .from(paymentAllocations).innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
      .where(eq(paymentAllocations.paymentId, p.id)).orderBy(asc(invoices.issuedAt), asc(invoices.invoiceNo)),
    db.select({ details: paymentEvents.details }).from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, p.id), eq(paymentEvents.kind, 'recorded'))).limit(1),
  ]);
  const after = new Map(((recorded?.details ?? {}) as RecordedDetails).allocations?.map((a) => [a.invoiceNo, a.balanceAfterCents]) ?? []);
  return {
    courierId: p.courierId, paymentNo: p.paymentNo, courierName: row.courierName,
    courierContact: [row.courierPhone, row.courierEmail].filter(Boolean).join(' · ') || null,
    customerName: row.customerName, customerEmail: row.customerEmail, mailboxNumber: row.mailboxNumber,
    method: p.method, reference: p.reference, amountCents: p.amountCents, status: p.status, voidReason: p.voidReason,
    recordedAt: row.recordedAt, recordedByName: row.recordedByName,
    allocations: allocations.map((a) => ({ invoiceNo: a.invoiceNo, amountCents: a.amountCents, balanceAfterCents: after.get(a.invoiceNo) ?? a.balanceCents })),
  };
}

export const receiptMethod = (r: Pick<ReceiptData, 'method' | 'reference'>) => `${PAYMENT_METHOD_LABELS[r.method]}${r.reference ? ` (ref. ${r.reference})` : ''}`;

/** The receipt as plain text lines (the email body shares them with the PDF). */
export function receiptLines(r: ReceiptData): [string, string][] {
  return [
    ['Receipt', r.paymentNo],
    ['Date', r.recordedAt],
    ['Customer', r.customerName],
    ['Mailbox', r.mailboxNumber],
    ['Paid by', receiptMethod(r)],
    ['Amount', formatMoney(r.amountCents)],
    ['Received by', r.recordedByName ?? 'Online'],
  ];
}

const A4: [number, number] = [595.28, 841.89];
const M = 50;

/** GET /payments/{id}/receipt: one A4 page, the courier's name on top and VOID across a voided payment. */
export function renderReceiptPdf(r: ReceiptData): Promise<Buffer> {
  const { doc, bytes: done } = openPdf(`Receipt ${r.paymentNo}`, { size: A4, margin: M });
  const width = A4[0] - 2 * M;

  doc.font('Bold').fontSize(20).text(r.courierName, M, M, { width });
  if (r.courierContact) doc.font('Regular').fontSize(10).fillColor('#444').text(r.courierContact, { width });
  doc.fillColor('#000').moveDown(1);
  doc.font('Bold').fontSize(16).text(`Payment receipt ${r.paymentNo}`, { width });
  doc.moveDown(0.5);
  for (const [name, value] of receiptLines(r)) {
    const y = doc.y;
    doc.font('Regular').fontSize(11).text(name, M, y, { width: 120 });
    doc.font(name === 'Amount' ? 'Bold' : 'Regular').text(value, M + 130, y, { width: width - 130 });
    doc.moveDown(0.2);
  }

  doc.moveDown(1);
  doc.font('Bold').fontSize(12).text('Applied to', M, doc.y, { width });
  doc.moveDown(0.3);
  const cols = [M, M + 200, M + 340];
  const header = doc.y;
  doc.font('Bold').fontSize(10).text('Invoice', cols[0], header).text('Amount paid', cols[1], header, { width: 120, align: 'right' })
    .text('Balance after', cols[2], header, { width: 120, align: 'right' });
  doc.moveTo(M, doc.y + 2).lineTo(M + width, doc.y + 2).stroke();
  doc.moveDown(0.4);
  for (const a of r.allocations) {
    const y = doc.y;
    doc.font('Regular').fontSize(10).text(a.invoiceNo, cols[0], y).text(formatMoney(a.amountCents), cols[1], y, { width: 120, align: 'right' })
      .text(formatMoney(a.balanceAfterCents), cols[2], y, { width: 120, align: 'right' });
    doc.moveDown(0.2);
  }

  if (r.status === 'void') {
    doc.moveDown(1);
    doc.font('Bold').fontSize(14).fillColor('#b00').text(`VOID${r.voidReason ? `: ${r.voidReason}` : ''}`, M, doc.y, { width });
    doc.fillColor('#000');
  }
  doc.moveDown(2);
  doc.font('Regular').fontSize(9).fillColor('#555').text('Thank you. Keep this receipt for your records.', M, doc.y, { width });
  doc.end();
  return done;
}
