import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { StaffProfileInput } from '@parceldesk/shared/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { prepareStatement, runPrepared } from '../../db/prepared';
import { users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { isEmailChange, requestEmailChange } from '../password-reset/email-change.service';

export type UserRow = typeof users.$inferSelect;

const USER_TYPE = { super_admin: 'super_admin', courier_admin: 'admin', branch_manager: 'staff', staff: 'staff' } as const;

type AuthUserRow = {
  id: string; first_name: string; last_name: string; email: string; role: UserRow['role']; permissions: string[];
  role_permissions: string[] | null;
  courier_id: string | null; courier_name: string | null; courier_code: string | null; courier_logo_url: string | null;
  branch_id: string | null; branch_name: string | null;
};

/** The profile every screen of the staff side loads (GET /auth/profile): a prepared statement (issue 16). */
const authUserById = prepareStatement<AuthUserRow, [userId: string]>('auth_user_by_id', `
  select u.id, u.first_name, u.last_name, u.email, u.role, u.permissions, r.permissions as role_permissions,
    co.id as courier_id, co.name as courier_name, co.code as courier_code, co.logo_url as courier_logo_url,
    b.id as branch_id, b.name as branch_name
  from users u
  left join couriers co on co.id = u.courier_id
  left join branches b on b.id = u.branch_id
  left join roles r on r.id = u.role_id
  where u.id = $1`);

/** The staff-side user as the browser sees it (spec section 3, User): no hash, permissions resolved. */
export async function loadAuthUser(db: DbOrTx, userId: string, impersonatorId?: string | null): Promise<AuthUser | null> {
  const [row] = await runPrepared(db, authUserById, [userId]);
  if (!row) return null;
  const rolePermissions = row.role_permissions ?? [];
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: { name: row.role, permissions: rolePermissions },
    permissions: [...new Set([...row.permissions, ...rolePermissions])],
    user_type: USER_TYPE[row.role],
    courier: row.courier_id ? { id: row.courier_id, name: row.courier_name ?? '', code: row.courier_code ?? '', logo_url: row.courier_logo_url } : null,
    branch: row.branch_id ? { id: row.branch_id, name: row.branch_name ?? '' } : null,
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
  // The audit row before the update: the account's row stays locked only from here to the commit
  // (the soak edits 20 accounts from 200 connections; issue 16).
  await auditAction(db, actor, { courierId: principal.courierId, action: 'user.profile_updated', targetType: 'user', targetId: principal.id });
  await db.update(users).set({ firstName, lastName, updatedAt: new Date() }).where(eq(users.id, principal.id));
  const user = await loadAuthUser(db, principal.id, actor.impersonatorId);
  if (!user) throw notFound();
  return { user, emailChangeSent: emailChange };
}
