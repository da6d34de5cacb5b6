import type { Permission } from '@parceldesk/shared/permissions';
import { useAuth } from '../../../lib/auth-context';
import { usePermissions } from '../../../lib/use-permissions';

/** Branch managers and staff need the permission (spec section 2); courier and super admins always may. */
export function usePackageAccess(): (permission: Permission) => boolean {
  const { role } = useAuth();
  const { can } = usePermissions();
  return (permission) => {
    if (role === 'branch_manager' || role === 'staff') return can(permission);
    return role === 'courier_admin' || role === 'super_admin';
  };
}
