import type { Role } from '@parceldesk/shared/roles';

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
  | 'self' | 'api_key';

/**
 * Parameter name → kind, for every path parameter and every uuid query parameter of the route
 * (`{ id: 'shipping_rate', courierId: 'courier' }`). On a public route it only says what the
 * parameter names; anyone may name any row there.
 */
export type TenantRule = Readonly<Record<string, TenantKind>>;

/**
 * Every API route declares who may call it, next to the route, in `config.access`. The auth
 * plugin enforces roles and permission, and a route registered without a declaration stops the
 * server from starting; the tenancy rule is proved by apps/api/src/test/access-matrix.
 */
export type Access =
  | { public: true; tenant?: TenantRule }
  | {
      roles: readonly Role[];
      /**
       * Required of branch_manager and staff only: admins have no per-item gating (spec section 6).
       * A list admits anyone holding at least one of them (`permissionsAdmit`).
       */
      permission?: string | readonly string[];
      tenant?: TenantRule;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const PUBLIC: Access = { public: true };
export const ANY_SIGNED_IN: Access = { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer'] };
export const STAFF_SIDE: Access = { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff'] };

/** Whether a set of held permissions meets a route's `permission` (one name, or any one of a list). */
export function permissionsAdmit(held: ReadonlySet<string>, permission: string | readonly string[]): boolean {
  return typeof permission === 'string' ? held.has(permission) : permission.some((name) => held.has(name));
}
