import type { ChargeCode } from './pricing';

/**
 * Billing (issue 13): the statuses and kinds of invoices, payments and bank-transfer proofs, one
 * definition for the database schema, the API and the screens. Amounts are integer J$ cents
 * (./money); invoices and payments are numbered per courier (INV-000123, RCT-000045).
 */

export const INVOICE_STATUSES = ['unpaid', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially Paid',
  paid: 'Paid',
  void: 'Void',
};

/** Statuses whose balance is still owed (the customer's amount due, the counter). */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = ['unpaid', 'partially_paid'];

/** History of an invoice; every one is shown to the customer unless it says otherwise. */
export const INVOICE_EVENT_KINDS = [
  'issued', 'line_added', 'payment_applied', 'payment_voided', 'voided', 'replaced',
  'proof_submitted', 'proof_verified', 'proof_rejected',
] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank Transfer',
};

export const PAYMENT_STATUSES = ['recorded', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_EVENT_KINDS = ['recorded', 'voided', 'receipt_emailed'] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

export const PAYMENT_PROOF_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type PaymentProofStatus = (typeof PAYMENT_PROOF_STATUSES)[number];

/** Currencies an amount may carry: J$ for everything billed, US$ for declared values. */
export const CURRENCIES = ['JMD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const INVOICE_NUMBER_DIGITS = 6;

/** 123 → INV-000123 (per courier, from lib/counters.ts kind 'invoice'). */
export function formatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/** 45 → RCT-000045 (per courier, from lib/counters.ts kind 'payment'). */
export function formatPaymentNumber(sequence: number): string {
  return `RCT-${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

const INVOICE_NUMBER = /^INV-?(\d{1,12})$/;

/** ` inv-123 ` / `INV000123` → INV-000123; null when it is not an invoice number (a scanned barcode). */
export function canonicalInvoiceNumber(raw: string): string | null {
  const match = INVOICE_NUMBER.exec(raw.trim().toUpperCase().replace(/\s+/g, ''));
  return match?.[1] ? formatInvoiceNumber(Number(match[1])) : null;
}

/** The status an invoice's amounts give it (void is set only by voiding). */
export function invoiceStatusFor(totalCents: number, paidCents: number): Exclude<InvoiceStatus, 'void'> {
  if (paidCents <= 0) return totalCents === 0 ? 'paid' : 'unpaid';
  return paidCents >= totalCents ? 'paid' : 'partially_paid';
}

/** Aging buckets of the invoice lists, by whole days since issue. */
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** [min, max] whole days of a bucket (max null: no upper bound). */
export const AGING_BUCKET_DAYS: Record<AgingBucket, readonly [number, number | null]> = {
  '0-30': [0, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

export function agingBucketOf(days: number): AgingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/**
 * A charge recorded on a parcel after pricing, waiting to be billed (lib/invoice-charges.ts):
 * a day of storage from the uncollected sweep (`storage_charges`) or a fee on the package
 * (`package_charges`, today the switching fee of a pickup-branch change).
 */
export type PendingCharge =
  | { source: 'storage'; id: string; chargeDay: string; amountCents: number }
  | { source: 'package'; id: string; kind: 'switching' | 'delivery_fee'; amountCents: number; note: string | null };

/** A line billing pending charges, with pricing's charge code and the charges it bills. */
export interface PendingChargeLine {
  code: Extract<ChargeCode, 'storage_fee' | 'switching_fee' | 'delivery_fee'>;
  description: string;
  amountCents: number;
  chargeIds: { storage: string[]; package: string[] };
}

/**
 * Pending charges as invoice lines, with pricing's charge codes (domain/pricing.ts): the storage
 * days in one `storage_fee` line ("Storage 3 days 2026-05-02 to 2026-05-04 (IEX-P-…)"), each
 * switching fee its own `switching_fee` line, each delivery fee its own `delivery_fee` line. The amounts are those recorded: the courier's
 * setting when the charge was made, not today's.
 */
export function pendingChargeLines(packageNumber: string, charges: readonly PendingCharge[]): PendingChargeLine[] {
  const lines: PendingChargeLine[] = [];
  const storage = charges.filter((charge): charge is Extract<PendingCharge, { source: 'storage' }> => charge.source === 'storage')
    .sort((a, b) => a.chargeDay.localeCompare(b.chargeDay));
  if (storage.length > 0) {
    const first = storage[0]!.chargeDay;
    const last = storage.at(-1)!.chargeDay;
    lines.push({
      code: 'storage_fee',
      description: `Storage ${storage.length} day${storage.length === 1 ? '' : 's'} ${first}${storage.length > 1 ? ` to ${last}` : ''} (${packageNumber})`,
      amountCents: storage.reduce((sum, charge) => sum + charge.amountCents, 0),
      chargeIds: { storage: storage.map((charge) => charge.id), package: [] },
    });
  }
  for (const charge of charges) {
    if (charge.source !== 'package' || charge.amountCents <= 0) continue;
    const delivery = charge.kind === 'delivery_fee';
    lines.push({
      code: delivery ? 'delivery_fee' : 'switching_fee',
      description: `${delivery ? 'Delivery fee' : 'Branch switching fee'} (${packageNumber})${charge.note ? `: ${charge.note}` : ''}`,
      amountCents: charge.amountCents,
      chargeIds: { storage: [], package: [charge.id] },
    });
  }
  return lines;
}
