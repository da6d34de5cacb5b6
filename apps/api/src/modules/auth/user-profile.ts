import { eq } from 'drizzle-orm';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, roles, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

const USER_TYPE = { super_admin: 'super_admin', courier_admin: 'admin', branch_manager: 'staff', staff: 'staff' } as const;

/** The staff-side user as the browser sees it (spec section 3, User): no hash, permissions resolved. */
export async function loadAuthUser(db: DbOrTx, userId: string, impersonatorId?: string | null): Promise<AuthUser | null> {
  const rows = await db
    .select({ user: users, courier: couriers, branch: branches, role: roles })
    .from(users)
    .leftJoin(couriers, eq(couriers.id, users.courierId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { user, courier, branch, role } = row;
  const rolePermissions = role?.permissions ?? [];
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: { name: user.role, permissions: rolePermissions },
    permissions: [...new Set([...user.permissions, ...rolePermissions])],
    user_type: USER_TYPE[user.role],
    courier: courier ? { id: courier.id, name: courier.name, code: courier.code, logo_url: courier.logoUrl } : null,
    branch: branch ? { id: branch.id, name: branch.name } : null,
    impersonated_by: impersonatorId ?? null,
  };
}
