import { z } from 'zod';
import { MB } from '../constants';
import { PAYMENT_METHODS, PAYMENT_PROOF_STATUSES, PAYMENT_STATUSES } from '../domain/billing';
import { centsFromText } from '../domain/payments';
import { idSchema } from './common';
import type { ListColumns } from './people';

/**
 * Payments and bank-transfer proofs (issue 13, "Payments"). Paths, all under /api:
 *   POST /payments (header Idempotency-Key, required), GET /payments (list), GET /payments/{id},
 *   GET /payments/{id}/receipt (PDF), POST /payments/{id}/void,
 *   POST /invoices/{invoiceNo}/proof (customer, multipart with `proof`), GET /payment-proofs (list),
 *   GET /payment-proofs/{id}/file, POST /payment-proofs/{id}/verify, POST /payment-proofs/{id}/reject.
 * Every amount is integer J$ cents on the wire, as in storage.
 */

/** Proof of a bank transfer: a PDF, JPG or PNG judged by content, at most 5 MB. */
export const PAYMENT_PROOF_MAX_BYTES = 5 * MB;
export const PAYMENT_REFERENCE_MAX = 100;
export const PAYMENT_REASON_MAX = 500;
/** What one payment may carry: J$10,000,000.00, far above any counter payment, far below overflow. */
export const PAYMENT_AMOUNT_MAX_CENTS = 1_000_000_000;
export const PAYMENT_ALLOCATIONS_MAX = 50;

export const PAYMENT_MSG = {
  customerRequired: 'Choose the customer who is paying',
  methodInvalid: 'Choose cash, card or bank transfer',
  amountRequired: 'Enter the amount paid',
  amountWhole: 'Enter the amount in J$ with at most two decimals',
  amountPositive: 'The amount must be more than J$0.00',
  amountTooLarge: 'The amount is too large',
  referenceRequired: 'Enter the reference (card terminal or bank transfer reference)',
  reasonRequired: 'Give a reason',
  idempotencyKeyRequired: 'Send an Idempotency-Key header so a retried payment is never recorded twice',
  recorded: 'Payment recorded',
  voided: 'Payment voided',
  alreadyVoid: 'This payment is already void',
  proofRequired: 'Attach the proof of transfer (PDF, JPG or PNG)',
  proofWrongType: 'The proof must be a PDF, JPG or PNG',
  proofTooLarge: 'The proof must be less than 5MB',
  proofSubmitted: 'Proof of payment sent. We will let you know once it is checked.',
  proofVerified: 'Proof verified and payment recorded',
  proofRejected: 'Proof rejected; the customer has been told why',
  proofDecided: 'This proof has already been reviewed',
  invoiceNotPayable: 'This invoice has nothing left to pay',
  customerInactive: 'This customer account is deactivated',
} as const;

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: PAYMENT_MSG.methodInvalid });
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const proofStatusSchema = z.enum(PAYMENT_PROOF_STATUSES);

/** Integer cents, positive, bounded (multipart fields arrive as text: coerced). */
export const amountCentsSchema = z.coerce.number({ error: PAYMENT_MSG.amountRequired })
  .int(PAYMENT_MSG.amountWhole).positive(PAYMENT_MSG.amountPositive).max(PAYMENT_AMOUNT_MAX_CENTS, PAYMENT_MSG.amountTooLarge);

const referenceSchema = z.string().trim().max(PAYMENT_REFERENCE_MAX, `At most ${PAYMENT_REFERENCE_MAX} characters`);
const reasonSchema = z.string({ error: PAYMENT_MSG.reasonRequired }).trim().min(1, PAYMENT_MSG.reasonRequired).max(PAYMENT_REASON_MAX, `At most ${PAYMENT_REASON_MAX} characters`);

export const paymentAllocationInputSchema = z.object({ invoiceId: idSchema, amountCents: amountCentsSchema });

/**
 * POST /payments (payments_manage): cash, card with the terminal reference, or bank transfer with
 * its reference; the allocations to the customer's open invoices, or none (oldest first).
 */
export const recordPaymentSchema = z.object({
  customerId: z.string({ error: PAYMENT_MSG.customerRequired }).uuid(PAYMENT_MSG.customerRequired),
  method: paymentMethodSchema,
  reference: referenceSchema.optional().nullable(),
  amountCents: amountCentsSchema,
  allocations: z.array(paymentAllocationInputSchema).max(PAYMENT_ALLOCATIONS_MAX).optional().nullable(),
  note: z.string().trim().max(PAYMENT_REASON_MAX).optional().nullable(),
}).superRefine((value, ctx) => {
  if (value.method !== 'cash' && !value.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: PAYMENT_MSG.referenceRequired });
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

export const voidPaymentSchema = z.object({ reason: reasonSchema });
export type VoidPaymentInput = z.infer<typeof voidPaymentSchema>;

/** POST /invoices/{invoiceNo}/proof (customer): multipart with `proof` and these fields. */
export const paymentProofInputSchema = z.object({
  amountCents: amountCentsSchema,
  reference: z.string({ error: PAYMENT_MSG.referenceRequired }).trim().min(1, PAYMENT_MSG.referenceRequired).max(PAYMENT_REFERENCE_MAX, `At most ${PAYMENT_REFERENCE_MAX} characters`),
});
export type PaymentProofInput = z.infer<typeof paymentProofInputSchema>;
/** The same as the API documentation shows the multipart body. */
export const paymentProofFormSchema = paymentProofInputSchema.extend({ proof: z.file().describe('PDF, JPG or PNG, at most 5MB') });

/** Verifying records a bank transfer for the proof's amount, or the amount staff read off the statement. */
export const verifyProofSchema = z.object({ amountCents: amountCentsSchema.optional().nullable() });
export type VerifyProofInput = z.infer<typeof verifyProofSchema>;
export const rejectProofSchema = z.object({ reason: reasonSchema });
export type RejectProofInput = z.infer<typeof rejectProofSchema>;

/** An amount as a person types it in J$ ("1,234.50"), checked with the same messages as amountCents. */
export const amountTextSchema = z.string({ error: PAYMENT_MSG.amountRequired }).trim().min(1, PAYMENT_MSG.amountRequired)
  .refine((text) => centsFromText(text) !== null, PAYMENT_MSG.amountWhole)
  .refine((text) => (centsFromText(text) ?? 0) > 0, PAYMENT_MSG.amountPositive)
  .refine((text) => (centsFromText(text) ?? 0) <= PAYMENT_AMOUNT_MAX_CENTS, PAYMENT_MSG.amountTooLarge);

/** The Record payment form: the amount in J$, and which invoices it settles ('oldest' or one invoice id). */
export const recordPaymentFormSchema = z.object({
  method: paymentMethodSchema,
  reference: referenceSchema,
  amount: amountTextSchema,
  applyTo: z.string().min(1),
}).superRefine((value, ctx) => {
  if (value.method !== 'cash' && !value.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: PAYMENT_MSG.referenceRequired });
});
export type RecordPaymentForm = z.infer<typeof recordPaymentFormSchema>;

/** The customer's "Pay by bank transfer" form (the file is checked apart). */
export const paymentProofTextSchema = z.object({ amount: amountTextSchema, reference: paymentProofInputSchema.shape.reference });
export type PaymentProofText = z.infer<typeof paymentProofTextSchema>;

export const invoiceNoParamsSchema = z.object({ invoiceNo: z.string().trim().min(1).max(40) });

const personRefSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const paymentAllocationSchema = z.object({
  invoiceId: z.string(),
  invoiceNo: z.string(),
  amountCents: z.number().int(),
  /** The invoice as it stands now. */
  invoiceTotalCents: z.number().int(),
  invoiceBalanceCents: z.number().int(),
  invoiceStatus: z.string(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const paymentEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});

export const paymentDetailSchema = z.object({
  id: z.string(),
  paymentNo: z.string(),
  courierId: z.string(),
  courierName: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), mailboxNumber: z.string() }),
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  amountCents: z.number().int(),
  status: paymentStatusSchema,
  note: z.string().nullable(),
  recordedBy: personRefSchema,
  recordedAt: z.string(),
  voidReason: z.string().nullable(),
  voidedBy: personRefSchema,
  voidedAt: z.string().nullable(),
  allocations: z.array(paymentAllocationSchema),
  events: z.array(paymentEventSchema),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const paymentListItemSchema = z.object({
  id: z.string(),
  paymentNo: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  amountCents: z.number().int(),
  status: paymentStatusSchema,
  invoiceNos: z.string(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
  courierId: z.string(),
  courierName: z.string(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

/** GET /payments staff-side (super admin adds courierName; recordedBy filters by staff member). */
export const paymentListColumns = {
  paymentNo: { sortable: true, filter: 'text' },
  customerName: { sortable: true, filter: 'text' },
  mailboxNumber: { sortable: true, filter: 'text' },
  method: { sortable: true, filter: 'dropdown' },
  reference: { sortable: true, filter: 'text' },
  amountCents: { sortable: true, filter: 'number' },
  status: { sortable: true, filter: 'dropdown' },
  invoiceNos: { filter: 'text' },
  recordedByName: { sortable: true, filter: 'dropdown' },
  recordedAt: { sortable: true, filter: 'text' },
  courierName: { sortable: true, filter: 'dropdown' },
} as const satisfies ListColumns;

export const paymentProofSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNo: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), mailboxNumber: z.string() }),
  amountCents: z.number().int(),
  reference: z.string(),
  status: proofStatusSchema,
  /** Why it was rejected: the customer sees it. */
  reason: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  paymentId: z.string().nullable(),
  paymentNo: z.string().nullable(),
  file: z.object({ fileName: z.string(), contentType: z.string(), url: z.string() }),
  courierId: z.string(),
  courierName: z.string(),
  createdAt: z.string(),
});
export type PaymentProof = z.infer<typeof paymentProofSchema>;

export const paymentProofListColumns = {
  invoiceNo: { sortable: true, filter: 'text' },
  customerName: { sortable: true, filter: 'text' },
  mailboxNumber: { sortable: true, filter: 'text' },
  amountCents: { sortable: true, filter: 'number' },
  reference: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
  courierName: { sortable: true, filter: 'dropdown' },
} as const satisfies ListColumns;
