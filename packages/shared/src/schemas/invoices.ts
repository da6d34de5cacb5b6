import type { ChargeCode } from '../domain/pricing';
import { z } from 'zod';
import { formatMoney } from '../domain/money';
import {
  AGING_BUCKETS, INVOICE_EVENT_KINDS, INVOICE_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES,
} from '../domain/billing';
import { idSchema } from './common';
import type { ListColumns } from './people';

/**
 * Request and response shapes of the invoice routes (issue 13). Paths, all under /api:
 *   POST /invoices (issue by hand; header Idempotency-Key), GET /invoices (list),
 *   GET /invoices/{invoiceNo}, GET /invoices/{invoiceNo}/pdf,
 *   POST /invoices/{invoiceNo}/lines (a charge added to an unpaid invoice), POST /invoices/{invoiceNo}/void.
 * Every amount is integer J$ cents (`…Cents`); weights are pounds.
 */

export const INVOICE_MSG = {
  packagesRequired: 'Choose at least one package to invoice',
  tooManyPackages: 'At most 500 packages can be invoiced at once',
  issuedOne: 'Invoice issued',
  issuedMany: (count: number) => `${count} invoices issued`,
  nothingIssued: 'No invoice was issued',
  alreadyInvoiced: (invoiceNo: string) => `Already on invoice ${invoiceNo}`,
  noCustomer: 'The package has no customer yet: assign it first',
  notBillable: 'Returned and abandoned packages are not invoiced',
  descriptionRequired: 'Describe the charge',
  amountRequired: 'Enter the amount of the charge',
  amountPositive: 'The amount must be more than J$0.00',
  amountTooLarge: 'The amount must be at most J$10,000,000.00',
  lineAdded: 'Charge added to the invoice',
  pendingBilled: (invoiceNo: string, amountCents: number, billedOn: string) =>
    `Already invoiced on ${invoiceNo}; its charges since (${formatMoney(amountCents)}) were billed on ${billedOn}`,
  lineAfterPayment: 'This invoice has payments: charges after payment go on a new invoice',
  invoiceVoid: 'This invoice is void and can no longer be changed',
  voidReasonRequired: 'Give a reason for voiding the invoice',
  voidHasPayments: 'Payments are still allocated to this invoice: void them first',
  alreadyVoid: 'This invoice is already void',
  voided: (replacementNo: string) => `Invoice voided; replacement ${replacementNo} issued`,
  packageNotOnInvoice: 'That package is not on this invoice',
} as const;

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const invoiceEventKindSchema = z.enum(INVOICE_EVENT_KINDS);
export const agingBucketSchema = z.enum(AGING_BUCKETS);

/** An invoice number as it appears in a path (INV-000123); anything else is simply not found. */
export const invoiceNoParamsSchema = z.object({
  invoiceNo: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'Not found'),
});

const cents = z.number().int();

export const invoiceListItemSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  status: invoiceStatusSchema,
  customerId: z.string(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  branchId: z.string().nullable(),
  branchName: z.string(),
  courierId: z.string(),
  courierName: z.string(),
  currency: z.enum(['JMD', 'USD']),
  totalCents: cents,
  paidCents: cents,
  balanceCents: cents,
  issuedAt: z.string(),
  /** Whole days since issue (Jamaica time), for the aging buckets. */
  ageDays: z.number().int(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/**
 * GET /invoices: staff with invoices_view their courier's (branch-scoped staff: their branch's
 * customers), the super admin the network (courierName filter), a customer their own.
 * Search: invoice number, customer name, mailbox. Filters: status, branchName (the branch id),
 * courierName (the courier id), issuedAt ({ from, to } local days), aging ('0-30', '31-60',
 * '61-90', '90+': days since issue), balanceCents (number range).
 */
export const invoiceListColumns = {
  invoiceNumber: { sortable: true, filter: 'text' },
  customerName: { sortable: true, filter: 'text' },
  mailboxNumber: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  branchName: { sortable: true, filter: 'dropdown' },
  courierName: { sortable: true, filter: 'dropdown' },
  totalCents: { sortable: true, filter: 'number' },
  balanceCents: { sortable: true, filter: 'number' },
  aging: { filter: 'dropdown' },
  issuedAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

/** GET /invoices as a customer: no customer columns. */
export const myInvoiceListColumns = {
  invoiceNumber: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  totalCents: { sortable: true, filter: 'number' },
  balanceCents: { sortable: true, filter: 'number' },
  issuedAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

export const invoiceLineSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  amountCents: cents,
  packageId: z.string().nullable(),
  packageNumber: z.string().nullable(),
  /** A charge added after the invoice was issued (assessed duty, storage). */
  addedAfterIssue: z.boolean(),
  addedAt: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePackageSchema = z.object({
  id: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  description: z.string().nullable(),
  service: z.enum(['air', 'sea']),
  weight: z.number(),
  chargeableWeight: z.number(),
  status: z.string(),
});
export type InvoicePackage = z.infer<typeof invoicePackageSchema>;

/** A payment's share of this invoice (a payment may settle several invoices of one customer). */
export const invoicePaymentSchema = z.object({
  paymentId: z.string(),
  paymentNumber: z.string(),
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  status: paymentStatusSchema,
  /** What this payment put on this invoice. */
  allocatedCents: cents,
  paymentAmountCents: cents,
  recordedAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceEventSchema = z.object({
  id: z.string(),
  kind: invoiceEventKindSchema,
  label: z.string(),
  note: z.string().nullable(),
  amountCents: cents.nullable(),
  /** Staff name, "You" for the customer's own action, or "ParcelDesk" for the system; customers read the courier's name for staff. */
  actorName: z.string(),
  createdAt: z.string(),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

export const invoiceDetailSchema = invoiceListItemSchema.extend({
  subtotalCents: cents,
  gctCents: cents,
  dueAt: z.string().nullable(),
  issuedByName: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  replacesInvoiceNumber: z.string().nullable(),
  replacedByInvoiceNumber: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  packages: z.array(invoicePackageSchema),
  payments: z.array(invoicePaymentSchema),
  history: z.array(invoiceEventSchema),
  /** The courier's bank-transfer details, line by line (settings tab 4), for paying by transfer. */
  bankDetails: z.array(z.string()),
  /** What the viewer may do now. */
  canAddLine: z.boolean(),
  canVoid: z.boolean(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** POST /invoices (invoices_manage; header Idempotency-Key): one invoice per package named, priced from the settings now in force. */
export const issueInvoicesSchema = z.object({
  packageIds: z.array(idSchema, { error: INVOICE_MSG.packagesRequired })
    .min(1, INVOICE_MSG.packagesRequired).max(500, INVOICE_MSG.tooManyPackages),
});
export type IssueInvoicesInput = z.infer<typeof issueInvoicesSchema>;

export const issuedInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  packageId: z.string(),
  packageNumber: z.string(),
  totalCents: cents,
});
export const skippedPackageSchema = z.object({
  packageId: z.string(),
  packageNumber: z.string(),
  /** The live invoice it is already on, if that is why. */
  invoiceNumber: z.string().nullable(),
  reason: z.string(),
});

export const issueInvoicesResponseSchema = z.object({
  message: z.string(),
  issued: z.array(issuedInvoiceSchema),
  skipped: z.array(skippedPackageSchema),
});
export type IssueInvoicesResponse = z.infer<typeof issueInvoicesResponseSchema>;

/**
 * The codes a charge added after issue may carry: pricing's own charge codes, so an invoice line
 * means one thing whether pricing, a clerk or the storage job wrote it (reports break revenue down by them).
 */
export const ADDED_LINE_CODES = ['customs_duty', 'storage_fee', 'delivery_fee', 'adjustment'] as const satisfies readonly ChargeCode[];
export type AddedLineCode = (typeof ADDED_LINE_CODES)[number];
export const ADDED_LINE_LABELS: Record<AddedLineCode, string> = {
  customs_duty: 'Assessed customs duty',
  storage_fee: 'Storage fee',
  delivery_fee: 'Delivery fee',
  adjustment: 'Other charge',
};

/** POST /invoices/{invoiceNo}/lines (invoices_manage): a charge added to an unpaid invoice, seen by the customer. */
export const addInvoiceLineSchema = z.object({
  code: z.enum(ADDED_LINE_CODES, { error: 'Choose the kind of charge' }),
  description: z.string({ error: INVOICE_MSG.descriptionRequired }).trim().min(1, INVOICE_MSG.descriptionRequired).max(200, 'At most 200 characters'),
  amountCents: z.number({ error: INVOICE_MSG.amountRequired }).int(INVOICE_MSG.amountRequired)
    .min(1, INVOICE_MSG.amountPositive).max(1_000_000_000, INVOICE_MSG.amountTooLarge),
  /** The package the charge is for, when the invoice bills several. */
  packageId: idSchema.optional().nullable(),
});
export type AddInvoiceLineInput = z.infer<typeof addInvoiceLineSchema>;

/** POST /invoices/{invoiceNo}/void (courier admin): a reason, then a replacement invoice for the same packages. */
export const voidInvoiceSchema = z.object({
  reason: z.string({ error: INVOICE_MSG.voidReasonRequired }).trim().min(3, INVOICE_MSG.voidReasonRequired).max(500, 'At most 500 characters'),
});
export type VoidInvoiceInput = z.infer<typeof voidInvoiceSchema>;

export const voidInvoiceResponseSchema = z.object({
  message: z.string(),
  voidedInvoiceNumber: z.string(),
  replacementInvoiceNumber: z.string(),
});
export type VoidInvoiceResponse = z.infer<typeof voidInvoiceResponseSchema>;

/** GET /invoices/summary: what the signed-in customer owes now (their dashboard). */
export const invoiceSummarySchema = z.object({
  openInvoices: z.number().int(),
  amountDueCents: cents,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

const JMD_AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** "1,500" / "1500.5" → 150050 cents, exactly (no floating point); null when it is not an amount. */
export function parseJmdAmount(text: string): number | null {
  const value = text.trim().replace(/^J\$/i, '');
  if (!JMD_AMOUNT.test(value)) return null;
  const [whole = '0', fraction = ''] = value.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The "Add charge" form: the amount typed in J$, sent as cents (addInvoiceLineSchema). */
export const addInvoiceLineFormSchema = z.object({
  code: z.enum(ADDED_LINE_CODES, { error: 'Choose the kind of charge' }),
  description: addInvoiceLineSchema.shape.description,
  amount: z.string().trim().min(1, INVOICE_MSG.amountRequired)
    .refine((text) => parseJmdAmount(text) !== null, 'Enter the amount in J$ with at most two decimals')
    .refine((text) => (parseJmdAmount(text) ?? 1) >= 1, INVOICE_MSG.amountPositive)
    .refine((text) => (parseJmdAmount(text) ?? 0) <= 1_000_000_000, INVOICE_MSG.amountTooLarge),
}).transform(({ amount, ...rest }): AddInvoiceLineInput => ({ ...rest, amountCents: parseJmdAmount(amount) ?? 0 }));
