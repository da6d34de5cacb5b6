import { z } from 'zod';
import { REPORT_GROUPINGS, REPORT_PRESETS } from '../domain/report-range';
import { idSchema } from './common';
import { SERVICES } from './packages';

/**
 * Issue 14, reports (/admin/reports, /staff/reports with reports_view, /superadmin/reports):
 * GET /reports/{report} answers the report's tables; GET /reports/{report}/export the same
 * tables as XLSX, CSV or PDF. Every table's totals are the sums of its rows.
 */
export const REPORT_KINDS = ['revenue', 'payments', 'outstanding', 'parcels', 'manifests', 'unknown_uncollected', 'delivery'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_LABELS: Record<ReportKind, string> = {
  revenue: 'Revenue',
  payments: 'Payments (till report)',
  outstanding: 'Outstanding invoices by age',
  parcels: 'Parcels received, shipped and collected',
  manifests: 'Manifests summary',
  unknown_uncollected: 'Unknown and uncollected',
  delivery: 'Delivery performance',
};

export const REPORT_MSG = {
  fromRequired: 'Choose the first day',
  toRequired: 'Choose the last day',
  toBeforeFrom: 'The last day must not be before the first day',
  rangeTooLong: 'Choose at most 5 years',
  dayFormat: 'Use a date as YYYY-MM-DD',
} as const;

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MSG.dayFormat);

export const reportParamsSchema = z.object({ report: z.enum(REPORT_KINDS) });

/** The filters every report takes; `from` and `to` only with the custom preset (Jamaica days, both included). */
const reportFilters = z.object({
  preset: z.enum(REPORT_PRESETS).default('this_month'),
  from: daySchema.optional(),
  to: daySchema.optional(),
  groupBy: z.enum(REPORT_GROUPINGS).optional(),
  branchId: idSchema.optional(),
  service: z.enum(SERVICES).optional(),
  /** The super admin's courier filter; anyone else may only name their own courier. */
  courierId: idSchema.optional(),
});

function refineRange(q: { preset: string; from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.preset !== 'custom') return;
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MSG.fromRequired });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MSG.toRequired });
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MSG.toBeforeFrom });
  if (q.from && q.to && Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4)) > 5) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MSG.rangeTooLong });
}

export const reportQuerySchema = reportFilters.superRefine(refineRange);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const reportExportQuerySchema = reportFilters.extend({ format: z.enum(REPORT_FORMATS).default('xlsx') }).superRefine(refineRange);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** How a column's figures read: money in J$ cents, usd in US$ cents (declared values), weight in lb, counts, or text (a row label). */
export const REPORT_COLUMN_KINDS = ['text', 'count', 'money', 'usd', 'weight'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const reportColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) });
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export const reportTableSchema = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  /** Per figure column: the sum of the rows. */
  totals: z.record(z.string(), z.number()),
  /** The columns the chart draws (money or counts), and the column naming each bar. */
  chart: z.object({ label: z.string(), series: z.array(z.string()) }).nullable(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export const reportResponseSchema = z.object({
  report: z.enum(REPORT_KINDS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  /** network: every courier side by side (a courier column); courier: one courier; branch: a branch-scoped user's own branch. */
  scope: z.enum(['network', 'courier', 'branch']),
  /** What the figures mean and which filters do not apply to this report. */
  notes: z.array(z.string()),
  tables: z.array(reportTableSchema),
  /** The filter dropdowns: the courier's branches (none for the network until a courier is chosen) and, for the super admin, the couriers. */
  options: z.object({
    branches: z.array(z.object({ value: z.string(), label: z.string() })),
    couriers: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
