import { z } from 'zod';
import {
  AIRPORTS, formatMawb, MANIFEST_ACTIONS, MANIFEST_STATUSES, mawbProblem, normaliseMawb, normalisePlaceCode, placeProblem, SEAPORTS,
} from '../domain/manifests';
import { packageStatusSchema, serviceSchema } from './packages';
import type { ListColumns } from './people';

/**
 * Request and response shapes of the manifest routes (issue 12). Paths, all under /api:
 *   POST /manifests, GET /manifests (list), GET /manifests/{id}, PATCH /manifests/{id} (header, while open),
 *   POST /manifests/{id}/packages (header Idempotency-Key), DELETE /manifests/{id}/packages/{packageId},
 *   POST /manifests/{id}/status (close, reopen, depart, arrive),
 *   GET /manifests/{id}/export?format=pdf|xlsx|csv|broker|invoices
 * Weights in lb; declared values in US$ cents (integers).
 */

export const MANIFEST_TEXT_MAX = 100;
export const MANIFEST_NOTES_MAX = 2000;
/** One request adds at most this many parcels (the "add received packages" list sends a page's choice). */
export const MANIFEST_ADD_MAX = 500;

export const MANIFEST_EXPORT_FORMATS = ['pdf', 'xlsx', 'csv', 'broker', 'invoices'] as const;
export type ManifestExportFormat = (typeof MANIFEST_EXPORT_FORMATS)[number];

export const MANIFEST_FORM_MSG = {
  carrierRequired: 'Carrier (airline or shipping line) is required',
  billOfLadingFormat: 'The bill of lading number must be 4 to 30 letters and digits',
  mawbOnlyAir: 'A master air waybill belongs on an AIR manifest; use the bill of lading for SEA',
  bolOnlySea: 'A bill of lading belongs on a SEA manifest; use the master air waybill for AIR',
  dateFormat: 'Use a date such as 2026-11-30',
  departureAfterArrival: 'The departure date must be on or before the arrival date',
  sameOriginDestination: 'Origin and destination must differ',
  serviceLocked: 'The service of a manifest cannot be changed (its number says AIR or SEA); create a new manifest instead',
  created: 'Manifest created',
  saved: 'Manifest saved',
  packageRemoved: 'Package removed from the manifest',
  choosePackages: 'Choose at least one package or scan a label',
  tooMany: `Add at most ${MANIFEST_ADD_MAX} packages at a time`,
} as const;

/** Why a parcel cannot go on the manifest: the scan station and the add dialog show `message`. */
export const MANIFEST_REFUSALS = ['unknown_code', 'not_received', 'unknown_package', 'other_service', 'on_other_manifest', 'already_on_this', 'sealed'] as const;
export type ManifestRefusal = (typeof MANIFEST_REFUSALS)[number];

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalLine = (max = MANIFEST_TEXT_MAX) => z.preprocess(emptyToNull, z.string().trim().max(max, `At most ${max} characters`).nullable());
const dateSchema = z.preprocess(emptyToNull, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MANIFEST_FORM_MSG.dateFormat)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), MANIFEST_FORM_MSG.dateFormat)
  .nullable());

const PLACE_CODES = [...Object.keys(AIRPORTS), ...Object.keys(SEAPORTS)] as [string, ...string[]];
/** An airport or port code of the list (upper-cased); which kind the service takes is checked with the service below. */
const placeSchema = (which: 'Origin' | 'Destination') => z.preprocess(
  (value) => (typeof value === 'string' ? normalisePlaceCode(value) : value),
  z.enum(PLACE_CODES, { error: (issue) => (issue.input === undefined || issue.input === '' ? `${which} is required` : `${which} must be a known airport or port code: MIA, FLL, KIN, MBJ … for AIR, USMIA, USPEF, JMKIN … for SEA; "${String(issue.input)}" is not one`) }),
);
/** The MAWB as 11 digits, its check digit verified (the service check is below). */
const mawbSchema = z.preprocess(emptyToNull, z.string().trim().max(20, 'At most 20 characters').transform(normaliseMawb)
  .superRefine((value, ctx) => {
    const problem = mawbProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).nullable());

/** POST /manifests and PATCH /manifests/{id}: the header. Codes are upper-cased; the MAWB is kept as 11 digits. */
export const manifestInputSchema = z.object({
  service: serviceSchema,
  carrier: z.string({ error: MANIFEST_FORM_MSG.carrierRequired }).trim().min(1, MANIFEST_FORM_MSG.carrierRequired).max(MANIFEST_TEXT_MAX, `At most ${MANIFEST_TEXT_MAX} characters`),
  // Optional keys: a waybill is often issued after the manifest is opened (it is needed to close it).
  mawb: mawbSchema.optional(),
  billOfLading: z.preprocess(emptyToNull, z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{4,30}$/, MANIFEST_FORM_MSG.billOfLadingFormat).nullable()).optional(),
  flightOrVoyage: optionalLine(40).optional(),
  origin: placeSchema('Origin'),
  destination: placeSchema('Destination'),
  departureDate: dateSchema.optional(),
  arrivalDate: dateSchema.optional(),
  notes: optionalLine(MANIFEST_NOTES_MAX).optional(),
}).superRefine((value, ctx) => {
  for (const [field, which] of [['origin', 'Origin'], ['destination', 'Destination']] as const) {
    const problem = placeProblem(value.service, value[field], which);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  }
  if (value.origin && value.origin === value.destination) ctx.addIssue({ code: 'custom', path: ['destination'], message: MANIFEST_FORM_MSG.sameOriginDestination });
  if (value.mawb && value.service !== 'air') ctx.addIssue({ code: 'custom', path: ['mawb'], message: MANIFEST_FORM_MSG.mawbOnlyAir });
  if (value.billOfLading && value.service !== 'sea') ctx.addIssue({ code: 'custom', path: ['billOfLading'], message: MANIFEST_FORM_MSG.bolOnlySea });
  if (value.departureDate && value.arrivalDate && value.departureDate > value.arrivalDate) {
    ctx.addIssue({ code: 'custom', path: ['arrivalDate'], message: MANIFEST_FORM_MSG.departureAfterArrival });
  }
});
export type ManifestInput = z.output<typeof manifestInputSchema>;
export type ManifestFormValues = z.input<typeof manifestInputSchema>;

/** POST /manifests/{id}/packages: package ids (the list) and/or scanned codes (package or tracking numbers). */
export const manifestAddPackagesSchema = z.object({
  packageIds: z.array(z.string().uuid('Not found')).max(MANIFEST_ADD_MAX, MANIFEST_FORM_MSG.tooMany).default([]),
  codes: z.array(z.string().trim().min(1).max(200)).max(MANIFEST_ADD_MAX, MANIFEST_FORM_MSG.tooMany).default([]),
}).refine((value) => value.packageIds.length + value.codes.length > 0, { message: MANIFEST_FORM_MSG.choosePackages, path: ['packageIds'] });
export type ManifestAddPackages = z.output<typeof manifestAddPackagesSchema>;

/** POST /manifests/{id}/status */
export const manifestStatusChangeSchema = z.object({
  action: z.enum(MANIFEST_ACTIONS, { error: 'Choose close, reopen, depart or arrive' }),
  note: optionalLine(MANIFEST_NOTES_MAX),
});
export type ManifestStatusChange = z.output<typeof manifestStatusChangeSchema>;

export const manifestExportQuerySchema = z.object({
  format: z.enum(MANIFEST_EXPORT_FORMATS, { error: 'format must be pdf, xlsx, csv, broker or invoices' }),
});

export const manifestPackageParamsSchema = z.object({
  id: z.string().uuid('Invalid id'),
  packageId: z.string().uuid('Invalid id'),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const manifestStatusSchema = z.enum(MANIFEST_STATUSES);

export const manifestListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  service: serviceSchema,
  status: manifestStatusSchema,
  carrier: z.string(),
  /** `001-12345675` for air, the bill of lading for sea, or null while not known. */
  waybill: z.string().nullable(),
  flightOrVoyage: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  departureDate: z.string().nullable(),
  arrivalDate: z.string().nullable(),
  packageCount: z.number().int(),
  weight: z.number(),
  courierId: z.string(),
  courierName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManifestListItem = z.infer<typeof manifestListItemSchema>;

/**
 * GET /manifests (manifests_view: the courier's; super admin: the network with courierName).
 * Search: number, MAWB or bill of lading. departureDate / arrivalDate / createdAt take
 * `{ from, to }` day ranges.
 */
export const manifestListColumns = {
  number: { sortable: true, filter: 'text' },
  service: { sortable: true, filter: 'dropdown' },
  status: { sortable: true, filter: 'dropdown' },
  carrier: { sortable: true, filter: 'text' },
  waybill: { sortable: true, filter: 'text' },
  origin: { sortable: true, filter: 'text' },
  destination: { sortable: true, filter: 'text' },
  departureDate: { sortable: true, filter: 'text' },
  arrivalDate: { sortable: true, filter: 'text' },
  packageCount: { sortable: true, filter: 'number' },
  courierName: { sortable: true, filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

export const manifestTotalsSchema = z.object({
  packages: z.number().int(),
  pieces: z.number().int(),
  /** Actual weight, lb, two decimals. */
  weight: z.number(),
  /** Sum of the packages' chargeable (whole) pounds. */
  chargeableWeight: z.number().int(),
  declaredValueCents: z.number().int(),
});
export type ManifestTotals = z.infer<typeof manifestTotalsSchema>;

export const manifestBreakdownRowSchema = manifestTotalsSchema.extend({
  /** Customer name, or the TRN (or 'No TRN', 'Unknown customer'). */
  label: z.string(),
  /** Mailbox number for the customer breakdown; null for the TRN breakdown. */
  detail: z.string().nullable(),
});
export type ManifestBreakdownRow = z.infer<typeof manifestBreakdownRowSchema>;

export const manifestPackageSchema = z.object({
  id: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  status: packageStatusSchema,
  customerName: z.string(),
  mailboxNumber: z.string(),
  trn: z.string().nullable(),
  description: z.string().nullable(),
  pieces: z.number().int(),
  weight: z.number(),
  chargeableWeight: z.number().int(),
  declaredValueCents: z.number().int().nullable(),
  hasInvoice: z.boolean(),
  addedAt: z.string(),
  addedBy: z.string().nullable(),
});
export type ManifestPackage = z.infer<typeof manifestPackageSchema>;

export const manifestEventSchema = z.object({
  id: z.string(),
  fromStatus: manifestStatusSchema.nullable(),
  toStatus: manifestStatusSchema,
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});

export const manifestDetailSchema = manifestListItemSchema.extend({
  mawb: z.string().nullable(),
  billOfLading: z.string().nullable(),
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  departedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  reconciledAt: z.string().nullable(),
  totals: manifestTotalsSchema,
  byCustomer: z.array(manifestBreakdownRowSchema),
  byTrn: z.array(manifestBreakdownRowSchema),
  packages: z.array(manifestPackageSchema),
  events: z.array(manifestEventSchema),
  /** Moves the viewer may make now (empty for read-only viewers). */
  allowedActions: z.array(z.enum(MANIFEST_ACTIONS)),
  /** Whether the viewer may add and remove packages now (open, manifests_manage). */
  canEditPackages: z.boolean(),
});
export type ManifestDetail = z.infer<typeof manifestDetailSchema>;

export const manifestAddResultSchema = z.object({
  /** Added now, or already on this manifest (a repeated scan). */
  added: z.array(z.object({ id: z.string(), packageNumber: z.string(), code: z.string().nullable() })),
  refused: z.array(z.object({ code: z.string(), reason: z.enum(MANIFEST_REFUSALS), message: z.string() })),
  totals: manifestTotalsSchema,
  message: z.string(),
});
export type ManifestAddResult = z.infer<typeof manifestAddResultSchema>;

export const manifestStatusResultSchema = z.object({
  message: z.string(),
  /** Packages moved with the manifest, and those left as they were (not in the expected status). */
  moved: z.number().int(),
  skipped: z.number().int(),
  /** The header after the move (the detail, with its thousands of lines, is read again by GET). */
  manifest: manifestListItemSchema,
});

export { formatMawb };

/** The live event the manifest screens hear (SSE event `manifests`): a manifest created, edited, loaded or moved. */
export const manifestStreamEventSchema = z.object({
  kind: z.enum(['manifest.created', 'manifest.updated', 'manifest.packages', 'manifest.status', 'resync']),
  manifestId: z.string().nullable(),
  status: z.enum(MANIFEST_STATUSES).nullable(),
});
export type ManifestStreamEvent = z.infer<typeof manifestStreamEventSchema>;
