import { and, eq, sql } from 'drizzle-orm';
import type { RequestOrigin } from '../../lib/actor';
import { MSG } from '@parceldesk/shared/messages';
import { DEFAULT_COUNTRY, DEFAULT_MEMBERSHIP_TYPE } from '@parceldesk/shared/constants';
import { personaliseAddress } from '@parceldesk/shared/shipping-address';
import type { z } from 'zod';
import type { customerRegisterSchema } from '@parceldesk/shared/schemas/registration';
import type { AppContext } from '../../app-context';
import { branches, customers } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { enqueueEmail } from '../../mail/outbox';
import { welcomeEmail } from '../../mail/templates';
import { hashPassword } from '../../security/passwords';
import { startSession } from '../../lib/sessions';
import { loadCustomerProfile } from '../../lib/profiles';
import { courierByApiKey, courierById, nextMailboxNumber } from '../../lib/courier-lookup';
import { isUniqueViolation } from '../../lib/pg-errors';

type RegisterInput = z.output<typeof customerRegisterSchema>;

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

export async function registerCustomer(ctx: AppContext, origin: RequestOrigin, input: RegisterInput) {
  // Each sign-up queues an email: limit per IP so the form cannot be used to spam mailboxes.
  await ctx.limiter.checkIp('register', origin.ip);
  const courier = input.api_key
    ? await courierByApiKey(ctx.db, input.api_key)
    : input.courierId ? await courierById(ctx.db, input.courierId) : null;
  if (!courier || (input.api_key && input.courierId && courier.id !== input.courierId)) {
    throw badRequest(MSG.courierRequired, { courierId: MSG.courierRequired });
  }
  if (courier.status === 'suspended') throw badRequest(MSG.courierSuspended);

  const [branch] = await ctx.db.select({ id: branches.id }).from(branches)
    .where(and(eq(branches.id, input.branchId), eq(branches.courierId, courier.id), eq(branches.isActive, true)));
  if (!branch) throw badRequest(MSG.branchRequired, { branchId: MSG.branchRequired });

  const [existing] = await ctx.db.select({ id: customers.id }).from(customers)
    .where(and(eq(customers.courierId, courier.id), sql`lower(${customers.email}) = ${input.email}`));
  if (existing) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const membershipType = courier.supportsMembership ? input.membershipType ?? DEFAULT_MEMBERSHIP_TYPE : DEFAULT_MEMBERSHIP_TYPE;

  try {
    const { token, customerId } = await ctx.db.transaction(async (tx) => {
      const mailboxNumber = await nextMailboxNumber(tx, courier.id);
      const [created] = await tx.insert(customers).values({
        courierId: courier.id,
        branchId: branch.id,
        mailboxNumber,
        accountType: input.accountType,
        businessName: input.accountType === 'business' ? input.businessName ?? null : null,
        title: input.accountType === 'individual' ? input.title ?? null : null,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        passwordHash,
        trn: input.trn,
        address: input.address,
        parish: input.parish,
        city: input.city,
        country: input.country || DEFAULT_COUNTRY,
        membershipType,
        couponCode: input.couponCode || null,
        referralCode: input.referralCode || null,
      }).returning({ id: customers.id });
      if (!created) throw new Error('customer insert returned nothing');
      const fullName = `${input.firstName} ${input.lastName}`;
      await enqueueEmail(tx, welcomeEmail({
        courierId: courier.id,
        to: input.email,
        name: input.firstName,
        mailboxNumber,
        brand: courier.name,
        addressLines: personaliseAddress(courier.shippingAddressAir, { fullName, mailboxNumber }),
        loginLink: `${ctx.env.publicUrl}/courier/login?api_key=${encodeURIComponent(courier.apiKey)}`,
      }));
      await writeAudit(tx, { courierId: courier.id, actorType: 'customer', actorId: created.id, action: 'customer.registered', targetType: 'customer', targetId: created.id, ip: origin.ip });
      const signed = await startSession(tx, ctx.signer, {
        principalType: 'customer', principalId: created.id, role: 'customer', courierId: courier.id,
        ip: origin.ip, userAgent: origin.userAgent,
      });
      return { token: signed, customerId: created.id };
    });
    const customer = await loadCustomerProfile(ctx.db, customerId);
    if (!customer) throw notFound();
    return { token, customer };
  } catch (error) {
    if (isUniqueViolation(error, 'customers_courier_email_key')) throw emailTaken();
    throw error;
  }
}
