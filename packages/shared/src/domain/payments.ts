import type { PaymentProofStatus, PaymentStatus } from './billing';
import { DomainError } from './domain-error';
import { formatMoney, type Cents } from './money';

/**
 * Payments (issue 13, "Payments"; statuses and methods in ./billing): one payment of a customer settles one or more of that
 * customer's open invoices. Amounts are integer J$ cents throughout. The server runs this on the
 * invoices it has locked (SELECT … FOR UPDATE), and the database refuses paid > total as well, so
 * a race that slips past the lock still cannot overpay.
 */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { recorded: 'Recorded', void: 'Void' };
export const PROOF_STATUS_LABELS: Record<PaymentProofStatus, string> = { pending: 'Awaiting review', verified: 'Verified', rejected: 'Rejected' };

/** J$1,234.50 from 123450 cents: the shared money display (./money formatMoney) in J$, what every payment amount is. */
export const formatJmd = (cents: Cents): string => formatMoney(cents, 'JMD');

/** "1,234.50", "J$1234.5" → 123450 cents; null unless it is an amount with at most two decimals. */
export function centsFromText(text: string): Cents | null {
  const cleaned = text.replace(/[,\s]/g, '').replace(/^J\$/i, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 123450 → "1234.50", what an amount box starts with. */
export const textFromCents = (cents: Cents): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;

/** An open invoice of the customer as the allocation sees it: what is still owed, and its age. */
export interface OpenInvoice {
  id: string;
  invoiceNo: string;
  balanceCents: Cents;
  /** Oldest first: the issue time (ISO string or Date), then the number. */
  issuedAt: string | Date;
}

export interface AllocationRequest {
  invoiceId: string;
  amountCents: Cents;
}

export interface Allocation {
  invoiceId: string;
  invoiceNo: string;
  amountCents: Cents;
  /** What the invoice still owes after this payment. */
  balanceAfterCents: Cents;
}

export const PAYMENT_RULE_MSG = {
  amountPositive: 'The amount must be more than J$0.00',
  amountWhole: 'The amount must be in whole cents',
  noOpenInvoices: 'This customer has no unpaid invoices',
  invoiceNotOpen: (invoiceNo: string) => `Invoice ${invoiceNo} is not an unpaid invoice of this customer`,
  unknownInvoice: 'Choose unpaid invoices of this customer',
  duplicateInvoice: 'Each invoice may appear only once in a payment',
  allocationsSum: (allocated: Cents, amount: Cents) =>
    `The amounts allocated (${formatMoney(allocated)}) must add up to the payment (${formatMoney(amount)})`,
  overpayInvoice: (invoiceNo: string, amount: Cents, balance: Cents) =>
    `${formatMoney(amount)} is more than the balance of invoice ${invoiceNo} (${formatMoney(balance)}). Overpaying an invoice is not allowed.`,
  overpayTotal: (amount: Cents, owed: Cents) =>
    `${formatMoney(amount)} is more than this customer owes on the chosen invoices (${formatMoney(owed)}). Overpaying an invoice is not allowed.`,
} as const;

function assertAmount(cents: Cents, field: string): void {
  if (!Number.isSafeInteger(cents)) throw new DomainError('invalid', 'payment.amount_not_whole', PAYMENT_RULE_MSG.amountWhole, field);
  if (cents <= 0) throw new DomainError('invalid', 'payment.amount_not_positive', PAYMENT_RULE_MSG.amountPositive, field);
}

const issuedTime = (invoice: OpenInvoice) => new Date(invoice.issuedAt).getTime();

/** Oldest invoice first (issue time, then number), the order a counter clerk settles them in. */
export function oldestFirst<T extends OpenInvoice>(invoices: readonly T[]): T[] {
  return [...invoices].sort((a, b) => issuedTime(a) - issuedTime(b) || a.invoiceNo.localeCompare(b.invoiceNo));
}

/**
 * Splits a payment of `amountCents` across the customer's open invoices: exactly as `requested`
 * when given (each to an open invoice, none above its balance, adding up to the amount), else
 * oldest first. Overpaying any invoice, or the invoices together, is refused (409: the balances
 * are the records' current state, which a concurrent payment may just have changed).
 */
export function allocatePayment(input: { amountCents: Cents; invoices: readonly OpenInvoice[]; requested?: readonly AllocationRequest[] | null }): Allocation[] {
  assertAmount(input.amountCents, 'amountCents');
  const open = input.invoices.filter((invoice) => invoice.balanceCents > 0);
  if (input.requested && input.requested.length > 0) return allocateAsRequested(input.amountCents, input.invoices, input.requested);
  if (open.length === 0) throw new DomainError('conflict', 'payment.no_open_invoices', PAYMENT_RULE_MSG.noOpenInvoices, 'amountCents');
  const owed = open.reduce((sum, invoice) => sum + invoice.balanceCents, 0);
  if (input.amountCents > owed) throw new DomainError('conflict', 'payment.overpay', PAYMENT_RULE_MSG.overpayTotal(input.amountCents, owed), 'amountCents');
  let remaining = input.amountCents;
  const allocations: Allocation[] = [];
  for (const invoice of oldestFirst(open)) {
    if (remaining === 0) break;
    const amountCents = Math.min(remaining, invoice.balanceCents);
    remaining -= amountCents;
    allocations.push({ invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, amountCents, balanceAfterCents: invoice.balanceCents - amountCents });
  }
  return allocations;
}

function allocateAsRequested(amountCents: Cents, invoices: readonly OpenInvoice[], requested: readonly AllocationRequest[]): Allocation[] {
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const seen = new Set<string>();
  const allocations: Allocation[] = [];
  for (const [index, request] of requested.entries()) {
    const field = `allocations.${index}.amountCents`;
    assertAmount(request.amountCents, field);
    if (seen.has(request.invoiceId)) throw new DomainError('invalid', 'payment.duplicate_invoice', PAYMENT_RULE_MSG.duplicateInvoice, `allocations.${index}.invoiceId`);
    seen.add(request.invoiceId);
    const invoice = byId.get(request.invoiceId);
    if (!invoice) throw new DomainError('invalid', 'payment.unknown_invoice', PAYMENT_RULE_MSG.unknownInvoice, `allocations.${index}.invoiceId`);
    if (invoice.balanceCents <= 0) throw new DomainError('conflict', 'payment.invoice_not_open', PAYMENT_RULE_MSG.invoiceNotOpen(invoice.invoiceNo), `allocations.${index}.invoiceId`);
    if (request.amountCents > invoice.balanceCents) {
      throw new DomainError('conflict', 'payment.overpay', PAYMENT_RULE_MSG.overpayInvoice(invoice.invoiceNo, request.amountCents, invoice.balanceCents), field);
    }
    allocations.push({ invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, amountCents: request.amountCents, balanceAfterCents: invoice.balanceCents - request.amountCents });
  }
  const allocated = allocations.reduce((sum, a) => sum + a.amountCents, 0);
  if (allocated !== amountCents) throw new DomainError('invalid', 'payment.allocations_sum', PAYMENT_RULE_MSG.allocationsSum(allocated, amountCents), 'amountCents');
  return allocations;
}
