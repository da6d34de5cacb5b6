import type { ApiScope } from './api-scopes';
import type { Permission } from './permissions';
import { isStaffRole, ROLES, STAFF_SIDE_ROLES, type Role } from './roles';

/**
 * What a route parameter names, so isolation can be proved route by route (issue 6, access
 * matrix): a courier user who names another courier's row of that kind gets 404.
 * - `self`: must be the caller's own id (user or customer); anyone else's answers 403.
 * - `api_key`: a courier's public api_key (public lookups only).
 * A customer naming another customer's row of any kind gets 404 too.
 */
export type TenantKind =
  | 'courier' | 'branch' | 'role' | 'user' | 'customer'
  | 'shipping_rate' | 'processing_fee' | 'file'
  | 'ticket' | 'ticket_no' | 'ticket_attachment' | 'notification'
  | 'package' | 'pre_alert' | 'package_claim' | 'package_file' | 'tracking_number'
  | 'manifest'
  | 'invoice_no' | 'payment' | 'payment_proof'
  | 'pickup'
  | 'delivery_location' | 'delivery_request'
  | 'email_batch'
  | 'webhook_endpoint' | 'webhook_delivery'
  | 'integration_key'
  /** The packing system's PackageID of a parcel it pushed (issue 17), not a uuid. */
  | 'packing_parcel'
  | 'self' | 'api_key';

/**
 * Parameter name → kind, for every path parameter and every uuid query parameter of the route
 * (`{ id: 'shipping_rate', courierId: 'courier' }`). On a public route it only says what the
 * parameter names; anyone may name any row there.
 */
export type TenantRule = Readonly<Record<string, TenantKind>>;

/**
 * Who may do something: the declaration beside every API route (`config.access`, enforced by the
 * server's auth hook) and the test behind the web's sidebar entries, buttons and pages. The
 * tenancy rule is the server's only; apps/api/src/test/access-matrix proves it.
 */
export type Access =
  | { public: true; tenant?: TenantRule }
  | {
      roles: readonly Role[];
      /**
       * Asked of branch_manager and staff only: admins have no per-item gating (spec section 6).
       * A list admits whoever holds any one of them (a clerk who scans or one who assigns unknown packages).
       */
      permission?: Permission | readonly Permission[];
      tenant?: TenantRule;
      /**
       * Issue 17: the route also admits a courier's API key holding this scope (ADR 024); the key
       * acts for its own courier only. Without it a key is refused. `roles: []` makes a key-only route.
       */
      apiScope?: ApiScope;
    };

/** Whoever is asking: the server's principal, or the signed-in user as the browser holds it. */
export interface AccessPrincipal {
  role: Role;
  /** Own and role permissions together. */
  permissions: ReadonlySet<string> | readonly string[];
}

const holdsOne = (permissions: AccessPrincipal['permissions'], permission: Permission) =>
  'has' in permissions ? permissions.has(permission) : permissions.includes(permission);
const holds = (permissions: AccessPrincipal['permissions'], permission: Permission | readonly Permission[]) =>
  typeof permission === 'string' ? holdsOne(permissions, permission) : permission.some((one) => holdsOne(permissions, one));

/** The one access rule (spec section 6): the role must be listed; branch managers and staff also need the permission. */
export function canAccess(principal: AccessPrincipal | null, access: Access): boolean {
  if ('public' in access) return true;
  if (!principal || !access.roles.includes(principal.role)) return false;
  if (!access.permission || !isStaffRole(principal.role)) return true;
  return holds(principal.permissions, access.permission);
}

/**
 * The browser's principal, from the profile the API sends (GET /auth/profile, whose permissions
 * are already own and role together; GET /customers/profile for a customer, who holds none).
 */
export function principalOfProfile(profile: { role: { name: Role }; permissions: readonly string[] } | { role: 'customer' } | null): AccessPrincipal | null {
  if (!profile) return null;
  if (profile.role === 'customer') return { role: 'customer', permissions: [] };
  return { role: profile.role.name, permissions: profile.permissions };
}

export const PUBLIC: Access = { public: true };
export const ANY_SIGNED_IN: Access = { roles: ROLES };
export const STAFF_SIDE: Access = { roles: STAFF_SIDE_ROLES };
export const ADMINS: Access = { roles: ['super_admin', 'courier_admin'] };

/** A staff-side screen that needs one permission of branch managers and staff (the staff sidebar). */
export const staffSideWith = (permission: Permission): Access => ({ roles: STAFF_SIDE_ROLES, permission });

/**
 * Declarations that both sides read: the server's routes, and the web's pages and buttons that
 * lead to them, so a screen never offers what the route would refuse.
 */
export const ACCESS = {
  dashboard: staffSideWith('dashboard_view'),
  customersView: staffSideWith('customers_view'),
  customersBusiness: staffSideWith('customers_business'),
  customersManage: staffSideWith('customers_manage'),
  staffView: staffSideWith('staff_view'),
  staffManage: staffSideWith('staff_manage'),
  /** Hiring names the courier from the signed-in user, so the super admin edits staff but does not hire. */
  staffHire: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'staff_manage' },
  impersonate: ADMINS,
  /** Spec section 6: tickets_view to see, tickets_reply to answer and change status; admins always; customers their own. */
  ticketsStaffView: staffSideWith('tickets_view'),
  ticketsView: { roles: ROLES, permission: 'tickets_view' },
  ticketsReply: { roles: ROLES, permission: 'tickets_reply' },
  ticketsChangeStatus: staffSideWith('tickets_reply'),
  /** Issue 13: payments_view to see payments and proofs (customers their own); payments_manage to record and review; courier admins void. */
  paymentsView: { roles: ROLES, permission: 'payments_view' },
  paymentsManage: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'payments_manage' },
  paymentsVoid: { roles: ['courier_admin'] },
  /** Issue 12: the courier's manifests (the super admin reads the network's); loading and moving them is the courier's own people's. */
  manifestsView: staffSideWith('manifests_view'),
  manifestsManage: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'manifests_manage' },
  /** Issue 13: the pickup counter and the signing page work in one courier's branch (packages_sign). */
  pickups: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'packages_sign' },
  /** Issue 13, invoices: invoices_view to read (customers their own), invoices_manage to issue and add charges; voiding is a courier admin's. */
  invoicesView: { roles: ROLES, permission: 'invoices_view' },
  invoicesStaffView: staffSideWith('invoices_view'),
  invoicesManage: staffSideWith('invoices_manage'),
  invoicesVoid: ADMINS,
  /** Issue 12, reconciliation at the destination: reading takes either permission (a scanning clerk sees the counts); the super admin reads. */
  reconciliationView: { roles: STAFF_SIDE_ROLES, permission: ['manifests_view', 'manifests_reconcile'] },
  /** Scanning, marking damaged and finishing: the courier's own people with manifests_reconcile. */
  reconciliationWork: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'manifests_reconcile' },
  /** Issue 13, uncollected parcels: the list (packages_uncollected; admins always), the courier admin runs the sweep now. */
  uncollected: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'packages_uncollected' },
  uncollectedSweep: { roles: ['courier_admin'] },
  /** Issue 14, delivery: requests read with delivery_requests_view (customers their own, the super admin the network's). */
  deliveryRequestsView: { roles: ROLES, permission: 'delivery_requests_view' },
  /** Scheduling, assigning, sending out and closing: the courier's own people with delivery_requests_manage. */
  deliveryRequestsManage: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'delivery_requests_manage' },
  /** A customer asks for delivery of their own ready parcels and may cancel while requested. */
  deliveryRequestsCustomer: { roles: ['customer'] },
  /** The courier's delivery areas are the courier admin's to keep (spec: /admin/delivery-locations). */
  deliveryLocationsManage: { roles: ['courier_admin'] },
  /** The active areas, for the request form and the staff screens. */
  deliveryLocationsActive: { roles: ['customer', 'courier_admin', 'branch_manager', 'staff'] },
  /** Issue 14, batch emails (/admin/batch-emails): the courier admin's alone (the staff sidebar has no such entry). */
  batchEmails: { roles: ['courier_admin'] },
  /** The customer's own switch for marketing (batch) email. */
  marketingEmails: { roles: ['customer'] },
  /** Issue 14, reports: reports_view for branch managers and staff; admins always; the super admin the network's. */
  reports: staffSideWith('reports_view'),
  /** Issue 17: the courier admin subscribes URLs to events and reads the delivery log (Settings, Webhooks). */
  webhooksManage: { roles: ['courier_admin'] },
  /** Issue 17, Settings → Integrations: API keys and the packing-system connection (ADR 024). */
  integrationsManage: { roles: ['courier_admin'] },
} satisfies Record<string, Access>;
