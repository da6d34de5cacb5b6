import { sql } from 'drizzle-orm';
import type { RequestOrigin } from '../../lib/actor';
import { APP_NAME, SIGNUP_LINK_TTL_HOURS } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import type { CourierSignupInput } from '@parceldesk/shared/schemas/auth';
import type { AppContext } from '../../app-context';
import { couriers, users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import { enqueueEmail } from '../../mail/outbox';
import { accountExistsEmail, courierSignupEmail } from '../../mail/templates';
import { databaseSecretBox } from '../../security/encryption';
import { hashPassword } from '../../security/passwords';
import { startSession } from '../../lib/sessions';
import { loadAuthUser } from '../../lib/profiles';
import { createCourier } from './courier-onboarding.service';

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });
const nameTaken = () => conflict(MSG.courierNameTaken, { courierName: MSG.courierNameTaken });
/** Binds the sealed sign-up to its purpose: a box output made for anything else does not open here. */
const SIGNUP_CONTEXT = 'courier-signup:v1';
const SIGN_IN_PATH = { super_admin: '/courier/superadmin/login', courier_admin: '/courier/admin/login', branch_manager: '/courier/staff/login', staff: '/courier/staff/login' } as const;

interface SealedSignup {
  courierName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  expiresAt: number;
}

/** Company names are shown to customers choosing their courier: two alike would be confused (issue 15, also-decide). */
async function assertNameFree(ctx: AppContext, name: string) {
  const [taken] = await ctx.db.select({ id: couriers.id }).from(couriers).where(sql`lower(${couriers.name}) = lower(${name.trim()})`).limit(1);
  if (taken) throw nameTaken();
}

/**
 * POST /auth/register, before the answer: what does not depend on the email (limits, the
 * company name). The answer is then the same whether or not the email has an account.
 */
export async function checkCourierSignup(ctx: AppContext, origin: RequestOrigin, input: CourierSignupInput) {
  await ctx.limiter.checkIp('register', origin.ip);
  await assertNameFree(ctx, input.courierName);
}

/**
 * After the answer (issue 15, item 11): a new email gets a link that creates the company when
 * opened; an email that already has an account gets "you already have an account" instead.
 * Nothing is created until the mailbox's owner opens the link.
 */
export async function sendCourierSignupEmail(ctx: AppContext, input: CourierSignupInput) {
  const [existing] = await ctx.db.select({ firstName: users.firstName, role: users.role }).from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
  if (existing) {
    await enqueueEmail(ctx.db, accountExistsEmail({ to: input.email, name: existing.firstName, signInLink: `${ctx.env.publicUrl}${SIGN_IN_PATH[existing.role]}`, brand: APP_NAME }));
    return;
  }
  const sealed: SealedSignup = {
    courierName: input.courierName, firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone ?? null,
    passwordHash: await hashPassword(input.password), expiresAt: Date.now() + SIGNUP_LINK_TTL_HOURS * 3_600_000,
  };
  // Sealed (AES-256-GCM), not only signed: the token travels by email and carries the password hash.
  const box = await databaseSecretBox(ctx.env);
  const token = Buffer.from(box.encrypt(JSON.stringify(sealed), SIGNUP_CONTEXT)).toString('base64url');
  await enqueueEmail(ctx.db, courierSignupEmail({
    to: input.email, name: input.firstName, companyName: input.courierName, brand: APP_NAME,
    link: `${ctx.env.publicUrl}/courier/register/confirm?token=${token}`,
  }));
}

async function openSignup(ctx: AppContext, token: string): Promise<SealedSignup> {
  const box = await databaseSecretBox(ctx.env);
  let sealed: SealedSignup;
  try {
    sealed = JSON.parse(box.decrypt(Buffer.from(token, 'base64url').toString(), SIGNUP_CONTEXT)) as SealedSignup;
  } catch {
    throw badRequest(MSG.signupLinkInvalid);
  }
  if (!(sealed.expiresAt > Date.now())) throw badRequest(MSG.signupLinkInvalid);
  return sealed;
}

/** POST /auth/register/confirm: the emailed link creates the company and its courier_admin, signed in. */
export async function confirmCourierSignup(ctx: AppContext, origin: RequestOrigin, token: string) {
  await ctx.limiter.checkIp('register', origin.ip);
  const input = await openSignup(ctx, token);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`);
  if (taken) throw emailTaken();
  await assertNameFree(ctx, input.courierName);
  try {
    const { token: sessionToken, userId } = await ctx.db.transaction(async (tx) => {
      const { courier } = await createCourier(tx, { name: input.courierName, contactEmail: input.email, contactPhone: input.phone });
      const [admin] = await tx.insert(users).values({
        courierId: courier.id, role: 'courier_admin', firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash: input.passwordHash,
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
    return { token: sessionToken, user };
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}
