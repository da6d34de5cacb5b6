import type { Role } from '@parceldesk/shared/roles';

/**
 * Every API route declares who may call it, next to the route, in `config.access`. The auth
 * plugin enforces it, and a route registered without a declaration stops the server from starting.
 */
export type Access =
  | { public: true }
  | {
      roles: readonly Role[];
      /** Required of branch_manager and staff only: admins have no per-item gating (spec section 6). */
      permission?: string;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const PUBLIC: Access = { public: true };
export const ANY_SIGNED_IN: Access = { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer'] };
export const STAFF_SIDE: Access = { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff'] };
