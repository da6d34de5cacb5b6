import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { APP_NAME } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import type { Role } from '@parceldesk/shared/roles';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { customers, users } from '../../db/schema/index';
import { badRequest, conflict } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import { enqueueEmail } from '../../mail/outbox';
import { emailChangeConfirmEmail, emailChangeNoticeEmail } from '../../mail/templates';
import { courierById } from '../../lib/courier-lookup';
import { confirmEmailLink, consumeEmailChangeToken, issueEmailChangeToken, revokeAccountLinks, type LinkAccount } from '../../lib/account-links';

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/**
 * Issue 15 #2: an account's email changes only once the new address confirms it. Asking ends
 * every outstanding link of the account (a reset or invitation link must not follow the address
 * to someone else's mailbox), sends the confirmation link to the new address and a notice to the
 * old one. Runs inside the caller's transaction, beside the rest of the edit.
 */
export async function requestEmailChange(
  tx: DbOrTx,
  publicUrl: string,
  input: { account: LinkAccount; name: string; currentEmail: string; newEmail: string },
): Promise<void> {
  const { account } = input;
  const courier = account.courierId ? await courierById(tx, account.courierId) : null;
  const brand = courier?.name ?? APP_NAME;
  await revokeAccountLinks(tx, account);
  const token = await issueEmailChangeToken(tx, account, input.newEmail);
  const link = confirmEmailLink(publicUrl, token, account.type === 'customer' ? courier?.apiKey : undefined);
  await enqueueEmail(tx, emailChangeConfirmEmail({ courierId: account.courierId, to: input.newEmail, name: input.name, link, brand }));
  await enqueueEmail(tx, emailChangeNoticeEmail({ courierId: account.courierId, to: input.currentEmail, name: input.name, newEmail: input.newEmail, brand }));
}

/** True when an edit names a different address than the account has (emails compare without case). */
export const isEmailChange = (current: string, next: string) => current.toLowerCase() !== next.toLowerCase();

/**
 * Opens a confirmation link: the account takes the new address (still free: staff emails are
 * unique network-wide, customer emails per courier), every other link of it ends, and the change
 * is audited.
 */
export async function confirmEmailChange(ctx: AppContext, request: FastifyRequest, token: string): Promise<{ role: Role }> {
  await ctx.limiter.checkIp('reset', request.ip);
  try {
    return await ctx.db.transaction(async (tx) => {
      const link = await consumeEmailChangeToken(tx, token);
      if (!link) throw badRequest(MSG.emailChangeInvalid);
      const email = link.newEmail;
      let role: Role = 'customer';
      if (link.principalType === 'user') {
        const [taken] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, link.principalId)));
        if (taken) throw emailTaken();
        const [user] = await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, link.principalId)).returning({ role: users.role });
        if (!user) throw badRequest(MSG.emailChangeInvalid);
        role = user.role;
      } else {
        const [taken] = await tx.select({ id: customers.id }).from(customers)
          .where(and(eq(customers.courierId, link.courierId ?? ''), sql`lower(${customers.email}) = ${email}`, ne(customers.id, link.principalId)));
        if (taken) throw emailTaken();
        await tx.update(customers).set({ email, updatedAt: new Date() }).where(eq(customers.id, link.principalId));
      }
      await writeAudit(tx, {
        courierId: link.courierId, actorType: link.principalType, actorId: link.principalId,
        action: 'auth.email_changed', targetType: link.principalType, targetId: link.principalId, ip: request.ip, details: { email },
      });
      return { role };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
