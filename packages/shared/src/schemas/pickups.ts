import { z } from 'zod';
import { MB } from '../constants';
import { INVOICE_STATUSES } from '../domain/billing';
import { formatMoney } from '../domain/money';
import { packageStatusSchema, serviceSchema } from './packages';

/**
 * Issue 13, "The pickup counter and signatures". Paths, all under /api (packages_sign):
 *   GET  /counter/lookup?code=|customerId=          a scanned label, invoice barcode, mailbox or name → the
 *                                                   customer's parcels ready for pickup with their invoices
 *   POST /pickups/authorisation-letters             the customer's letter for an authorised person (multipart `letter`)
 *   POST /pickups                                   release: parcels, collector, signature (PNG data URL); Idempotency-Key
 *   GET  /pickups/{id}                              the pickup record (receipt)
 *   GET  /pickups/{id}/receipt                      the receipt PDF with the signature
 *   GET  /pickups/{id}/signature                    the signature image
 *   GET  /pickups/{id}/authorisation-letter         the letter kept with the pickup
 * Money is integer J$ cents.
 */

export const ID_TYPES = ['drivers_licence', 'passport', 'national_id'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, string> = {
  drivers_licence: "Driver's licence",
  passport: 'Passport',
  national_id: 'National ID',
};

export const COLLECTOR_KINDS = ['customer', 'authorised'] as const;
export type CollectorKind = (typeof COLLECTOR_KINDS)[number];

export const AUTHORISATION_LETTER_FIELD = 'letter';
export const AUTHORISATION_LETTER_MAX_BYTES = 10 * MB;
/** A signature drawn on a tablet is a few tens of kilobytes; the limit leaves room for a large screen. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
export const PICKUP_PACKAGES_MAX = 100;

export const PICKUP_MSG = {
  codeRequired: 'Scan a label or invoice, or type a mailbox number or name',
  nothingFound: (code: string) => `Nothing matches "${code}": scan a label or invoice, or type a mailbox number or name`,
  notReady: (packageNo: string, status: string) => `${packageNo} is ${status}, not ready for pickup`,
  noReadyParcels: 'No parcels are ready for pickup for this customer',
  choosePackages: 'Choose at least one parcel to release',
  tooManyPackages: `Release at most ${PICKUP_PACKAGES_MAX} parcels at a time`,
  oneCustomer: "Release one customer's parcels at a time",
  alreadyCollected: (packageNo: string) => `${packageNo} has already been collected`,
  balanceDue: (packageNo: string, balanceCents: number, invoiceNo: string) =>
    `${packageNo} has ${formatMoney(balanceCents)} unpaid on ${invoiceNo}: take the payment first, or a courier admin may release it with a reason`,
  notInvoiced: (packageNo: string) => `${packageNo} has no invoice yet: issue its invoice first, or a courier admin may release it with a reason`,
  unbilledCharges: (packageNo: string, amountCents: number) =>
    `${packageNo} has ${formatMoney(amountCents)} of charges not invoiced yet (storage or branch switching): invoice them first, or a courier admin may release it with a reason`,
  overrideAdminOnly: 'Only a courier admin can release parcels that are not paid',
  overrideReasonRequired: 'Give the reason for releasing parcels that are not paid',
  signatureRequired: 'The person collecting must sign',
  signatureInvalid: 'The signature could not be read. Please sign again.',
  signatureTooLarge: 'The signature image is too large. Please sign again.',
  collectorNameRequired: 'Name of the person collecting is required',
  idTypeRequired: 'Choose the ID type',
  idNumberRequired: 'ID number is required',
  relationshipRequired: 'Relationship to the customer is required',
  letterRequired: "Upload the customer's authorisation letter",
  letterWrongType: 'The authorisation letter must be a PDF, JPG or PNG file',
  letterTooLarge: 'The authorisation letter must be smaller than 10 MB',
  letterInvalid: 'Upload the authorisation letter again',
  released: (count: number) => `${count} parcel${count === 1 ? '' : 's'} released`,
} as const;

const text = (max: number) => z.string().trim().max(max);

// ---------------------------------------------------------------------------------------------
// Counter lookup

export const counterLookupQuerySchema = z.object({
  code: text(100).min(1, PICKUP_MSG.codeRequired).optional(),
  customerId: z.string().uuid().optional(),
}).refine((q) => Boolean(q.code) || Boolean(q.customerId), { message: PICKUP_MSG.codeRequired, path: ['code'] });
export type CounterLookupQuery = z.infer<typeof counterLookupQuerySchema>;

export const counterCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  mailboxNumber: z.string(),
  email: z.string(),
  branchName: z.string(),
});
export type CounterCustomer = z.infer<typeof counterCustomerSchema>;

export const counterInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  packageNumbers: z.array(z.string()),
});
export type CounterInvoice = z.infer<typeof counterInvoiceSchema>;

export const counterParcelSchema = z.object({
  id: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  description: z.string().nullable(),
  service: serviceSchema,
  weight: z.number(),
  pieces: z.number().int(),
  branchName: z.string(),
  location: z.string().nullable(),
  /** The invoice numbers billing the parcel (not void). */
  invoiceNumbers: z.array(z.string()),
  /** What is still owed on those invoices; 0 when paid. */
  balanceCents: z.number().int(),
  isInvoiced: z.boolean(),
  /** The parcel (or its invoice) was what was scanned. */
  isScanned: z.boolean(),
});
export type CounterParcel = z.infer<typeof counterParcelSchema>;

export const counterLookupSchema = z.object({
  code: z.string(),
  matchedBy: z.enum(['package', 'invoice', 'mailbox', 'name', 'customer']).nullable(),
  /** Why nothing (or less than expected) is shown, e.g. the scanned parcel was already collected. */
  message: z.string().nullable(),
  /** Several customers match a name: staff choose one (then look up by customerId). */
  candidates: z.array(counterCustomerSchema),
  customer: counterCustomerSchema.nullable(),
  parcels: z.array(counterParcelSchema),
  invoices: z.array(counterInvoiceSchema),
  totals: z.object({ totalCents: z.number().int(), paidCents: z.number().int(), balanceCents: z.number().int() }),
  /** The scanned parcel when it is not ready (collected, in transit…), so staff see where it is. */
  scannedPackage: z.object({ packageNumber: z.string(), status: packageStatusSchema }).nullable(),
});
export type CounterLookup = z.infer<typeof counterLookupSchema>;

// ---------------------------------------------------------------------------------------------
// Release

export const authorisationLetterSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type AuthorisationLetter = z.infer<typeof authorisationLetterSchema>;

/**
 * Who collects: the customer, or an authorised person with their photo ID and the customer's
 * letter (shared/domain.md "Labels and counters"). Flat, so one form and one body share it.
 */
export const collectorFields = {
  collectorKind: z.enum(COLLECTOR_KINDS, { error: 'Choose who is collecting' }),
  collectorName: text(200).optional(),
  idType: z.enum(ID_TYPES, { error: PICKUP_MSG.idTypeRequired }).optional(),
  idNumber: text(60).optional(),
  relationship: text(100).optional(),
  authorisationLetterFileId: z.string().uuid(PICKUP_MSG.letterRequired).optional(),
};

function checkCollector(value: { collectorKind: CollectorKind; collectorName?: string; idType?: IdType; idNumber?: string; relationship?: string; authorisationLetterFileId?: string }, ctx: z.RefinementCtx) {
  if (value.collectorKind !== 'authorised') return;
  const missing: [keyof typeof value, string][] = [];
  if (!value.collectorName) missing.push(['collectorName', PICKUP_MSG.collectorNameRequired]);
  if (!value.idType) missing.push(['idType', PICKUP_MSG.idTypeRequired]);
  if (!value.idNumber) missing.push(['idNumber', PICKUP_MSG.idNumberRequired]);
  if (!value.relationship) missing.push(['relationship', PICKUP_MSG.relationshipRequired]);
  if (!value.authorisationLetterFileId) missing.push(['authorisationLetterFileId', PICKUP_MSG.letterRequired]);
  for (const [path, message] of missing) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** The signing page's form: the collector and, for a courier admin, the override reason. */
export const pickupFormSchema = z.object({
  ...collectorFields,
  overrideReason: text(500).optional(),
}).superRefine(checkCollector);
export type PickupForm = z.infer<typeof pickupFormSchema>;

export const createPickupSchema = z.object({
  packageIds: z.array(z.string().uuid()).min(1, PICKUP_MSG.choosePackages).max(PICKUP_PACKAGES_MAX, PICKUP_MSG.tooManyPackages),
  ...collectorFields,
  /** The signature as drawn: a PNG data URL. */
  signature: z.string({ error: PICKUP_MSG.signatureRequired })
    .min(SIGNATURE_DATA_URL_PREFIX.length + 8, PICKUP_MSG.signatureRequired)
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + SIGNATURE_DATA_URL_PREFIX.length + 4, PICKUP_MSG.signatureTooLarge)
    .refine((value) => value.startsWith(SIGNATURE_DATA_URL_PREFIX), PICKUP_MSG.signatureInvalid),
  /** A courier admin releasing parcels that are not paid says why (audited). */
  overrideReason: text(500).min(5, PICKUP_MSG.overrideReasonRequired).optional(),
}).superRefine(checkCollector);
export type CreatePickup = z.infer<typeof createPickupSchema>;

export const pickupSchema = z.object({
  id: z.string(),
  pickupNumber: z.string(),
  customer: counterCustomerSchema,
  collector: z.object({
    kind: z.enum(COLLECTOR_KINDS),
    name: z.string(),
    idType: z.enum(ID_TYPES).nullable(),
    idNumber: z.string().nullable(),
    relationship: z.string().nullable(),
    authorisationLetter: authorisationLetterSchema.nullable(),
  }),
  releasedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  releasedAt: z.string(),
  override: z.object({ reason: z.string(), byName: z.string() }).nullable(),
  packages: z.array(z.object({ id: z.string(), packageNumber: z.string(), trackingNumber: z.string(), description: z.string().nullable() })),
  invoices: z.array(counterInvoiceSchema),
  totals: z.object({ totalCents: z.number().int(), paidCents: z.number().int(), balanceCents: z.number().int() }),
  /** Where the receipt was emailed; null when the customer has no email. */
  receiptEmailedTo: z.string().nullable(),
});
export type Pickup = z.infer<typeof pickupSchema>;

export const createPickupResponseSchema = z.object({ message: z.string(), pickup: pickupSchema });
export type CreatePickupResponse = z.infer<typeof createPickupResponseSchema>;
