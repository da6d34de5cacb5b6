import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import { accountPermissions } from '@parceldesk/shared/permissions';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import { STAFF_MSG, type StaffDetail, type UpdateStaffInput } from '@parceldesk/shared/schemas/staff';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, roles, users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { enqueueEmail } from '../../mail/outbox';
import { invitationEmail, passwordResetEmail } from '../../mail/templates';
import { revokeAllSessions } from '../../lib/sessions';
import { requestEmailChange, isEmailChange } from '../password-reset/email-change.service';
import { issueResetToken, revokeAccountLinks, staffResetLink } from '../../lib/account-links';
import { assertBranchManagerMayAssign, assertWithinEditorsSet, isBranchBound, resolveStaffRole, staffWhere } from './staff-scope';
import { getStaff } from './staff.service';

type UserRow = typeof users.$inferSelect;

/**
 * The user a write acts on: visible to the caller (else 404), not a courier admin (managed from
 * the courier page), and for a branch-bound manager a staff member of their branch other than
 * themselves whose effective permissions are all the manager's own (issue 15 #2: nobody takes
 * over a more privileged colleague by editing or re-inviting them).
 */
async function managedUser(db: DbOrTx, actor: Actor, id: string, options: { allowCourierAdmin?: boolean } = {}): Promise<UserRow & { courierId: string }> {
  const [row] = await db.select({ user: users, rolePermissions: roles.permissions }).from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(staffWhere(actor.principal, actor.scope), eq(users.id, id)));
  const user = row?.user;
  if (!user?.courierId) throw notFound();
  if (user.role === 'courier_admin' && !options.allowCourierAdmin) throw forbidden(STAFF_MSG.courierAdminReadOnly);
  if (isBranchBound(actor.principal)) {
    if (user.id === actor.principal.id) throw forbidden(STAFF_MSG.notYourself);
    if (user.role !== 'staff') throw forbidden(STAFF_MSG.staffOnly);
    assertWithinEditorsSet(actor.principal, accountPermissions({ rolePermissions: row?.rolePermissions, permissions: user.permissions }));
  }
  return { ...user, courierId: user.courierId };
}

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/**
 * A new email address takes effect only once it confirms the link sent to it (issue 15 #2); the
 * rest of the edit applies at once.
 */
export async function updateStaff(db: DbOrTx, { publicUrl, actor, id, input }: { publicUrl: string; actor: Actor; id: string; input: UpdateStaffInput }): Promise<StaffDetail> {
  const user = await managedUser(db, actor, id);
  const role = await resolveStaffRole(db, { courierId: user.courierId, position: input.role, roleId: input.roleId });
  const permissions = input.permissions ?? user.permissions;
  assertBranchManagerMayAssign(actor.principal, { position: input.role, branchId: input.branchId, role, permissions });
  const branchId = isBranchBound(actor.principal) ? user.branchId : input.branchId === undefined ? user.branchId : input.branchId;
  if (branchId && branchId !== user.branchId) {
    const [branch] = await db.select({ id: branches.id }).from(branches).where(and(eq(branches.id, branchId), eq(branches.courierId, user.courierId)));
    if (!branch) throw badRequest(STAFF_MSG.branchNotFound, { branchId: STAFF_MSG.branchNotFound });
  }
  const emailChange = isEmailChange(user.email, input.email);
  if (emailChange) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, id)));
    if (taken) throw emailTaken();
  }
  try {
    await db.update(users).set({
      firstName: input.firstName, lastName: input.lastName, role: input.role, roleId: role.id,
      branchId, permissions, updatedAt: new Date(),
    }).where(eq(users.id, id));
    if (emailChange) {
      await requestEmailChange(db, publicUrl, {
        account: { type: 'user', id, courierId: user.courierId }, name: input.firstName, currentEmail: user.email, newEmail: input.email,
      });
    }
    await auditAction(db, actor, {
      courierId: user.courierId, action: 'staff.updated', targetType: 'user', targetId: id,
      details: { role: input.role, roleId: role.id, branchId, permissions, ...(emailChange ? { emailChangeRequested: input.email } : {}) },
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
  return getStaff({ db, principal: actor.principal, scope: actor.scope, id });
}

/** Deactivating ends the user's sessions at once; their tokens stop working on the next request. */
export async function setStaffActive(db: DbOrTx, { actor, id, isActive }: { actor: Actor; id: string; isActive: boolean }): Promise<StaffDetail> {
  const user = await managedUser(db, actor, id);
  if (user.id === actor.principal.id) throw forbidden(STAFF_MSG.notYourself);
  await db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, id));
  if (!isActive) await revokeAllSessions(db, 'user', id);
  await auditAction(db, actor, { courierId: user.courierId, action: isActive ? 'staff.reactivated' : 'staff.deactivated', targetType: 'user', targetId: id });
  return getStaff({ db, principal: actor.principal, scope: actor.scope, id });
}

/**
 * A fresh set-password link: the invitation again while no password was chosen, else a password
 * reset. A super admin may send it to a courier admin too (their first invitation may be lost).
 */
export async function resendInvitation(db: DbOrTx, { actor, id, publicUrl }: { actor: Actor; id: string; publicUrl: string }): Promise<void> {
  const user = await managedUser(db, actor, id, { allowCourierAdmin: actor.principal.role === 'super_admin' });
  if (!user.isActive) throw badRequest(MSG.accountDeactivated);
  const [courier] = await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, user.courierId));
  const brand = courier?.name ?? 'ParcelDesk';
  // Issue 15 #3: the new invitation replaces every earlier link of the account.
  await revokeAccountLinks(db, { type: 'user', id: user.id });
  const token = await issueResetToken(db, { type: 'user', id: user.id, courierId: user.courierId });
  const link = staffResetLink(publicUrl, token);
  await enqueueEmail(db, user.passwordHash
    ? passwordResetEmail({ courierId: user.courierId, to: user.email, name: user.firstName, link, brand })
    : invitationEmail({ courierId: user.courierId, to: user.email, name: user.firstName, link, brand, roleLabel: ROLE_LABELS[user.role] }));
  await auditAction(db, actor, { courierId: user.courierId, action: 'staff.invitation_sent', targetType: 'user', targetId: id, details: { kind: user.passwordHash ? 'reset' : 'invitation' } });
}
