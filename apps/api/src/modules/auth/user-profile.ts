import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { StaffProfileInput } from '@parceldesk/shared/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { prepareStatement, runPrepared } from '../../db/prepared';
import { users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { conflict } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';

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
 * PUT /users/{id}: a staff-side user edits their own name and email (unique network-wide). The
 * audit row goes in first and the update last, so the user's row is locked only for the commit:
 * several requests editing one account (two tabs, the soak's 200 connections over 20 admins)
 * queue on that lock while holding pooled connections (issue 16). The caller reads the profile
 * back after the commit.
 */
export async function updateOwnProfile(db: DbOrTx, { actor, input }: { actor: Actor; input: StaffProfileInput }): Promise<void> {
  const { principal } = actor;
  const { firstName, lastName, email } = input;
  const [taken] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, principal.id)));
  if (taken) throw emailTaken();
  await auditAction(db, actor, { courierId: principal.courierId, action: 'user.profile_updated', targetType: 'user', targetId: principal.id });
  try {
    await db.update(users).set({ firstName, lastName, email, updatedAt: new Date() }).where(eq(users.id, principal.id));
  } catch (error) {
    // Two users claiming the same email at once both pass the check above; the index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
