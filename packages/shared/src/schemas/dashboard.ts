import { z } from 'zod';
import { AGING_BUCKETS } from '../domain/billing';
import { PACKAGE_STATUSES } from '../domain/packages';
import type { Permission } from '../permissions';

/**
 * Issue 15 #10: every figure and list on a dashboard follows the permission of the screen it
 * summarises, so a dashboard never shows what its reader could not open. Null: a screen of the
 * admins only (branches, couriers). Admins see every figure of their scope.
 */
export const DASHBOARD_FIGURE_PERMISSION = {
  couriers: null,
  branches: null,
  staff: 'staff_view',
  customers: 'customers_view',
  business_customers: 'customers_business',
  new_this_month: 'customers_view',
  recent_customers: 'customers_view',
  packages: 'packages_view',
  unknown: 'packages_unknown',
  uncollected: 'packages_uncollected',
  invoices: 'invoices_view',
  payments: 'payments_view',
} as const satisfies Record<string, Permission | null>;
export type DashboardFigureKey = keyof typeof DASHBOARD_FIGURE_PERMISSION;

/**
 * One figure. `link` is the filtered list it summarises, relative to the reader's area
 * ('packages?filters=…' under /admin, /staff or /superadmin), so the list shows the same rows.
 */
export const dashboardFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  format: z.enum(['count', 'money']).default('count'),
  link: z.string().nullable().default(null),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const statusCountSchema = z.object({ status: z.enum(PACKAGE_STATUSES), count: z.number().int() });
export const revenueMonthSchema = z.object({ month: z.string(), cents: z.number().int() });
export const agingRowSchema = z.object({ bucket: z.enum(AGING_BUCKETS), count: z.number().int(), balanceCents: z.number().int() });
export const activitySchema = z.object({
  at: z.string(),
  text: z.string(),
  /** Relative to the reader's area, like a figure's link. */
  link: z.string().nullable(),
});

/** The super admin's network: the key figures of each courier side by side. */
export const courierFiguresSchema = z.object({
  courierId: z.string(),
  courierName: z.string(),
  customers: z.number().int(),
  receivedThisWeek: z.number().int(),
  readyForPickup: z.number().int(),
  unknown: z.number().int(),
  unpaidCents: z.number().int(),
  revenueThisMonthCents: z.number().int(),
});

export const dashboardSummarySchema = z.object({
  scope: z.enum(['network', 'courier', 'branch']),
  figures: z.array(dashboardFigureSchema),
  /** Null when the reader may not view customers: the list is not theirs to see. */
  recentCustomers: z.array(
    z.object({ id: z.string(), name: z.string(), mailboxNumber: z.string(), courierName: z.string(), createdAt: z.string() }),
  ).nullable(),
  /** Each part is null when the reader may not open the list behind it (packages_view, invoices_view, payments_view). */
  packagesByStatus: z.array(statusCountSchema).nullable().default(null),
  /** The last six local months, oldest first: recorded payments less voided ones. */
  revenueByMonth: z.array(revenueMonthSchema).nullable().default(null),
  unpaidAging: z.array(agingRowSchema).nullable().default(null),
  recentActivity: z.array(activitySchema).nullable().default(null),
  /** The super admin only. */
  couriers: z.array(courierFiguresSchema).nullable().default(null),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET /dashboard/customer: the signed-in customer's own parcels and recent activity. */
export const customerDashboardSchema = z.object({
  packagesByStatus: z.array(statusCountSchema),
  recentActivity: z.array(activitySchema),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;
