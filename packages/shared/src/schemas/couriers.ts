import { z } from 'zod';
import type { Permission } from '../permissions';

export const publicCourierSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  api_key: z.string(),
  logo_url: z.string().nullable(),
});
export const publicCourierListSchema = z.object({ success: z.literal(true), couriers: z.array(publicCourierSchema) });

export const courierValidationSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    logo_url: z.string().nullable(),
    supports_membership: z.boolean(),
    login_notice: z.string().nullable(),
  }),
});
export type ValidatedCourier = z.infer<typeof courierValidationSchema>['data'];

export const publicBranchListSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const membershipSupportSchema = z.object({ success: z.literal(true), supportsMembership: z.boolean() });

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
} as const satisfies Record<string, Permission | null>;
export type DashboardFigureKey = keyof typeof DASHBOARD_FIGURE_PERMISSION;

export const dashboardSummarySchema = z.object({
  scope: z.enum(['network', 'courier', 'branch']),
  figures: z.array(z.object({ key: z.string(), label: z.string(), value: z.number() })),
  /** Null when the reader may not view customers: the list is not theirs to see. */
  recentCustomers: z.array(
    z.object({ id: z.string(), name: z.string(), mailboxNumber: z.string(), courierName: z.string(), createdAt: z.string() }),
  ).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
