import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { StaffProfileInput } from '@parceldesk/shared/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { runAsOneStatement } from '../../db/one-statement';
import { auditActionInsert, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { loadAuthUser } from '../../lib/profiles';
import { isEmailChange, requestEmailChange } from '../password-reset/email-change.service';

export type UserRow = typeof users.$inferSelect;

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/** The audit row and the new names of an own-profile edit, as writes of one statement (the account's row locked for it alone). */
function profileWrites(db: DbOrTx, actor: Actor, input: StaffProfileInput) {
  const { principal } = actor;
  return [
    auditActionInsert(db, actor, { courierId: principal.courierId, action: 'user.profile_updated', targetType: 'user', targetId: principal.id }),
    db.update(users).set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() }).where(eq(users.id, principal.id)),
  ];
}

/**
 * PUT /users/{id}: a staff-side user edits their own name and email (unique network-wide). A new
 * email applies once the link sent to it is opened (issue 15 #2); the names change at once.
 */
export async function updateOwnProfile(
  db: DbOrTx, { publicUrl, actor, input }: { publicUrl: string; actor: Actor; input: StaffProfileInput },
): Promise<{ user: AuthUser; emailChangeSent: boolean }> {
  const { principal } = actor;
  const { firstName, email } = input;
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
  await runAsOneStatement(db, { writes: profileWrites(db, actor, input) });
  const user = await loadAuthUser(db, principal.id, actor.impersonatorId);
  if (!user) throw notFound();
  return { user, emailChangeSent: emailChange };
}

/**
 * PUT /users/{id} when the email stays (the soak's and most edits): the audit row and the new
 * names in one statement, atomic on its own, so no transaction is opened around it; the answer is
 * the profile the session check loaded with the request (config.staffProfile) under the new names.
 * Issue 16: seven statements before (session, BEGIN, the current email, audit, update, profile,
 * COMMIT), two now, and the account's row is locked for one statement only.
 */
export async function renameOwnProfile(db: DbOrTx, actor: Actor, current: AuthUser, input: StaffProfileInput): Promise<AuthUser> {
  await runAsOneStatement(db, { writes: profileWrites(db, actor, input) });
  return { ...current, first_name: input.firstName, last_name: input.lastName };
}
