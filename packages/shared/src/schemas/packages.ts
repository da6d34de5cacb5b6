import { z } from 'zod';
import { MB } from '../constants';
import {
  CARRIERS, DECLARED_VALUE_MAX, DIMENSION_MAX_IN, hasAtMostTwoDecimals, MEASURE_MSG, PACKAGE_STATUSES, PIECES_MAX, TRACKING_MSG,
  trackingProblem, VOLUMETRIC_DIVISOR_MAX, VOLUMETRIC_DIVISOR_MIN, WEIGHT_MAX_LBS,
} from '../domain/packages';
import type { ListColumns } from './people';

/**
 * Request and response shapes of the package routes (issue 11). Paths, all under /api:
 *   POST /pre-alerts (JSON or multipart with `invoice`), GET /pre-alerts (list), PUT|DELETE /pre-alerts/{id}
 *   POST /packages/receive (header Idempotency-Key), GET /packages (list), GET /packages/{id},
 *   PUT /packages/{id}, POST /packages/{id}/status, GET /packages/unknown (list), POST /packages/{id}/assign,
 *   POST /package-claims (multipart with `proof`), GET /package-claims (list), PUT /package-claims/{id},
 *   GET /packages/{id}/label?format=pdf|zpl, GET /track/{number}?api_key=,
 *   GET /pre-alerts/{id}/invoice, GET /package-files/{id} (files, for those who may open their package)
 *   GET|PUT /settings/volumetric-divisor
 * Amounts are US$ with at most 2 decimals on the wire (stored as integer cents); weights in lb and
 * dimensions in inches with at most 2 decimals.
 */

export const SERVICES = ['air', 'sea'] as const;
export type Service = (typeof SERVICES)[number];
export const SERVICE_LABELS: Record<Service, string> = { air: 'AIR', sea: 'SEA' };

export const PRE_ALERT_STATUSES = ['pending', 'received', 'cancelled'] as const;
export type PreAlertStatus = (typeof PRE_ALERT_STATUSES)[number];
export const PRE_ALERT_STATUS_LABELS: Record<PreAlertStatus, string> = { pending: 'Pre-alerted', received: 'Received', cancelled: 'Cancelled' };

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' };

/** Invoices and claim proofs: PDF, JPG or PNG by content, at most 5 MB. Photos: JPG or PNG. */
export const PACKAGE_DOCUMENT_MAX_BYTES = 5 * MB;
export const PACKAGE_PHOTO_MAX_BYTES = 10 * MB;
export const PACKAGE_PHOTOS_MAX = 6;
/** Stored photos are resized so their long side is at most this many pixels. */
export const PACKAGE_PHOTO_MAX_SIDE = 1600;
/** Larger images are refused before decoding (a small file can declare a huge canvas). */
export const PACKAGE_PHOTO_MAX_PIXELS = 50_000_000;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const PACKAGE_TEXT_MAX = 500;
export const PACKAGE_NOTE_MAX = 2000;

export const PACKAGE_MSG = {
  /** Issue 12: a parcel on a manifest moves with it (POST /packages/{id}/status refuses, 409). */
  statusOnManifest: (packageNo: string, manifestNo: string, manifestStatus: string) => manifestStatus === 'open'
    ? `${packageNo} is on manifest ${manifestNo} (Open): its status follows the manifest; remove it from the manifest first`
    : `${packageNo} is on manifest ${manifestNo} (${manifestStatus === 'closed' ? 'Closed' : manifestStatus === 'departed' ? 'Departed' : 'Arrived'}): its status follows the manifest until it is reconciled`,
  /** Issue 12: PUT /packages/{id} cannot move a manifested parcel to the other service (409). */
  serviceOnManifest: (packageNo: string, manifestNo: string) =>
    `The service of ${packageNo} cannot change while it is on manifest ${manifestNo}: remove it from the manifest first`,
  carrierInvalid: 'Choose a carrier from the list',
  serviceInvalid: 'Choose AIR or SEA',
  storeRequired: 'Store is required',
  descriptionRequired: 'Description is required',
  declaredValueRequired: 'Declared value is required',
  documentWrongType: 'The file must be a PDF, JPG or PNG',
  documentTooLarge: 'The file must be less than 5MB',
  photoWrongType: 'Photos must be JPG or PNG images',
  photoTooLarge: 'Photos must be less than 10MB',
  photoUnreadable: 'This photo could not be read. Please take or choose it again.',
  photoTooManyPixels: 'This photo is too large to process (at most 50 megapixels)',
  photoLimit: `A package can have at most ${PACKAGE_PHOTOS_MAX} photos`,
  photoRequired: 'Choose a photo to upload',
  photoAdded: 'Photo added',
  proofRequired: 'Upload a proof of purchase (invoice or order screenshot)',
  preAlertCreated: 'Pre-alert added',
  preAlertUpdated: 'Pre-alert updated',
  preAlertCancelled: 'Pre-alert cancelled',
  preAlertAlreadyCancelled: 'This pre-alert is already cancelled',
  preAlertLocked: 'This pre-alert has already been received and can no longer be changed',
  preAlertDuplicate: 'You have already pre-alerted this tracking number',
  alreadyReceived: 'A package with this tracking number has already been received',
  customerNotFound: 'No customer has this mailbox number',
  customerInactive: 'This customer account is deactivated',
  branchInvalid: 'Choose a branch of this courier',
  idempotencyKeyInvalid: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  reasonRequired: 'Give a reason for the change',
  editLocked: 'This package is on an invoice; its weights and description can no longer be edited',
  nothingChanged: 'Nothing to change',
  notUnknown: 'Only unknown packages can be assigned',
  noCustomer: 'Assign the package to a customer first',
  claimNotFound: 'We found no unknown package with this tracking number. Check the number, or contact us.',
  claimDuplicate: 'You already have a claim pending for this package',
  claimDecided: 'This claim has already been decided',
  claimRejectReason: 'Give the reason for rejecting the claim',
  statusChanged: 'Package status updated',
  received: 'Package received',
  assigned: 'Package assigned',
  claimSubmitted: 'Claim submitted. We will tell you when it has been reviewed.',
  trackingNotFound: 'No package found with this number',
} as const;

const twoDecimals = <T extends z.ZodType<number, unknown>>(schema: T) => schema.refine(hasAtMostTwoDecimals, MEASURE_MSG.twoDecimals);

/** Multipart sends every field as text: numbers are coerced, '' is "not given". */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const trackingNumberSchema = z.string({ error: TRACKING_MSG.required }).max(200, TRACKING_MSG.length)
  .superRefine((value, ctx) => {
    const problem = trackingProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const weightSchema = z.preprocess(emptyToUndefined, twoDecimals(z.coerce.number({ error: MEASURE_MSG.weightRequired })
  .refine(Number.isFinite, MEASURE_MSG.weightRequired)
  .refine((n) => n > 0, MEASURE_MSG.weightPositive)
  .refine((n) => n <= WEIGHT_MAX_LBS, MEASURE_MSG.weightMax)));

const dimension = z.preprocess(emptyToUndefined, twoDecimals(z.coerce.number({ error: MEASURE_MSG.dimensionPositive })
  .refine((n) => n > 0, MEASURE_MSG.dimensionPositive)
  .refine((n) => n <= DIMENSION_MAX_IN, MEASURE_MSG.dimensionMax)).nullable().optional());

export const declaredValueSchema = z.preprocess(emptyToUndefined, twoDecimals(z.coerce.number({ error: PACKAGE_MSG.declaredValueRequired })
  .refine((n) => n >= 0 && n <= DECLARED_VALUE_MAX, MEASURE_MSG.declaredValueRange)));

const piecesSchema = z.preprocess(emptyToUndefined, z.coerce.number({ error: MEASURE_MSG.piecesRange }).int(MEASURE_MSG.piecesRange)
  .min(1, MEASURE_MSG.piecesRange).max(PIECES_MAX, MEASURE_MSG.piecesRange));

const optionalLine = (max = PACKAGE_TEXT_MAX) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, `At most ${max} characters`).nullable().optional());
const requiredLine = (message: string, max = PACKAGE_TEXT_MAX) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export const carrierSchema = z.enum(CARRIERS, { error: PACKAGE_MSG.carrierInvalid });
export const serviceSchema = z.enum(SERVICES, { error: PACKAGE_MSG.serviceInvalid });
export const packageStatusSchema = z.enum(PACKAGE_STATUSES);
const optionalId = z.preprocess(emptyToUndefined, z.string().uuid('Not found').optional());

/** Length, width and height come together or not at all. */
function dimensionsTogether(value: { length?: number | null; width?: number | null; height?: number | null }, ctx: z.RefinementCtx) {
  const given = [value.length, value.width, value.height].filter((d) => d !== undefined && d !== null).length;
  if (given !== 0 && given !== 3) {
    for (const key of ['length', 'width', 'height'] as const) {
      if (value[key] === undefined || value[key] === null) ctx.addIssue({ code: 'custom', path: [key], message: MEASURE_MSG.dimensionsAllOrNone });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Pre-alerts

/** POST /pre-alerts and PUT /pre-alerts/{id} (customer): JSON, or multipart with the same fields and an `invoice` file. */
export const preAlertInputSchema = z.object({
  trackingNumber: trackingNumberSchema,
  /** Guessed from the number when not given. */
  carrier: z.preprocess(emptyToUndefined, carrierSchema.optional()),
  store: requiredLine(PACKAGE_MSG.storeRequired, 200),
  description: requiredLine(PACKAGE_MSG.descriptionRequired),
  declaredValue: declaredValueSchema,
  service: z.preprocess(emptyToUndefined, serviceSchema.default('air')),
});
export type PreAlertInput = z.output<typeof preAlertInputSchema>;
export type PreAlertFormValues = z.input<typeof preAlertInputSchema>;
/** The body of POST /pre-alerts and PUT /pre-alerts/{id} as the API documentation shows it: the fields plus the file. */
export const preAlertFormSchema = preAlertInputSchema.extend({
  invoice: z.file().optional().describe('The supplier invoice: PDF, JPG or PNG, at most 5MB; multipart only (on PUT it replaces the old one)'),
});

/** The body of POST /packages/{id}/photos as the API documentation shows it. */
export const packagePhotoFormSchema = z.object({
  photo: z.file().describe(`One photo: JPG or PNG by content, under ${PACKAGE_PHOTO_MAX_BYTES / MB} MB, resized to ${PACKAGE_PHOTO_MAX_SIDE} px on the long side`),
});

export const packageFileSchema = z.object({
  id: z.string(),
  kind: z.enum(['photo', 'invoice', 'claim_proof']),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Needs the bearer token: fetch it as a blob. */
  url: z.string(),
  createdAt: z.string(),
});
export type PackageFile = z.infer<typeof packageFileSchema>;

const customerRefSchema = z.object({ id: z.string(), name: z.string(), mailboxNumber: z.string() });

export const preAlertSchema = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  store: z.string(),
  description: z.string(),
  declaredValue: z.number(),
  service: serviceSchema,
  status: z.enum(PRE_ALERT_STATUSES),
  /** The package it became, once received. */
  packageId: z.string().nullable(),
  packageNumber: z.string().nullable(),
  invoice: packageFileSchema.nullable(),
  customer: customerRefSchema,
  courierId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PreAlert = z.infer<typeof preAlertSchema>;

/** GET /pre-alerts: a customer's own; staff (packages_view) the courier's. */
export const preAlertListColumns = {
  trackingNumber: { sortable: true, filter: 'text' },
  carrier: { sortable: true, filter: 'dropdown' },
  store: { sortable: true, filter: 'text' },
  description: { filter: 'text' },
  service: { sortable: true, filter: 'dropdown' },
  status: { sortable: true, filter: 'dropdown' },
  customerName: { sortable: true, filter: 'text' },
  mailboxNumber: { sortable: true, filter: 'text' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

// ---------------------------------------------------------------------------------------------
// Packages

export const packageEventSchema = z.object({
  id: z.string(),
  /** received, status, edit, assigned, claimed, correction, label_printed … */
  kind: z.string(),
  status: packageStatusSchema,
  /** Staff wording; the customer's is PACKAGE_STATUS_CUSTOMER_LABELS[status]. */
  label: z.string(),
  customerLabel: z.string(),
  note: z.string().nullable(),
  location: z.string().nullable(),
  /** Staff name; null for customers and the public. */
  by: z.string().nullable(),
  at: z.string(),
});
export type PackageEvent = z.infer<typeof packageEventSchema>;

export const packageListItemSchema = z.object({
  id: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  status: packageStatusSchema,
  customerId: z.string().nullable(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  service: serviceSchema,
  branchId: z.string().nullable(),
  branchName: z.string(),
  shipper: z.string().nullable(),
  description: z.string().nullable(),
  weight: z.number(),
  chargeableWeight: z.number(),
  pieces: z.number().int(),
  receivedAt: z.string(),
  courierId: z.string(),
  courierName: z.string(),
  updatedAt: z.string(),
});
export type PackageListItem = z.infer<typeof packageListItemSchema>;

/**
 * GET /packages (staff with packages_view: the courier's; super admin: the network with
 * courierName; customer: their own). Search: package number, tracking number, customer name,
 * mailbox. `receivedAt` filters on the local date 'YYYY-MM-DD' (a prefix such as '2026-11' works).
 * branchName's dropdown value is the branch id.
 */
export const packageListColumns = {
  packageNumber: { sortable: true, filter: 'text' },
  trackingNumber: { sortable: true, filter: 'text' },
  customerName: { sortable: true, filter: 'text' },
  mailboxNumber: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  service: { sortable: true, filter: 'dropdown' },
  carrier: { sortable: true, filter: 'dropdown' },
  branchName: { sortable: true, filter: 'dropdown' },
  courierName: { sortable: true, filter: 'dropdown' },
  weight: { sortable: true, filter: 'number' },
  receivedAt: { sortable: true, filter: 'text' },
  updatedAt: { sortable: true },
} as const satisfies ListColumns;

/** GET /packages as a customer: no customer columns. */
export const myPackageListColumns = {
  packageNumber: { sortable: true, filter: 'text' },
  trackingNumber: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  service: { sortable: true, filter: 'dropdown' },
  carrier: { sortable: true, filter: 'dropdown' },
  receivedAt: { sortable: true, filter: 'text' },
  updatedAt: { sortable: true },
} as const satisfies ListColumns;

export const unknownPackageListItemSchema = z.object({
  id: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  /** What was read off the label. */
  labelName: z.string().nullable(),
  labelMailbox: z.string().nullable(),
  shipper: z.string().nullable(),
  weight: z.number(),
  branchName: z.string(),
  receivedAt: z.string(),
  pendingClaims: z.number().int(),
  courierId: z.string(),
  courierName: z.string(),
});
export type UnknownPackageListItem = z.infer<typeof unknownPackageListItemSchema>;

/** GET /packages/unknown (packages_unknown; super admin across couriers). */
export const unknownPackageListColumns = {
  packageNumber: { sortable: true, filter: 'text' },
  trackingNumber: { sortable: true, filter: 'text' },
  labelName: { sortable: true, filter: 'text' },
  labelMailbox: { sortable: true, filter: 'text' },
  carrier: { sortable: true, filter: 'dropdown' },
  courierName: { sortable: true, filter: 'dropdown' },
  receivedAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

export const packageDetailSchema = packageListItemSchema.extend({
  declaredValue: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  volumetricWeight: z.number().nullable(),
  volumetricDivisor: z.number().int(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  labelName: z.string().nullable(),
  labelMailbox: z.string().nullable(),
  /** Issue 17: the packing system's PackageID and house number (ControlNumber) of a parcel it pushed (staff only). */
  externalPackageId: z.string().nullable(),
  externalControlNumber: z.string().nullable(),
  preAlertId: z.string().nullable(),
  /** Recorded when an unknown package is assigned or claimed; charged on its invoice (US$/J$ as the courier's fees are set). */
  unknownFee: z.number().nullable(),
  /** Weights, dimensions and description are fixed once the package is on an invoice. */
  isEditable: z.boolean(),
  events: z.array(packageEventSchema),
  files: z.array(packageFileSchema),
  /** Statuses the viewer may move it to now (empty for customers). */
  allowedStatuses: z.array(packageStatusSchema),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

/**
 * POST /packages/receive (packages_scan), header `Idempotency-Key` (8–100 of [A-Za-z0-9_-]).
 * The customer is `customerId`, else `mailboxNumber`, else the pre-alert of the tracking number;
 * none of them: the package is unknown (labelName / labelMailbox keep what the label says).
 */
export const receivePackageSchema = z.object({
  trackingNumber: trackingNumberSchema,
  carrier: z.preprocess(emptyToUndefined, carrierSchema.optional()),
  customerId: optionalId,
  mailboxNumber: optionalLine(40),
  labelName: optionalLine(200),
  shipper: optionalLine(200),
  description: optionalLine(),
  declaredValue: z.preprocess(emptyToUndefined, declaredValueSchema.optional()),
  pieces: z.preprocess(emptyToUndefined, piecesSchema.default(1)),
  weight: weightSchema,
  length: dimension,
  width: dimension,
  height: dimension,
  /** Defaults to the pre-alert's service, else AIR. */
  service: z.preprocess(emptyToUndefined, serviceSchema.optional()),
  /** Pickup branch; defaults to the customer's branch. */
  branchId: optionalId,
  location: optionalLine(100),
  notes: optionalLine(PACKAGE_NOTE_MAX),
  /** Super admin only: the courier receiving it. */
  courierId: optionalId,
}).superRefine(dimensionsTogether);
export type ReceivePackageInput = z.output<typeof receivePackageSchema>;
export type ReceivePackageFormValues = z.input<typeof receivePackageSchema>;

export const RECEIVE_OUTCOMES = ['received', 'matched_pre_alert', 'unknown', 'existing'] as const;
export type ReceiveOutcome = (typeof RECEIVE_OUTCOMES)[number];

/** 201 for a new package, 200 for `existing` (the same tracking number, or a replayed Idempotency-Key). */
export const receivePackageResponseSchema = z.object({
  outcome: z.enum(RECEIVE_OUTCOMES),
  message: z.string(),
  package: packageDetailSchema,
});
export type ReceivePackageResponse = z.infer<typeof receivePackageResponseSchema>;

/** PUT /packages/{id}: corrections with an audited reason (while no invoice exists). */
export const packageEditSchema = z.object({
  weight: z.preprocess(emptyToUndefined, weightSchema.optional()),
  length: dimension,
  width: dimension,
  height: dimension,
  pieces: z.preprocess(emptyToUndefined, piecesSchema.optional()),
  description: optionalLine(),
  shipper: optionalLine(200),
  declaredValue: z.preprocess(emptyToUndefined, declaredValueSchema.optional()),
  service: z.preprocess(emptyToUndefined, serviceSchema.optional()),
  branchId: optionalId,
  location: optionalLine(100),
  notes: optionalLine(PACKAGE_NOTE_MAX),
  reason: requiredLine(PACKAGE_MSG.reasonRequired, 500),
}).superRefine(dimensionsTogether);
export type PackageEditInput = z.output<typeof packageEditSchema>;

/** POST /packages/{id}/status */
export const packageStatusChangeSchema = z.object({
  status: z.enum(PACKAGE_STATUSES, { error: 'Choose a status' }),
  note: optionalLine(PACKAGE_NOTE_MAX),
  location: optionalLine(100),
});
export type PackageStatusChange = z.output<typeof packageStatusChangeSchema>;

/** POST /packages/{id}/assign (packages_unknown): the unknown package becomes the customer's, received. */
export const assignPackageSchema = z.object({
  customerId: z.string({ error: 'Choose a customer' }).uuid('Choose a customer'),
  note: optionalLine(PACKAGE_NOTE_MAX),
});
export type AssignPackageInput = z.output<typeof assignPackageSchema>;

// ---------------------------------------------------------------------------------------------
// Claims

/** POST /package-claims (customer): multipart with `trackingNumber`, optional `note` and a `proof` file (PDF/JPG/PNG ≤ 5 MB). */
export const packageClaimInputSchema = z.object({
  trackingNumber: trackingNumberSchema,
  note: optionalLine(PACKAGE_NOTE_MAX),
});
export type PackageClaimInput = z.output<typeof packageClaimInputSchema>;
/** The body of POST /package-claims as the API documentation shows it: the fields plus the proof. */
export const packageClaimFormSchema = packageClaimInputSchema.extend({
  proof: z.file().describe('Proof of purchase (invoice or order screenshot): PDF, JPG or PNG, at most 5MB'),
});

export const packageClaimSchema = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  status: z.enum(CLAIM_STATUSES),
  note: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Shown to the claimant only once approved; always to staff. */
  packageId: z.string().nullable(),
  packageNumber: z.string().nullable(),
  proof: packageFileSchema.nullable(),
  customer: customerRefSchema,
  courierId: z.string(),
  createdAt: z.string(),
});
export type PackageClaim = z.infer<typeof packageClaimSchema>;

/** GET /package-claims: a customer's own; staff with packages_unknown the courier's. */
export const packageClaimListColumns = {
  trackingNumber: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  customerName: { sortable: true, filter: 'text' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

/** PUT /package-claims/{id} (packages_unknown) */
export const packageClaimDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }),
  reason: optionalLine(PACKAGE_NOTE_MAX),
}).superRefine((value, ctx) => {
  if (value.decision === 'reject' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: PACKAGE_MSG.claimRejectReason });
});
export type PackageClaimDecision = z.output<typeof packageClaimDecisionSchema>;

// ---------------------------------------------------------------------------------------------
// Public tracking, labels, settings, live events

export const trackParamsSchema = z.object({ number: z.string().trim().min(1, PACKAGE_MSG.trackingNotFound).max(60, PACKAGE_MSG.trackingNotFound) });
export const trackQuerySchema = z.object({ api_key: z.string().trim().min(1, 'api_key is required').max(200) });

/** GET /track/{number}?api_key=: customer wording, no personal data beyond a first-name initial. */
export const trackingResultSchema = z.object({
  packageNumber: z.string(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  service: serviceSchema,
  status: packageStatusSchema,
  statusLabel: z.string(),
  nextStep: z.string(),
  recipientInitial: z.string().nullable(),
  courierName: z.string(),
  receivedAt: z.string(),
  events: z.array(z.object({ status: packageStatusSchema, label: z.string(), location: z.string().nullable(), at: z.string() })),
});
export type TrackingResult = z.infer<typeof trackingResultSchema>;

export const labelQuerySchema = z.object({ format: z.enum(['pdf', 'zpl']).default('pdf') });

export const volumetricDivisorSchema = z.object({
  volumetricDivisor: z.coerce.number({ error: MEASURE_MSG.divisorRange }).int(MEASURE_MSG.divisorRange)
    .min(VOLUMETRIC_DIVISOR_MIN, MEASURE_MSG.divisorRange).max(VOLUMETRIC_DIVISOR_MAX, MEASURE_MSG.divisorRange),
});
export type VolumetricDivisorSettings = z.infer<typeof volumetricDivisorSchema>;
export const volumetricDivisorSavedSchema = volumetricDivisorSchema.extend({ message: z.string() });

/** The customer's profile switch (GET/PUT /customers/me/package-emails). */
export const packageEmailPreferenceSchema = z.object({ packageEmails: z.boolean() });
export const packageEmailPreferenceSavedSchema = packageEmailPreferenceSchema.extend({ message: z.string() });

/** Live stream (GET /events/stream) `event: packages`. */
export const packageEventStreamSchema = z.object({
  kind: z.enum(['package.received', 'package.status', 'package.updated', 'resync']),
  packageId: z.string().nullable(),
  packageNumber: z.string().nullable(),
  status: packageStatusSchema.nullable(),
});
export type PackageStreamEvent = z.infer<typeof packageEventStreamSchema>;

/** Dashboard figures (added to GET /dashboard/summary `figures` as packages_received_today, packages_received_week, packages_<status>). */
export const PACKAGE_DASHBOARD_KEYS = ['packages_received_today', 'packages_received_week', 'packages_unknown'] as const;
