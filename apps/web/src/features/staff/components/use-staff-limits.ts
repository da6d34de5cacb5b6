import { ACCESS } from '@parceldesk/shared/access';
import { PERMISSIONS } from '@parceldesk/shared/permissions';
import { HIREABLE_ROLES, isStaffRole } from '@parceldesk/shared/roles';
import { useAuth } from '../../../lib/auth-context';
import { useCanAccess } from '../../../lib/use-access';
import type { StaffFieldLimits } from './staff-fields';

/**
 * What the signed-in user may do with staff records. Admins manage everyone; on the staff side the
 * server allows staff_manage holders to manage the staff position of their own branch only, and
 * to grant only permissions they hold themselves (issue 3). The server enforces it either way.
 */
export function useStaffLimits(): { canManage: boolean; canHire: boolean; limits: StaffFieldLimits } {
  const { user } = useAuth();
  const canAccess = useCanAccess();
  const canManage = canAccess(ACCESS.staffManage);
  const canHire = canAccess(ACCESS.staffHire);
  if (!user || !isStaffRole(user.role.name)) {
    return { canManage, canHire, limits: { positions: HIREABLE_ROLES, grantable: PERMISSIONS, canPickRoleAndBranch: true } };
  }
  return {
    canManage,
    canHire,
    limits: {
      positions: ['staff'],
      canPickRoleAndBranch: false,
      branch: user.branch ? { value: user.branch.id, label: user.branch.name } : null,
      grantable: PERMISSIONS.filter((p) => user.permissions.includes(p)),
    },
  };
}
