import { effectivePermissions, PERMISSIONS, permissionsBeyond } from '@parceldesk/shared/permissions';
import { HIREABLE_ROLES } from '@parceldesk/shared/roles';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useAuth } from '../../../lib/auth-context';
import { usePermissions } from '../../../lib/use-permissions';
import type { StaffFieldLimits } from './staff-fields';

/**
 * What the signed-in user may do with staff records. Admins manage everyone; on the staff side the
 * server allows staff_manage holders to manage the staff position of their own branch only, and
 * to grant only permissions they hold themselves, and to touch only accounts whose effective
 * permissions are all theirs (issues 3 and 15). The server enforces it either way.
 */
export function useStaffLimits(): { canManage: boolean; canHire: boolean; limits: StaffFieldLimits; beyondMine: (account: readonly string[]) => string[] } {
  const root = useAreaRoot();
  const { user } = useAuth();
  const { can } = usePermissions();
  if (root !== '/staff' || !user) {
    // Hiring names the courier from the signed-in admin, so the super admin edits but does not hire.
    return { canManage: true, canHire: root === '/admin', limits: { positions: HIREABLE_ROLES, grantable: PERMISSIONS, canPickRoleAndBranch: true }, beyondMine: () => [] };
  }
  const canManage = can('staff_manage');
  const held = effectivePermissions(user);
  return {
    canManage,
    canHire: canManage,
    // Issue 15: a staff manager edits and re-invites only accounts within their own set.
    beyondMine: (account) => permissionsBeyond({ role: 'staff', permissions: held }, account),
    limits: {
      positions: ['staff'],
      canPickRoleAndBranch: false,
      branch: user.branch ? { value: user.branch.id, label: user.branch.name } : null,
      grantable: PERMISSIONS.filter((p) => held.has(p)),
    },
  };
}
