import { and, eq, sql } from 'drizzle-orm';
import type { RequestOrigin } from '../../lib/actor';
import { MSG } from '@parceldesk/shared/messages';
import type { CustomerLoginInput } from '@parceldesk/shared/schemas/auth';
import type { AppContext } from '../../app-context';
import { customers } from '../../db/schema/index';
import { forbidden, notFound, unauthorized } from '../../lib/app-error';
import { verifyPassword } from '../../security/passwords';
import { signInSession } from '../../lib/sessions';
import { loadCustomerProfile } from '../../lib/profiles';
import { courierByApiKey, courierById } from '../../lib/courier-lookup';

/** How many same-email accounts (at different couriers) a key-less sign-in tries. */
const MAX_KEYLESS_CANDIDATES = 5;

/**
 * A customer signs in to their own courier only: with an api_key the account is looked up in
 * that courier alone, so courier B's portal cannot open courier A's account.
 */
export async function signInCustomer(ctx: AppContext, origin: RequestOrigin, input: CustomerLoginInput) {
  // Counted per email whatever the api_key (absent, empty or a courier's): the variants must not
  // each get their own allowance of guesses (issue 15, item 5).
  const accountKey = `customer:${input.email}`;
  await ctx.limiter.checkSignIn('login', accountKey, origin.ip);

  const emailMatch = sql`lower(${customers.email}) = ${input.email}`;
  let candidates: (typeof customers.$inferSelect)[] = [];
  if (input.api_key) {
    const courier = await courierByApiKey(ctx.db, input.api_key);
    if (courier) candidates = await ctx.db.select().from(customers).where(and(eq(customers.courierId, courier.id), emailMatch)).limit(1);
  } else {
    candidates = await ctx.db.select().from(customers).where(emailMatch).limit(MAX_KEYLESS_CANDIDATES);
  }

  let customer: (typeof customers.$inferSelect) | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, input.password)) {
      customer = candidate;
      break;
    }
  }
  if (candidates.length === 0) await verifyPassword(null, input.password);
  if (!customer) {
    await ctx.limiter.recordSignInFailure('login', accountKey, origin.ip);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!customer.isActive) throw forbidden(MSG.accountDeactivated);
  const courier = await courierById(ctx.db, customer.courierId);
  if (courier?.status === 'suspended') throw forbidden(MSG.courierSuspended);

  const token = await signInSession(ctx.db, ctx.signer, {
    principalType: 'customer', principalId: customer.id, role: 'customer', courierId: customer.courierId,
    rememberMe: input.rememberMe, ip: origin.ip, userAgent: origin.userAgent,
  });
  const profile = await loadCustomerProfile(ctx.db, customer.id);
  if (!profile) throw notFound();
  return { token, customer: profile, message: 'Login successful' };
}
