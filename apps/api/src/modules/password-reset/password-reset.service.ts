import { and, eq, sql } from 'drizzle-orm';
import type { RequestOrigin } from '../../lib/actor';
import { APP_NAME } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import type { AppContext } from '../../app-context';
import { customers, users } from '../../db/schema/index';
import { badRequest } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { enqueueEmail } from '../../mail/outbox';
import { passwordResetEmail } from '../../mail/templates';
import { hashPassword } from '../../security/passwords';
import { revokeAllSessions } from '../../lib/sessions';
import { courierByApiKey, courierById } from '../../lib/courier-lookup';
import { consumeResetToken, customerResetLink, issueResetToken, staffResetLink } from '../../lib/account-links';

type ResetRequest = { email: string; api_key?: string | null };

/**
 * The part of a reset request that runs before the answer: the limits, which cost the same
 * whether or not the account exists. Everything that depends on the account runs after the
 * answer has been sent (sendResetLink), so neither its content nor its timing tells whether
 * the email is known (issue 15, item 11).
 */
export async function checkResetRequest(ctx: AppContext, origin: RequestOrigin, input: ResetRequest) {
  await ctx.limiter.checkIp('reset', origin.ip);
  const accountKey = `${input.api_key ?? 'staff'}:${input.email}`;
  await ctx.limiter.checkAccount('reset', accountKey);
  await ctx.limiter.recordAccountFailure('reset', accountKey);
}

/**
 * Emails a reset link when the account exists; with an api_key the customer of that courier
 * gets a customer-portal link, otherwise the staff-side account gets a staff link.
 */
export async function sendResetLink(ctx: AppContext, input: ResetRequest) {
  if (input.api_key) {
    const courier = await courierByApiKey(ctx.db, input.api_key);
    if (!courier) return;
    const [customer] = await ctx.db.select().from(customers)
      .where(and(eq(customers.courierId, courier.id), sql`lower(${customers.email}) = ${input.email}`, eq(customers.isActive, true)));
    if (!customer) return;
    await ctx.db.transaction(async (tx) => {
      const token = await issueResetToken(tx, { type: 'customer', id: customer.id, courierId: courier.id });
      await enqueueEmail(tx, passwordResetEmail({
        courierId: courier.id, to: customer.email, name: customer.firstName, brand: courier.name,
        link: customerResetLink(ctx.env.publicUrl, token, courier.apiKey),
      }));
    });
    return;
  }

  const [user] = await ctx.db.select().from(users).where(and(sql`lower(${users.email}) = ${input.email}`, eq(users.isActive, true)));
  if (!user) return;
  const courier = user.courierId ? await courierById(ctx.db, user.courierId) : null;
  await ctx.db.transaction(async (tx) => {
    const token = await issueResetToken(tx, { type: 'user', id: user.id, courierId: user.courierId });
    await enqueueEmail(tx, passwordResetEmail({
      courierId: user.courierId, to: user.email, name: user.firstName, brand: courier?.name ?? APP_NAME,
      link: staffResetLink(ctx.env.publicUrl, token),
    }));
  });
}

/** Sets the new password from a reset token; the token works once and every session is revoked. */
export async function resetPassword(
  ctx: AppContext,
  origin: RequestOrigin,
  input: { token: string; newPassword: string; api_key?: string | null },
  principalType: 'user' | 'customer',
) {
  await ctx.limiter.checkIp('reset', origin.ip);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const grant = await consumeResetToken(tx, input.token, principalType);
    if (!grant) throw badRequest(MSG.resetTokenInvalid);
    if (principalType === 'customer' && input.api_key) {
      const courier = await courierByApiKey(tx, input.api_key);
      if (!courier || courier.id !== grant.courierId) throw badRequest(MSG.resetTokenInvalid);
    }
    const table = principalType === 'user' ? users : customers;
    await tx.update(table).set({ passwordHash, updatedAt: new Date() }).where(eq(table.id, grant.principalId));
    await revokeAllSessions(tx, principalType, grant.principalId);
    await writeAudit(tx, {
      courierId: grant.courierId, actorType: principalType, actorId: grant.principalId,
      action: 'auth.password_reset', targetType: principalType, targetId: grant.principalId, ip: origin.ip,
    });
  });
}
