import { sql } from 'drizzle-orm';
import type { RequestOrigin } from '../../lib/actor';
import { MSG } from '@parceldesk/shared/messages';
import type { CourierSignupInput } from '@parceldesk/shared/schemas/auth';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashPassword } from '../../security/passwords';
import { startSession } from '../auth/sessions';
import { loadAuthUser } from '../auth/user-profile';
import { createCourier } from './courier-onboarding.service';

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/** POST /auth/register: the company and its courier_admin are created together, then signed in. */
export async function signUpCourier(ctx: AppContext, origin: RequestOrigin, input: CourierSignupInput) {
  await ctx.limiter.checkIp('register', origin.ip);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`);
  if (taken) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const { token, userId } = await ctx.db.transaction(async (tx) => {
      const { courier } = await createCourier(tx, { name: input.courierName, contactEmail: input.email, contactPhone: input.phone ?? null });
      const [admin] = await tx.insert(users).values({
        courierId: courier.id, role: 'courier_admin', firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash,
      }).returning({ id: users.id });
      if (!admin) throw new Error('user insert returned nothing');
      await writeAudit(tx, { courierId: courier.id, actorType: 'user', actorId: admin.id, action: 'courier.signed_up', targetType: 'courier', targetId: courier.id, ip: origin.ip });
      const signed = await startSession(tx, ctx.signer, {
        principalType: 'user', principalId: admin.id, role: 'courier_admin', courierId: courier.id, ip: origin.ip, userAgent: origin.userAgent,
      });
      return { token: signed, userId: admin.id };
    });
    const user = await loadAuthUser(ctx.db, userId);
    if (!user) throw notFound();
    return { token, user };
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}
