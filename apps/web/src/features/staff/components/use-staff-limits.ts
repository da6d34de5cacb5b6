import { ACCESS } from '@parceldesk/shared/access';
import { PERMISSIONS, permissionsBeyond } from '@parceldesk/shared/permissions';
import { HIREABLE_ROLES, isStaffRole } from '@parceldesk/shared/roles';
import { useAuth } from '../../../lib/auth-context';
import { useCanAccess } from '../../../lib/use-access';
import type { StaffFieldLimits } from './staff-fields';

/**
 * What the signed-in user may do with staff records. Admins manage everyone; on the staff side the
 * server allows staff_manage holders to manage the staff position of their own branch only, and
 * to grant only permissions they hold themselves, and to touch only accounts whose effective
 * permissions are all theirs (issues 3 and 15). The server enforces it either way.
 */
export function useStaffLimits(): { canManage: boolean; canHire: boolean; limits: StaffFieldLimits; beyondMine: (account: readonly string[]) => string[] } {
  const { user } = useAuth();
  const canAccess = useCanAccess();
  const canManage = canAccess(ACCESS.staffManage);
  const canHire = canAccess(ACCESS.staffHire);
  if (!user || !isStaffRole(user.role.name)) {
    return { canManage, canHire, limits: { positions: HIREABLE_ROLES, grantable: PERMISSIONS, canPickRoleAndBranch: true }, beyondMine: () => [] };
  }
  const held = user.permissions;
  return {
    canManage,
    canHire,
    // Issue 15: a staff manager edits and re-invites only accounts within their own set.
    beyondMine: (account) => permissionsBeyond({ role: user.role.name, permissions: held }, account),
    limits: {
      positions: ['staff'],
      canPickRoleAndBranch: false,
      branch: user.branch ? { value: user.branch.id, label: user.branch.name } : null,
      grantable: PERMISSIONS.filter((p) => held.includes(p)),
    },
  };
}
