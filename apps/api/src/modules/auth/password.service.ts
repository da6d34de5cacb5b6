import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@parceldesk/shared/messages';
import type { ChangePasswordInput } from '@parceldesk/shared/schemas/password';
import type { AppContext } from '../../app-context';
import { customers, users } from '../../db/schema/index';
import { notFound, unauthorized } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../security/passwords';
import type { Principal } from './principal';
import { revokeAccountLinks } from '../password-reset/reset-tokens';
import { revokeAllSessions } from './sessions';

/** Changes the caller's own password; every other session of theirs is revoked. */
export async function changeOwnPassword(ctx: AppContext, request: FastifyRequest, principal: Principal, input: ChangePasswordInput) {
  const table = principal.kind === 'user' ? users : customers;
  const [account] = await ctx.db.select({ passwordHash: table.passwordHash }).from(table).where(eq(table.id, principal.id));
  if (!account) throw notFound();
  // Spec section 8: a 401 here reads 'Current password is incorrect' (it does not end the session).
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) throw unauthorized(MSG.currentPasswordIncorrect);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(table).set({ passwordHash, updatedAt: new Date() }).where(eq(table.id, principal.id));
    await revokeAllSessions(tx, principal.kind, principal.id, principal.sessionId);
    // Issue 15 #3: a new password ends every outstanding reset, invitation or email link.
    await revokeAccountLinks(tx, { type: principal.kind, id: principal.id });
    await writeAudit(tx, {
      courierId: principal.courierId,
      actorType: principal.kind,
      actorId: principal.id,
      action: 'auth.password_changed',
      targetType: principal.kind,
      targetId: principal.id,
      ip: request.ip,
      details: principal.impersonatorId ? { impersonatedBy: principal.impersonatorId } : undefined,
    });
  });
}
