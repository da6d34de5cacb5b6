import { useCallback, useMemo } from 'react';
import { hasAnyPermission, hasPermission, type Permission } from '@parceldesk/shared/permissions';
import { useAuth } from './auth-context';

export interface PermissionChecks {
  can: (permission: Permission) => boolean;
  canAny: (permissions: readonly Permission[]) => boolean;
}

/**
 * Permission checks for the signed-in staff-side user (spec section 6): super_admin passes every
 * check, others need the permission in their own list or their role's. Customers hold none.
 */
export function usePermissions(): PermissionChecks {
  const { user } = useAuth();
  const can = useCallback((permission: Permission) => (user ? hasPermission(user, permission) : false), [user]);
  const canAny = useCallback(
    (permissions: readonly Permission[]) => (user ? hasAnyPermission(user, permissions) : false),
    [user],
  );
  return useMemo(() => ({ can, canAny }), [can, canAny]);
}
