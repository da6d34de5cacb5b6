import { z } from 'zod';
import { RECONCILIATION_SCAN_OUTCOMES, RECONCILIATION_STATUSES } from '../domain/manifests';
import { packageStatusSchema, serviceSchema } from './packages';
import type { ListColumns } from './people';

/**
 * Request and response shapes of the reconciliation at the destination (issue 12). Paths, all under /api:
 *   GET /reconciliations (list: arrived and reconciled manifests with their reconciliation),
 *   POST|GET /manifests/{id}/reconciliation, POST /manifests/{id}/reconciliation/scans,
 *   POST /manifests/{id}/reconciliation/damaged (multipart with `photo`),
 *   POST /manifests/{id}/reconciliation/finish, GET /manifests/{id}/reconciliation/report?format=pdf|xlsx,
 *   POST /packages/branch-receipt, POST /packages/{id}/switch-branch.
 * Reasons: docs/decisions/013-reconciliation.md.
 */

export const RECONCILIATION_NOTE_MAX = 500;
/** How many of the last scans the screen shows, and how many missing parcels it lists (the report has them all). */
export const RECONCILIATION_LAST_SCANS = 25;
export const RECONCILIATION_MISSING_SHOWN = 200;
export const RECONCILIATION_REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export const RECONCILIATION_PHOTO_FIELD = 'photo';

export const RECONCILIATION_MSG = {
  notStarted: 'Start the reconciliation of this manifest first',
  finished: 'This reconciliation is finished: scans can no longer be added',
  alreadyReconciled: 'This manifest is already reconciled',
  branchRequired: 'Choose the branch where this shipment is checked in',
  branchInvalid: 'Choose an active branch of this courier',
  codeRequired: 'Scan or type a package or tracking number',
  clientScanIdInvalid: 'clientScanId must be 8 to 100 letters, digits, dashes or underscores',
  noteRequired: 'Describe the damage',
  noteTooLong: `At most ${RECONCILIATION_NOTE_MAX} characters`,
  damageOnlyOnManifest: 'Only parcels on this manifest can be marked damaged; this one is recorded as extra',
  started: 'Reconciliation started',
  receiptNotForwarded: 'This parcel is not in transit to a branch from a reconciled shipment',
  receiptOtherBranch: 'This parcel is for pickup at another branch',
  switchSameBranch: 'The package is already for pickup at this branch',
  switchClosed: 'This package has left our care and can no longer change branch',
} as const;

/** A manifest of the wrong status (not arrived): 409. */
export const notArrivedMessage = (statusLabel: string) => `${/^[AEIOU]/.test(statusLabel) ? 'An' : 'A'} ${statusLabel} manifest cannot be reconciled (it must be Arrived)`;

export const reconciliationStatusSchema = z.enum(RECONCILIATION_STATUSES);
export const reconciliationOutcomeSchema = z.enum(RECONCILIATION_SCAN_OUTCOMES);

const clientScanIdSchema = z.string({ error: RECONCILIATION_MSG.clientScanIdInvalid }).regex(/^[A-Za-z0-9_-]{8,100}$/, RECONCILIATION_MSG.clientScanIdInvalid);
const codeSchema = z.string({ error: RECONCILIATION_MSG.codeRequired }).trim().min(1, RECONCILIATION_MSG.codeRequired).max(200, RECONCILIATION_MSG.codeRequired);
const deviceIdSchema = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional());

/** POST /manifests/{id}/reconciliation: where the shipment is checked in (defaults: the starter's branch, or the courier's only one). */
export const reconciliationStartSchema = z.object({
  branchId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().uuid(RECONCILIATION_MSG.branchInvalid).optional()),
});
export type ReconciliationStart = z.output<typeof reconciliationStartSchema>;

/** POST /manifests/{id}/reconciliation/scans. `clientScanId` is the device's id for this scan: a repeat returns the first answer. */
export const reconciliationScanInputSchema = z.object({
  code: codeSchema,
  clientScanId: clientScanIdSchema,
  deviceId: deviceIdSchema,
});
export type ReconciliationScanInput = z.output<typeof reconciliationScanInputSchema>;

/** POST /manifests/{id}/reconciliation/damaged (multipart: these fields and an optional `photo`, JPG or PNG). */
export const reconciliationDamageInputSchema = reconciliationScanInputSchema.extend({
  note: z.string({ error: RECONCILIATION_MSG.noteRequired }).trim().min(1, RECONCILIATION_MSG.noteRequired).max(RECONCILIATION_NOTE_MAX, RECONCILIATION_MSG.noteTooLong),
});
export type ReconciliationDamageInput = z.output<typeof reconciliationDamageInputSchema>;

export const reconciliationReportQuerySchema = z.object({
  format: z.enum(RECONCILIATION_REPORT_FORMATS, { error: 'format must be pdf or xlsx' }),
});

export const reconciliationCountsSchema = z.object({
  /** Parcels on the manifest. */
  expected: z.number().int(),
  /** Parcels of the manifest scanned (damaged ones included), each once however often scanned. */
  received: z.number().int(),
  damaged: z.number().int(),
  /** Expected and not (yet) scanned. */
  missing: z.number().int(),
  /** Scanned but not on this manifest (known packages of another manifest, or codes we do not know). */
  extra: z.number().int(),
});
export type ReconciliationCounts = z.infer<typeof reconciliationCountsSchema>;

export const reconciliationScanSchema = z.object({
  id: z.string(),
  code: z.string(),
  outcome: reconciliationOutcomeSchema,
  packageId: z.string().nullable(),
  packageNumber: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  packageStatus: packageStatusSchema.nullable(),
  /** For an extra that is a known package: the manifest it is on (null when on none). */
  belongsTo: z.object({ manifestId: z.string(), manifestNumber: z.string() }).nullable(),
  note: z.string().nullable(),
  photoFileId: z.string().nullable(),
  scannedBy: z.string().nullable(),
  deviceId: z.string().nullable(),
  scannedAt: z.string(),
});
export type ReconciliationScan = z.infer<typeof reconciliationScanSchema>;

export const SCAN_RESULTS = ['recorded', 'already_scanned', 'replayed'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

export const reconciliationScanResultSchema = z.object({
  /** recorded: this scan counted; already_scanned: the parcel was scanned before (by anyone); replayed: this clientScanId was sent before. */
  result: z.enum(SCAN_RESULTS),
  message: z.string(),
  scan: reconciliationScanSchema,
  counts: reconciliationCountsSchema,
});
export type ReconciliationScanResult = z.infer<typeof reconciliationScanResultSchema>;

export const missingParcelSchema = z.object({
  packageId: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  customerName: z.string(),
  status: packageStatusSchema,
});
export type MissingParcel = z.infer<typeof missingParcelSchema>;

export const reconciliationSummarySchema = z.object({
  id: z.string(),
  status: reconciliationStatusSchema,
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedBy: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const reconciliationViewSchema = z.object({
  manifest: z.object({
    id: z.string(),
    number: z.string(),
    service: serviceSchema,
    status: z.enum(['open', 'closed', 'departed', 'arrived', 'reconciled']),
    origin: z.string(),
    destination: z.string(),
    arrivedAt: z.string().nullable(),
  }),
  /** Null until someone starts it. */
  reconciliation: reconciliationSummarySchema.nullable(),
  counts: reconciliationCountsSchema,
  lastScans: z.array(reconciliationScanSchema),
  extras: z.array(reconciliationScanSchema),
  damaged: z.array(reconciliationScanSchema),
  /** The first RECONCILIATION_MISSING_SHOWN missing parcels by package number (counts.missing has them all). */
  missing: z.array(missingParcelSchema),
  /** Whether the viewer may scan, mark damaged and finish (manifests_reconcile). */
  canReconcile: z.boolean(),
});
export type ReconciliationView = z.infer<typeof reconciliationViewSchema>;

export const reconciliationFinishResultSchema = z.object({
  message: z.string(),
  readyForPickup: z.number().int(),
  /** Sent on to their pickup branch (in transit there until its branch receipt). */
  forwarded: z.number().int(),
  missing: z.number().int(),
  /** Parcels of the manifest whose status allowed no move (on hold, say). */
  leftAsTheyWere: z.number().int(),
  extra: z.number().int(),
  damaged: z.number().int(),
});
export type ReconciliationFinishResult = z.infer<typeof reconciliationFinishResultSchema>;

export const reconciliationListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  service: serviceSchema,
  origin: z.string(),
  destination: z.string(),
  arrivalDate: z.string().nullable(),
  manifestStatus: z.enum(['arrived', 'reconciled']),
  /** not_started, in_progress or finished. */
  reconciliationStatus: z.enum(['not_started', 'in_progress', 'finished']),
  expected: z.number().int(),
  scanned: z.number().int(),
  updatedAt: z.string(),
});
export type ReconciliationListItem = z.infer<typeof reconciliationListItemSchema>;

export const RECONCILIATION_STATE_LABELS: Record<ReconciliationListItem['reconciliationStatus'], string> = {
  not_started: 'To reconcile', in_progress: 'In progress', finished: 'Reconciled',
};

/** GET /reconciliations: arrived manifests (to reconcile or in progress) and reconciled ones. Search: manifest number. */
export const reconciliationListColumns = {
  number: { sortable: true, filter: 'text' },
  service: { sortable: true, filter: 'dropdown' },
  origin: { sortable: true, filter: 'text' },
  destination: { sortable: true, filter: 'text' },
  arrivalDate: { sortable: true, filter: 'text' },
  reconciliationStatus: { sortable: true, filter: 'dropdown' },
  expected: { sortable: true, filter: 'number' },
  scanned: { sortable: true, filter: 'number' },
  updatedAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

// ---------------------------------------------------------------------------------------------
// After the reconciliation: the branch receipt and the switch of pickup branch.

/** POST /packages/branch-receipt: the pickup branch scans a parcel forwarded from the reconciliation. */
export const branchReceiptInputSchema = z.object({ code: codeSchema });
export const branchReceiptResultSchema = z.object({
  /** received: it moved to ready for pickup now; already: it was ready before (a repeated scan). */
  result: z.enum(['received', 'already']),
  message: z.string(),
  packageId: z.string(),
  packageNumber: z.string(),
  status: packageStatusSchema,
  branchName: z.string(),
});
export type BranchReceiptResult = z.infer<typeof branchReceiptResultSchema>;

/** POST /packages/{id}/switch-branch: the customer asked to collect at another branch; the switching fee of the settings is charged. */
export const switchBranchInputSchema = z.object({
  branchId: z.string({ error: RECONCILIATION_MSG.branchInvalid }).uuid(RECONCILIATION_MSG.branchInvalid),
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(RECONCILIATION_NOTE_MAX, RECONCILIATION_MSG.noteTooLong).optional()),
});
export type SwitchBranchInput = z.output<typeof switchBranchInputSchema>;
export const switchBranchResultSchema = z.object({
  message: z.string(),
  packageId: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  /** The switching fee charged, J$ cents (0 when the courier charges none). */
  feeCents: z.number().int(),
  chargeId: z.string().nullable(),
});
export type SwitchBranchResult = z.infer<typeof switchBranchResultSchema>;

/** The live event the reconciliation screens hear (SSE event `reconciliations`). */
export const reconciliationStreamEventSchema = z.object({
  kind: z.enum(['reconciliation.started', 'reconciliation.scan', 'reconciliation.finished', 'resync']),
  manifestId: z.string().nullable(),
  reconciliationId: z.string().nullable(),
});
export type ReconciliationStreamEvent = z.infer<typeof reconciliationStreamEventSchema>;
