import { and, eq, gt, isNull } from 'drizzle-orm';
import { IMPERSONATION_TOKEN_TTL_SECONDS } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import type { DbOrTx } from '../../db/client';
import { customers, impersonationGrants, users } from '../../db/schema/index';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/app-error';
import { auditAction, type Actor, type RequestOrigin } from '../../lib/actor';
import { writeAudit } from '../../lib/audit';
import { TokenError, type TokenSigner } from '../../security/tokens';
import { isSessionLive, startSession } from '../../lib/sessions';
import { loadAuthUser } from '../../lib/profiles';
import { loadCustomerProfile } from '../../lib/profiles';
import { courierById } from '../../lib/courier-lookup';

/**
 * Who may sign in as whom: a super admin as any courier admin or customer, a courier admin as
 * its own customers. Anything else is 403, and another courier's customer is 404.
 */
export async function issueImpersonation(
  db: DbOrTx,
  { actor, signer, publicUrl, input }: { actor: Actor; signer: TokenSigner; publicUrl: string; input: { targetType: 'user' | 'customer'; targetId: string } },
) {
  const issuer = actor.principal;
  let target: { id: string; role: 'courier_admin' | 'customer'; courierId: string };
  if (input.targetType === 'customer') {
    const [customer] = await db.select().from(customers).where(and(
      eq(customers.id, input.targetId),
      issuer.role === 'super_admin' ? undefined : eq(customers.courierId, issuer.courierId ?? ''),
    ));
    if (!customer) throw notFound();
    if (!customer.isActive) throw badRequest(MSG.accountDeactivated);
    target = { id: customer.id, role: 'customer', courierId: customer.courierId };
  } else {
    if (issuer.role !== 'super_admin') throw forbidden();
    const [user] = await db.select().from(users).where(eq(users.id, input.targetId));
    if (!user) throw notFound();
    if (user.role !== 'courier_admin' || !user.courierId) throw forbidden('Only courier admins can be impersonated');
    if (!user.isActive) throw badRequest(MSG.accountDeactivated);
    target = { id: user.id, role: 'courier_admin', courierId: user.courierId };
  }
  const courier = await courierById(db, target.courierId);
  if (!courier) throw notFound();
  // Issue 15 #9: nobody signs in as someone of a suspended courier.
  if (courier.status === 'suspended') throw forbidden(MSG.courierSuspended);

  const expiresAt = new Date(Date.now() + IMPERSONATION_TOKEN_TTL_SECONDS * 1000);
  const [grant] = await db.insert(impersonationGrants).values({
    issuedBy: issuer.id, issuerSessionId: issuer.sessionId, targetType: input.targetType, targetId: target.id, courierId: target.courierId, expiresAt,
  }).returning({ id: impersonationGrants.id });
  if (!grant) throw new Error('grant insert returned nothing');
  // A chain (super admin → courier admin → customer) keeps the real person on record (impersonatedBy).
  await auditAction(db, actor, { courierId: target.courierId, action: 'impersonation.issued', targetType: input.targetType, targetId: target.id });
  const token = await signer.sign({ sub: target.id, sid: grant.id, role: target.role, type: 'impersonation', courier_id: target.courierId }, expiresAt);
  const portal = target.role === 'customer'
    ? `/courier/login?api_key=${encodeURIComponent(courier.apiKey)}&token=${encodeURIComponent(token)}`
    : `/courier/admin/login?token=${encodeURIComponent(token)}`;
  return { token, url: `${publicUrl}${portal}`, expiresAt: expiresAt.toISOString() };
}

/** Exchanges a one-time impersonation token for a session of the target (audited). */
export async function signInWithImpersonationToken(db: DbOrTx, { signer, origin, token }: { signer: TokenSigner; origin: RequestOrigin; token: string }) {
  let claims;
  try {
    claims = await signer.verify(token);
  } catch (error) {
    throw unauthorized(error instanceof TokenError && error.reason === 'expired' ? MSG.tokenExpired : MSG.impersonationInvalid);
  }
  if (claims.type !== 'impersonation') throw badRequest(MSG.invalidTokenType);

  const [grant] = await db.update(impersonationGrants).set({ usedAt: new Date() }).where(and(
    eq(impersonationGrants.id, claims.sid),
    eq(impersonationGrants.targetId, claims.sub),
    isNull(impersonationGrants.usedAt),
    gt(impersonationGrants.expiresAt, new Date()),
  )).returning();
  if (!grant) throw unauthorized(MSG.impersonationInvalid);
  // The target may have been deactivated since the token was issued: a session for it would open nothing.
  const [target] = grant.targetType === 'customer'
    ? await db.select({ isActive: customers.isActive }).from(customers).where(eq(customers.id, grant.targetId))
    : await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, grant.targetId));
  if (!target?.isActive) throw forbidden(MSG.accountDeactivated);
  // Issue 15 #9: the grant is void once the session that asked for it has ended, or the target's
  // courier has been suspended since.
  if (!(await isSessionLive(db, grant.issuerSessionId))) throw unauthorized(MSG.impersonationInvalid);
  const courier = grant.courierId ? await courierById(db, grant.courierId) : null;
  if (courier?.status === 'suspended') throw forbidden(MSG.courierSuspended);
  const session = await startSession(db, signer, {
    principalType: grant.targetType, principalId: grant.targetId, role: claims.role, courierId: grant.courierId,
    impersonatorId: grant.issuedBy, impersonatorSessionId: grant.issuerSessionId, ip: origin.ip, userAgent: origin.userAgent,
  });
  await writeAudit(db, {
    courierId: grant.courierId, actorType: 'user', actorId: grant.issuedBy, action: 'impersonation.used',
    targetType: grant.targetType, targetId: grant.targetId, ip: origin.ip,
  });
  if (grant.targetType === 'customer') {
    const customer = await loadCustomerProfile(db, grant.targetId, grant.issuedBy);
    if (!customer) throw notFound();
    return { token: session, role: 'customer' as const, customer };
  }
  const user = await loadAuthUser(db, grant.targetId, grant.issuedBy);
  if (!user) throw notFound();
  return { token: session, role: user.role.name, user };
}
