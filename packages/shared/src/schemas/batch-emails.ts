import { z } from 'zod';
import { placeholderError } from '../domain/batch-email-template';
import type { ListColumns } from './people';

/**
 * Issue 14, batch emails (/admin/batch-emails, courier admin): compose with placeholders, choose
 * the audience, preview as a customer, test to yourself, send; the history and each batch's
 * recipients follow the list convention. Customers unsubscribe through a signed link
 * (POST /unsubscribe, public) or their profile (PUT /customers/me/marketing-emails).
 */
export const BATCH_EMAIL_MSG = {
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  branchRequired: 'Choose a branch',
  membershipRequired: 'Choose a membership type',
  accountTypeRequired: 'Choose an account type',
  noRecipients: 'Nobody matches this audience (customers who opted out of marketing email are left out)',
  testSent: 'Test email sent to you',
  queued: 'Batch email queued',
  unsubscribed: 'You will no longer receive marketing emails. Receipts and parcel updates still arrive.',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  preferenceSaved: 'Email preference saved',
  customerRequired: 'Choose a customer to preview as',
} as const;

export const AUDIENCE_KINDS = ['all', 'parcels_ready', 'unpaid_invoices', 'branch', 'membership', 'account_type'] as const;
export const AUDIENCE_LABELS: Record<(typeof AUDIENCE_KINDS)[number], string> = {
  all: 'All customers',
  parcels_ready: 'Customers with parcels ready for pickup',
  unpaid_invoices: 'Customers with unpaid invoices',
  branch: 'Customers of a branch',
  membership: 'Customers of a membership type',
  account_type: 'Customers of an account type',
};

const text = (message: string, max: number) => z.string().trim().min(1, message).max(max)
  .superRefine((value, ctx) => {
    const error = placeholderError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const audienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('parcels_ready') }),
  z.object({ kind: z.literal('unpaid_invoices') }),
  z.object({ kind: z.literal('branch'), branchId: z.uuid(BATCH_EMAIL_MSG.branchRequired) }),
  z.object({ kind: z.literal('membership'), membershipType: z.string().trim().min(1, BATCH_EMAIL_MSG.membershipRequired).max(50) }),
  z.object({ kind: z.literal('account_type'), accountType: z.enum(['individual', 'business'], BATCH_EMAIL_MSG.accountTypeRequired) }),
]);
export type Audience = z.infer<typeof audienceSchema>;

export const composeBatchSchema = z.object({
  subject: text(BATCH_EMAIL_MSG.subjectRequired, 200),
  body: text(BATCH_EMAIL_MSG.bodyRequired, 20_000),
  audience: audienceSchema,
});
export type ComposeBatch = z.infer<typeof composeBatchSchema>;

export const previewBatchSchema = composeBatchSchema.extend({ customerId: z.uuid(BATCH_EMAIL_MSG.customerRequired) });
export const previewResponseSchema = z.object({
  subject: z.string(),
  body: z.string().describe('The text as this customer gets it, unsubscribe footer included'),
  recipientCount: z.number().int().describe('How many customers the audience reaches now (opted-out ones left out)'),
});
export type BatchPreview = z.infer<typeof previewResponseSchema>;

export const audienceCountResponseSchema = z.object({ recipientCount: z.number().int() });

export const testBatchResponseSchema = z.object({ success: z.literal(true), message: z.string(), to: z.string() });

export const BATCH_DISPLAY_STATUSES = ['queued', 'sending', 'completed'] as const;
export const RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;

export const batchCountsSchema = z.object({
  total: z.number().int(), queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), skipped: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchListItemSchema = z.object({
  id: z.string(),
  batchNo: z.string(),
  subject: z.string(),
  audienceLabel: z.string(),
  status: z.enum(BATCH_DISPLAY_STATUSES),
  recipientCount: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type BatchListItem = z.infer<typeof batchListItemSchema>;

export const batchListColumns = {
  batchNo: { sortable: true, filter: 'text' },
  subject: { sortable: true, filter: 'text' },
  audienceLabel: { sortable: true, filter: 'text' },
  recipientCount: { sortable: true, filter: 'number' },
  createdByName: { sortable: true, filter: 'text' },
  createdAt: { sortable: true },
} as const satisfies ListColumns;

export const batchDetailSchema = z.object({
  id: z.string(),
  batchNo: z.string(),
  subject: z.string(),
  body: z.string(),
  audienceLabel: z.string(),
  status: z.enum(BATCH_DISPLAY_STATUSES),
  counts: batchCountsSchema,
  createdByName: z.string(),
  createdAt: z.string(),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const sendBatchResponseSchema = z.object({ success: z.literal(true), message: z.string(), batch: batchDetailSchema });

export const batchRecipientItemSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type BatchRecipientItem = z.infer<typeof batchRecipientItemSchema>;

export const batchRecipientListColumns = {
  customerName: { sortable: true, filter: 'text' },
  mailboxNumber: { sortable: true, filter: 'text' },
  email: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  sentAt: { sortable: true },
} as const satisfies ListColumns;

export const batchIdParamsSchema = z.object({ id: z.uuid() });

export const unsubscribeSchema = z.object({ token: z.string().min(10).max(300) });
export const unsubscribeResponseSchema = z.object({ success: z.literal(true), message: z.string(), courierName: z.string() });

export const marketingEmailsSchema = z.object({ marketingEmails: z.boolean() });
export const marketingEmailsResponseSchema = z.object({ marketingEmails: z.boolean(), message: z.string().optional() });

/** What the batch's screen is sent on the live stream (SSE event `batchEmails`). */
export const batchStreamEventSchema = z.object({ kind: z.enum(['batch.progress', 'batch.queued', 'resync']), batchId: z.string().nullable() });
export type BatchStreamEvent = z.infer<typeof batchStreamEventSchema>;
