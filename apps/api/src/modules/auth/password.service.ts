import { eq } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import type { ChangePasswordInput } from '@parceldesk/shared/schemas/password';
import type { DbOrTx } from '../../db/client';
import { customers, users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { notFound, unauthorized } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { revokeAccountLinks } from '../../lib/account-links';
import { revokeAllSessions } from '../../lib/sessions';

/** Changes the caller's own password; every other session of theirs is revoked. */
export async function changeOwnPassword(db: DbOrTx, { actor, input }: { actor: Actor; input: ChangePasswordInput }) {
  const { principal } = actor;
  // Only a session reaches this route (it declares no apiScope); the check narrows the kind.
  if (principal.kind === 'api_key') throw notFound();
  const table = principal.kind === 'user' ? users : customers;
  const [account] = await db.select({ passwordHash: table.passwordHash }).from(table).where(eq(table.id, principal.id));
  if (!account) throw notFound();
  // Spec section 8: a 401 here reads 'Current password is incorrect' (it does not end the session).
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) throw unauthorized(MSG.currentPasswordIncorrect);
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(table).set({ passwordHash, updatedAt: new Date() }).where(eq(table.id, principal.id));
  await revokeAllSessions(db, principal.kind, principal.id, principal.sessionId);
  // Issue 15 #3: a new password ends every outstanding reset, invitation or email link.
  await revokeAccountLinks(db, { type: principal.kind, id: principal.id });
  await auditAction(db, actor, { courierId: principal.courierId, action: 'auth.password_changed', targetType: principal.kind, targetId: principal.id });
}
