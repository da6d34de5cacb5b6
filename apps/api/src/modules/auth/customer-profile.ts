import { eq } from 'drizzle-orm';
import type { CustomerProfile } from '@parceldesk/shared/schemas/auth';
import { personaliseAddress } from '@parceldesk/shared/shipping-address';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, customers } from '../../db/schema/index';

/** The customer as their portal sees it, with their own US shipping addresses (mailbox filled in). */
export async function loadCustomerProfile(db: DbOrTx, customerId: string, impersonatorId?: string | null): Promise<CustomerProfile | null> {
  const rows = await db
    .select({ customer: customers, courier: couriers, branch: branches })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .where(eq(customers.id, customerId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { customer, courier, branch } = row;
  const who = { fullName: `${customer.firstName} ${customer.lastName}`, mailboxNumber: customer.mailboxNumber };
  const shippingAddresses = [
    { mode: 'AIR' as const, lines: personaliseAddress(courier.shippingAddressAir, who) },
    { mode: 'SEA' as const, lines: personaliseAddress(courier.shippingAddressSea, who) },
  ].filter((address) => address.lines.length > 0);
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    title: customer.title,
    accountType: customer.accountType,
    businessName: customer.businessName,
    mailboxNumber: customer.mailboxNumber,
    trn: customer.trn,
    address: customer.address,
    parish: customer.parish,
    city: customer.city,
    country: customer.country,
    membershipType: customer.membershipType,
    branch: branch ? { id: branch.id, name: branch.name } : null,
    courier: { id: courier.id, name: courier.name, code: courier.code, logo_url: courier.logoUrl },
    shippingAddresses,
    role: 'customer',
    createdAt: customer.createdAt.toISOString(),
    impersonated_by: impersonatorId ?? null,
  };
}
