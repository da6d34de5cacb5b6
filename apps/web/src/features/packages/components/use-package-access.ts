import { staffSideWith } from '@parceldesk/shared/access';
import type { Permission } from '@parceldesk/shared/permissions';
import { useCanAccess } from '../../../lib/use-access';

/** Branch managers and staff need the permission (spec section 2); courier and super admins always may. */
export function usePackageAccess(): (permission: Permission) => boolean {
  const canAccess = useCanAccess();
  return (permission) => canAccess(staffSideWith(permission));
}
