import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceEventKind } from '@parceldesk/shared/domain/billing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { InvoiceDetail, InvoiceListItem } from '@parceldesk/shared/schemas/invoices';
import type { DbOrTx } from '../../db/client';
import {
  branches, couriers, customers, invoiceEvents, invoiceLines, invoicePackages, invoices, packages, paymentAllocations, payments, users,
} from '../../db/schema/index';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';
import type { Principal } from '../../lib/principal';
import { holdsInvoicePermission, loadInvoiceByNumber } from './invoice-access';

const zone = sql.raw(`'${LOCAL_TIME_ZONE}'`);
/** Whole days since issue, in Jamaica's calendar. */
export const ageDaysSql = sql<number>`((now() at time zone ${zone})::date - (${invoices.issuedAt} at time zone ${zone})::date)::int`;
export const invoiceCustomerNameSql = sql<string>`coalesce(${customers.firstName} || ' ' || ${customers.lastName}, '')`;

/** The list row's fields; joins: customers, branches, couriers. */
export const invoiceListFields = {
  id: invoices.id, invoiceNo: invoices.invoiceNo, status: invoices.status, customerId: invoices.customerId,
  customerName: invoiceCustomerNameSql, mailboxNumber: sql<string>`coalesce(${customers.mailboxNumber}, '')`,
  branchId: invoices.branchId, branchName: sql<string>`coalesce(${branches.name}, '')`, courierId: invoices.courierId, courierName: couriers.name,
  currency: invoices.currency, totalCents: invoices.totalCents, paidCents: invoices.paidCents, balanceCents: invoices.balanceCents,
  issuedAt: invoices.issuedAt, ageDays: ageDaysSql,
};
export type InvoiceListRow = { [K in keyof typeof invoiceListFields]: unknown } & {
  id: string; invoiceNo: string; status: InvoiceListItem['status']; customerId: string; customerName: string; mailboxNumber: string;
  branchId: string | null; branchName: string | null; courierId: string; courierName: string; currency: InvoiceListItem['currency'];
  totalCents: number; paidCents: number; balanceCents: number; issuedAt: Date; ageDays: number;
};

export function toInvoiceListItem(row: InvoiceListRow): InvoiceListItem {
  return {
    id: row.id, invoiceNumber: row.invoiceNo, status: row.status, customerId: row.customerId, customerName: row.customerName,
    mailboxNumber: row.mailboxNumber, branchId: row.branchId, branchName: row.branchName ?? '', courierId: row.courierId, courierName: row.courierName,
    currency: row.currency, totalCents: row.totalCents, paidCents: row.paidCents, balanceCents: row.balanceCents,
    issuedAt: row.issuedAt.toISOString(), ageDays: Number(row.ageDays),
  };
}

export const INVOICE_EVENT_LABELS: Record<InvoiceEventKind, string> = {
  issued: 'Invoice issued',
  line_added: 'Charge added',
  payment_applied: 'Payment applied',
  payment_voided: 'Payment voided',
  voided: 'Invoice voided',
  replaced: 'Replacement invoice issued',
  proof_submitted: 'Proof of payment sent',
  proof_verified: 'Proof of payment verified',
  proof_rejected: 'Proof of payment rejected',
};

/** Settings tab 4: each line of the courier's bank details on its own line, blank lines dropped. */
export const bankDetailLines = (details: string | null): string[] =>
  (details ?? '').split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);

const replaces = alias(invoices, 'replaces');
const replacedBy = alias(invoices, 'replaced_by');
const issuer = alias(users, 'issuer');

/** Everything the invoice page and its PDF show, for a viewer who may open it (404 otherwise). */
export async function getInvoiceDetail(db: DbOrTx, principal: Principal, invoiceNo: string, courierId?: string): Promise<InvoiceDetail> {
  const invoice = await loadInvoiceByNumber(db, principal, invoiceNo, { courierId });
  const forCustomer = principal.kind === 'customer';
  const [head] = await db.select({
    ...invoiceListFields,
    subtotalCents: invoices.subtotalCents, gctCents: invoices.gctCents, dueAt: invoices.dueAt, voidReason: invoices.voidReason, voidedAt: invoices.voidedAt,
    replacesNo: replaces.invoiceNo, replacedByNo: replacedBy.invoiceNo, bankDetails: couriers.bankDetails,
    issuerName: sql<string | null>`${issuer.firstName} || ' ' || ${issuer.lastName}`,
  }).from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(couriers, eq(couriers.id, invoices.courierId))
    .leftJoin(branches, eq(branches.id, invoices.branchId))
    .leftJoin(replaces, eq(replaces.id, invoices.replacesInvoiceId))
    .leftJoin(replacedBy, eq(replacedBy.id, invoices.replacedByInvoiceId))
    .leftJoin(issuer, eq(issuer.id, invoices.issuedBy))
    .where(eq(invoices.id, invoice.id));
  if (!head) throw new Error('invoice vanished');

  const [lines, pkgs, allocations, events] = await Promise.all([
    db.select({
      id: invoiceLines.id, code: invoiceLines.code, description: invoiceLines.description, amountCents: invoiceLines.amountCents,
      packageId: invoiceLines.packageId, packageNo: packages.packageNo, addedAfterIssue: invoiceLines.addedAfterIssue, addedAt: invoiceLines.addedAt,
    }).from(invoiceLines).leftJoin(packages, eq(packages.id, invoiceLines.packageId))
      .where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position), asc(invoiceLines.addedAt)),
    db.select({
      id: packages.id, packageNo: packages.packageNo, trackingNumber: packages.trackingNumber, description: packages.description,
      service: packages.service, weight: packages.weight, chargeableWeight: packages.chargeableWeight, status: packages.status,
    }).from(invoicePackages).innerJoin(packages, eq(packages.id, invoicePackages.packageId))
      .where(eq(invoicePackages.invoiceId, invoice.id)).orderBy(asc(packages.packageNo)),
    db.select({
      paymentId: payments.id, paymentNo: payments.paymentNo, method: payments.method, reference: payments.reference, status: payments.status,
      allocatedCents: paymentAllocations.amountCents, paymentAmountCents: payments.amountCents, recordedAt: payments.recordedAt,
    }).from(paymentAllocations).innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.invoiceId, invoice.id)).orderBy(asc(payments.recordedAt)),
    db.select({
      id: invoiceEvents.id, kind: invoiceEvents.kind, note: invoiceEvents.note, amountCents: invoiceEvents.amountCents,
      actorType: invoiceEvents.actorType, actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`, createdAt: invoiceEvents.createdAt,
    }).from(invoiceEvents).leftJoin(users, and(eq(invoiceEvents.actorType, 'user'), eq(users.id, invoiceEvents.actorId)))
      .where(and(eq(invoiceEvents.invoiceId, invoice.id), forCustomer ? eq(invoiceEvents.visibleToCustomer, true) : undefined))
      .orderBy(asc(invoiceEvents.createdAt), asc(invoiceEvents.id)),
  ]);

  const actorName = (event: (typeof events)[number]) => {
    if (event.actorType === 'system') return head.courierName;
    if (event.actorType === 'customer') return forCustomer ? 'You' : head.customerName;
    return forCustomer ? head.courierName : event.actorName ?? 'Staff';
  };
  const open = invoice.status !== 'void';
  return {
    ...toInvoiceListItem(head as InvoiceListRow),
    subtotalCents: head.subtotalCents, gctCents: head.gctCents, dueAt: head.dueAt?.toISOString() ?? null,
    issuedByName: forCustomer ? null : head.issuerName, voidReason: head.voidReason, voidedAt: head.voidedAt?.toISOString() ?? null,
    replacesInvoiceNumber: head.replacesNo, replacedByInvoiceNumber: head.replacedByNo,
    lines: lines.map((line) => ({
      id: line.id, code: line.code, description: line.description, amountCents: line.amountCents, packageId: line.packageId,
      packageNumber: line.packageNo, addedAfterIssue: line.addedAfterIssue, addedAt: line.addedAt.toISOString(),
    })),
    packages: pkgs.map((pkg) => ({
      id: pkg.id, packageNumber: pkg.packageNo, trackingNumber: pkg.trackingNumber, description: pkg.description, service: pkg.service,
      weight: Number(pkg.weight), chargeableWeight: pkg.chargeableWeight, status: pkg.status,
    })),
    payments: allocations.map((row) => ({
      paymentId: row.paymentId, paymentNumber: row.paymentNo, method: row.method, reference: row.reference, status: row.status,
      allocatedCents: row.allocatedCents, paymentAmountCents: row.paymentAmountCents, recordedAt: row.recordedAt.toISOString(),
    })),
    history: events.map((event) => ({
      id: event.id, kind: event.kind, label: INVOICE_EVENT_LABELS[event.kind] ?? event.kind, note: event.note, amountCents: event.amountCents,
      actorName: actorName(event), createdAt: event.createdAt.toISOString(),
    })),
    bankDetails: bankDetailLines(head.bankDetails),
    canAddLine: open && invoice.status === 'unpaid' && invoice.paidCents === 0 && allocations.every((row) => row.status === 'void')
      && holdsInvoicePermission(principal, 'invoices_manage'),
    canVoid: open && invoice.paidCents === 0 && allocations.every((row) => row.status === 'void')
      && (principal.role === 'courier_admin' || principal.role === 'super_admin'),
  };
}

/** One line of money for texts: "J$1,234.50". */
export const money = (cents: number) => formatMoney(cents);
