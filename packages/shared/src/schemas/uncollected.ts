import { z } from 'zod';
import type { ListColumns } from './people';

/**
 * Issue 13, "Uncollected parcels and storage fees": the list of parcels ready for pickup longer
 * than the courier's threshold (/admin/uncollected, /staff/uncollected, packages_uncollected) and
 * the courier admin's "Run now" of the daily sweep (POST /uncollected/sweep).
 */
export const UNCOLLECTED_MSG = {
  sweepDone: 'Uncollected sweep finished',
} as const;

/** Days before abandonment that the final notice goes out; abandonment waits at least this long after it. */
export const FINAL_NOTICE_DAYS = 7;

export const uncollectedListItemSchema = z.object({
  id: z.string(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  branchId: z.string().nullable(),
  branchName: z.string(),
  /** When the parcel became ready for pickup (ISO instant). */
  readySince: z.string(),
  daysWaiting: z.number().int(),
  /** Sum of the storage charges so far, J$ cents (pending ones included). */
  feesCents: z.number().int(),
  /** When the last reminder or final notice went out, or null. */
  lastReminderAt: z.string().nullable(),
});
export type UncollectedListItem = z.infer<typeof uncollectedListItemSchema>;

/**
 * GET /uncollected. Search: package number, tracking number, customer name, mailbox. Filters:
 * branchName (the branch id), daysWaiting and feesCents ({ from, to } numbers).
 */
export const uncollectedListColumns = {
  packageNumber: { sortable: true, filter: 'text' },
  customerName: { sortable: true, filter: 'text' },
  mailboxNumber: { sortable: true, filter: 'text' },
  branchName: { sortable: true, filter: 'dropdown' },
  readySince: { sortable: true },
  daysWaiting: { sortable: true, filter: 'number' },
  feesCents: { sortable: true, filter: 'number' },
  lastReminderAt: { sortable: true },
} as const satisfies ListColumns;

/** What one sweep did (POST /uncollected/sweep answers it; the job logs it). */
export const sweepResultSchema = z.object({
  packages: z.number().int().describe('Parcels ready for pickup that were looked at'),
  reminders: z.number().int(),
  finalNotices: z.number().int(),
  charges: z.number().int().describe('Days charged (storage_charges rows written)'),
  chargedCents: z.number().int(),
  pendingCharges: z.number().int().describe('Charges kept pending because the parcel\'s invoice has payments'),
  abandoned: z.number().int(),
  failed: z.number().int().describe('Parcels whose step failed (retried on the next run)'),
});
export type SweepResult = z.infer<typeof sweepResultSchema>;
export const sweepResponseSchema = sweepResultSchema.extend({ success: z.literal(true), message: z.string() });
