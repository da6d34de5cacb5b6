import { z } from 'zod';
import { MB } from '../constants';
import { carrierSchema, packageStatusSchema, serviceSchema, trackingNumberSchema } from './packages';

/**
 * The scan station's own routes (issue 11, "Scan station"), beside the package contract of
 * ./packages.ts. Paths, all under /api:
 *   GET  /packages/scan-lookup?trackingNumber=   what a scanned number is: an existing package, a pre-alert, or new
 *   GET  /packages/scan-customers?search=        customers by mailbox number or name (packages_scan, without customers_view)
 *   GET  /packages/{id}/label?format=pdf|zpl     a package's labels (one per piece)
 *   POST /packages/labels?format=pdf|zpl         labels of selected packages in one file
 *   POST /packages/bulk-receive                  a Miami warehouse's receiving file (multipart: file, commit)
 */

// ---------------------------------------------------------------------------------------------
// Lookup

export const scanLookupQuerySchema = z.object({ trackingNumber: trackingNumberSchema });

export const scanCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  mailboxNumber: z.string(),
  branchId: z.string().nullable(),
  branchName: z.string(),
});
export type ScanCustomer = z.infer<typeof scanCustomerSchema>;

export const scanLookupSchema = z.object({
  /** The number the package is stored under (normalised, USPS routing prefix dropped). */
  trackingNumber: z.string(),
  carrier: carrierSchema,
  /** Already a package of this courier: the station opens it instead of receiving it twice. */
  existing: z.object({
    id: z.string(),
    packageNumber: z.string(),
    status: packageStatusSchema,
    customerName: z.string(),
    mailboxNumber: z.string(),
  }).nullable(),
  /** A pending pre-alert of this number: receiving attaches the package to its customer. */
  preAlert: z.object({
    id: z.string(),
    customer: scanCustomerSchema,
    store: z.string(),
    description: z.string(),
    declaredValue: z.number(),
    service: serviceSchema,
    carrier: carrierSchema,
  }).nullable(),
});
export type ScanLookup = z.infer<typeof scanLookupSchema>;

export const scanCustomerQuerySchema = z.object({
  search: z.string().trim().min(2, 'Type at least 2 characters of a name or mailbox number').max(100),
});
export const scanCustomersResponseSchema = z.object({ customers: z.array(scanCustomerSchema) });

// ---------------------------------------------------------------------------------------------
// Labels

export const LABELS_MAX_PACKAGES = 200;
export const LABEL_MSG = {
  choosePackages: 'Choose at least one package',
  tooMany: `Print at most ${LABELS_MAX_PACKAGES} packages at a time`,
} as const;

export const labelsRequestSchema = z.object({
  ids: z.array(z.string().uuid('Not found'), { error: LABEL_MSG.choosePackages })
    .min(1, LABEL_MSG.choosePackages).max(LABELS_MAX_PACKAGES, LABEL_MSG.tooMany),
});

// ---------------------------------------------------------------------------------------------
// Bulk receive

export const BULK_RECEIVE_MAX_BYTES = 5 * MB;
/** A day's receiving at a busy warehouse; more rows are split into several files. */
export const BULK_RECEIVE_MAX_ROWS = 2000;

export const BULK_RECEIVE_MSG = {
  missing: 'Choose a CSV or Excel file to upload',
  wrongType: 'The file must be an Excel (.xlsx, .xls) or CSV file',
  tooLarge: 'The file must be less than 5MB',
  headerMissing: 'The first row must name the columns: at least tracking and weight',
  noRows: 'The file has no packages below its header row',
  formula: 'Formulas are not allowed (a cell starts with =, +, - or @)',
  dimensionsUnreadable: 'Dimensions must read like 12x10x8 (inches)',
  rowInvalid: 'This row could not be read',
  duplicateInFile: (row: number) => `Same tracking number as row ${row}`,
  alreadyReceived: (packageNumber: string) => `Already received as ${packageNumber}`,
  nothingToReceive: 'No row of this file can be received: nothing was saved',
} as const;

export const BULK_RECEIVE_OUTCOMES = ['received', 'matched_pre_alert', 'unknown', 'duplicate', 'invalid'] as const;
export type BulkReceiveOutcome = (typeof BULK_RECEIVE_OUTCOMES)[number];
export const BULK_RECEIVE_OUTCOME_LABELS: Record<BulkReceiveOutcome, string> = {
  received: 'Received',
  matched_pre_alert: 'Matched to pre-alert',
  unknown: 'Unknown',
  duplicate: 'Duplicate',
  invalid: 'Invalid',
};

export const bulkReceiveRowSchema = z.object({
  row: z.number().int(),
  trackingNumber: z.string(),
  mailboxNumber: z.string(),
  outcome: z.enum(BULK_RECEIVE_OUTCOMES),
  /** Why a row is invalid or a duplicate. */
  reason: z.string().nullable(),
  customerName: z.string().nullable(),
  /** Set once committed. */
  packageId: z.string().nullable(),
  packageNumber: z.string().nullable(),
});
export type BulkReceiveRow = z.infer<typeof bulkReceiveRowSchema>;

/**
 * The answer to a check (`commit` false: nothing saved, the rows as they would be received) and
 * to a commit (every receivable row saved in one transaction, or none of them).
 */
export const bulkReceiveResultSchema = z.object({
  committed: z.boolean(),
  message: z.string(),
  fileName: z.string(),
  counts: z.object({
    total: z.number().int(),
    received: z.number().int(),
    matched_pre_alert: z.number().int(),
    unknown: z.number().int(),
    duplicate: z.number().int(),
    invalid: z.number().int(),
  }),
  rows: z.array(bulkReceiveRowSchema),
});
export type BulkReceiveResult = z.infer<typeof bulkReceiveResultSchema>;

/** Used by the screen: a service for the rows that do not say (the scan station's AIR/SEA choice). */
export const bulkReceiveFieldsSchema = z.object({
  commit: z.enum(['true', 'false']).default('false'),
  service: serviceSchema.optional(),
});
/** The body of POST /packages/bulk-receive as the API documentation shows it: the fields plus the file. */
export const bulkReceiveFormSchema = bulkReceiveFieldsSchema.extend({
  file: z.file().describe('The warehouse receiving file: .csv, .xlsx or .xls'),
});
