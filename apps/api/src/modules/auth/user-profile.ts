import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { StaffProfileInput } from '@parceldesk/shared/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, roles, users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { isEmailChange, requestEmailChange } from '../password-reset/email-change.service';

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

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/**
 * PUT /users/{id}: a staff-side user edits their own name and email (unique network-wide). A new
 * email applies once the link sent to it is opened (issue 15 #2); the names change at once.
 */
export async function updateOwnProfile(
  db: DbOrTx, { publicUrl, actor, input }: { publicUrl: string; actor: Actor; input: StaffProfileInput },
): Promise<{ user: AuthUser; emailChangeSent: boolean }> {
  const { principal } = actor;
  const { firstName, lastName, email } = input;
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, principal.id));
  if (!current) throw notFound();
  const emailChange = isEmailChange(current.email, email);
  if (emailChange) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, principal.id)));
    if (taken) throw emailTaken();
    await requestEmailChange(db, publicUrl, {
      account: { type: 'user', id: principal.id, courierId: principal.courierId }, name: firstName, currentEmail: current.email, newEmail: email,
    });
  }
  await db.update(users).set({ firstName, lastName, updatedAt: new Date() }).where(eq(users.id, principal.id));
  await auditAction(db, actor, { courierId: principal.courierId, action: 'user.profile_updated', targetType: 'user', targetId: principal.id });
  const user = await loadAuthUser(db, principal.id, actor.impersonatorId);
  if (!user) throw notFound();
  return { user, emailChangeSent: emailChange };
}
