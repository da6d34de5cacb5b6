import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import { PERMISSIONS } from '@parceldesk/shared/permissions';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import type { StaffRegisterInput } from '@parceldesk/shared/schemas/auth';
import type { DbOrTx } from '../../db/client';
import { branches, users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { assertBranchManagerMayAssign, isBranchBound, resolveStaffRole } from './staff-scope';
import { auditAction, type Actor } from '../../lib/actor';
import { isUniqueViolation } from '../../lib/pg-errors';
import { enqueueEmail } from '../../mail/outbox';
import { invitationEmail } from '../../mail/templates';
import { hashPassword } from '../../security/passwords';
import { loadAuthUser } from '../../lib/profiles';
import { courierById } from '../../lib/courier-lookup';
import { issueResetToken, staffResetLink } from '../../lib/account-links';

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/**
 * A courier admin hires a branch manager or staff member into its own courier; a branch manager
 * holding staff_manage hires staff into their own branch. Without a password the new user gets
 * an invitation email with a link to choose one.
 */
export async function registerStaff(db: DbOrTx, { actor, publicUrl, input }: { actor: Actor; publicUrl: string; input: StaffRegisterInput }) {
  const admin = actor.principal;
  const courierId = admin.courierId;
  if (!courierId) throw notFound();
  const unknownPermission = input.permissions?.find((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknownPermission) throw badRequest(`Unknown permission: ${unknownPermission}`, { permissions: `Unknown permission: ${unknownPermission}` });

  const role = await resolveStaffRole(db, { courierId, position: input.role, roleId: input.roleId });
  assertBranchManagerMayAssign(admin, { position: input.role, branchId: input.branchId, role, permissions: input.permissions ?? [] });
  // A branch manager hires into their own branch only (issue 3).
  const branchId = isBranchBound(admin) ? admin.branchId : input.branchId ?? null;
  if (branchId) {
    const [branch] = await db.select({ id: branches.id }).from(branches).where(and(eq(branches.id, branchId), eq(branches.courierId, courierId)));
    if (!branch) throw badRequest(MSG.branchRequired, { branchId: MSG.branchRequired });
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`);
  if (taken) throw emailTaken();

  const courier = await courierById(db, courierId);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const [created] = await db.insert(users).values({
      courierId, role: input.role, roleId: role.id, branchId,
      firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash,
      permissions: input.permissions ?? [],
    }).returning({ id: users.id });
    if (!created) throw new Error('user insert returned nothing');
    if (!passwordHash) {
      const token = await issueResetToken(db, { type: 'user', id: created.id, courierId });
      await enqueueEmail(db, invitationEmail({
        courierId, to: input.email, name: input.firstName, brand: courier?.name ?? 'ParcelDesk',
        roleLabel: ROLE_LABELS[input.role], link: staffResetLink(publicUrl, token),
      }));
    }
    await auditAction(db, actor, { courierId, action: 'staff.created', targetType: 'user', targetId: created.id, details: { role: input.role, branchId } });
    const user = await loadAuthUser(db, created.id);
    if (!user) throw notFound();
    return { user };
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}
