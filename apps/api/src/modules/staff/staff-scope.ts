import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { accountPermissions, PERMISSION_LABELS, permissionsBeyond, type Permission } from '@parceldesk/shared/permissions';
import { isStaffRole } from '@parceldesk/shared/roles';
import { STAFF_MSG } from '@parceldesk/shared/schemas/staff';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema/index';
import { AppError, badRequest, forbidden } from '../../lib/app-error';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';

/** Branch managers and staff work within their own branch (issue 3): they see its people only. */
export const isBranchBound = (principal: Principal) => isStaffRole(principal.role);

/**
 * The users a caller may see on the staff screens: their courier's branch managers and staff
 * (of their own branch when branch-bound); a super admin also sees courier admins, read-only.
 */
export function staffWhere(principal: Principal, scope: TenantScope): SQL | undefined {
  const positions = principal.role === 'super_admin' ? ['courier_admin', 'branch_manager', 'staff'] as const : ['branch_manager', 'staff'] as const;
  const branch = isBranchBound(principal) ? (principal.branchId ? eq(users.branchId, principal.branchId) : sql`false`) : undefined;
  return tenantWhere(users, scope, inArray(users.role, [...positions]), branch);
}

type RoleRow = typeof roles.$inferSelect;

/**
 * The role a hire or an edit ends up with: the one named (of the same courier, for the same
 * position when built-in), else the built-in role of the position.
 */
export async function resolveStaffRole(db: DbOrTx, input: { courierId: string; position: 'branch_manager' | 'staff'; roleId?: string | null }): Promise<RoleRow> {
  const [role] = await db.select().from(roles).where(and(
    eq(roles.courierId, input.courierId),
    input.roleId ? eq(roles.id, input.roleId) : eq(roles.builtin, input.position),
  ));
  if (!role) throw badRequest(STAFF_MSG.roleNotFound, { roleId: STAFF_MSG.roleNotFound });
  if (role.builtin && role.builtin !== input.position) {
    throw badRequest(STAFF_MSG.roleForOtherPosition, { roleId: STAFF_MSG.roleForOtherPosition });
  }
  return role;
}

/**
 * What a branch-bound manager (holding staff_manage) may hand out: the staff position, in their
 * own branch, and an account whose effective permissions (the role's, built-in defaults
 * included, plus the extras) are all their own, so managing staff never widens anyone's access
 * beyond the manager's (issue 15 #1, `permissionsBeyond`).
 */
export function assertBranchManagerMayAssign(
  editor: Principal,
  input: { position: string; branchId: string | null | undefined; role: RoleRow; permissions: readonly string[] },
): void {
  if (!isBranchBound(editor)) return;
  if (input.position !== 'staff') throw forbidden(STAFF_MSG.staffOnly);
  if (!editor.branchId || (input.branchId && input.branchId !== editor.branchId)) throw forbidden(STAFF_MSG.ownBranchOnly);
  assertWithinEditorsSet(editor, accountPermissions({ rolePermissions: input.role.permissions, permissions: input.permissions }));
}

/** 403 naming what the account would hold beyond the editor's own set (issue 15 #1/#2). */
export function assertWithinEditorsSet(editor: Principal, account: Iterable<string>): void {
  const beyond = permissionsBeyond(editor, account);
  if (beyond.length === 0) return;
  const labels = beyond.map((p) => PERMISSION_LABELS[p as Permission] ?? p).join(', ');
  throw new AppError(403, STAFF_MSG.permissionNotHeld, { permissions: `${STAFF_MSG.permissionNotHeld}: ${labels}` });
}
