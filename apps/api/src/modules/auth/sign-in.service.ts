import { sql, eq } from 'drizzle-orm';
import type { RequestOrigin } from '../../lib/actor';
import { MSG } from '@parceldesk/shared/messages';
import type { StaffSideRole } from '@parceldesk/shared/roles';
import type { LoginInput } from '@parceldesk/shared/schemas/auth';
import type { AppContext } from '../../app-context';
import { forbidden, notFound, unauthorized } from '../../lib/app-error';
import { couriers, users } from '../../db/schema/index';
import { verifyPassword } from '../../security/passwords';
import { signInSession } from '../../lib/sessions';
import { loadAuthUser } from '../../lib/profiles';

/** Staff-side sign-in shared by the three portals; each passes the roles it admits. */
export async function signInUser(ctx: AppContext, origin: RequestOrigin, input: LoginInput, allowedRoles: readonly StaffSideRole[]) {
  const accountKey = `user:${input.email}`;
  await ctx.limiter.checkSignIn('login', accountKey, origin.ip);

  // The account and its courier's status in one statement.
  const [found] = await ctx.db.select({ user: users, courierStatus: couriers.status }).from(users)
    .leftJoin(couriers, eq(couriers.id, users.courierId))
    .where(sql`lower(${users.email}) = ${input.email}`).limit(1);
  const user = found?.user;
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    await ctx.limiter.recordSignInFailure('login', accountKey, origin.ip);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!allowedRoles.includes(user.role)) throw forbidden(MSG.noPermissionForArea);
  if (!user.isActive) throw forbidden(MSG.accountDeactivated);
  if (user.courierId && found.courierStatus === 'suspended') throw forbidden(MSG.courierSuspended);

  const token = await signInSession(ctx.db, ctx.signer, {
    principalType: 'user', principalId: user.id, role: user.role, courierId: user.courierId,
    rememberMe: input.rememberMe, ip: origin.ip, userAgent: origin.userAgent,
  });
  const profile = await loadAuthUser(ctx.db, user.id);
  if (!profile) throw notFound();
  return { token, user: profile };
}
