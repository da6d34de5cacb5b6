import { eq } from 'drizzle-orm';
import type { AuthUser, CustomerProfile } from '@parceldesk/shared/schemas/auth';
import { personaliseAddress } from '@parceldesk/shared/shipping-address';
import type { DbOrTx } from '../db/client';
import { prepareStatement, runPrepared } from '../db/prepared';
import { branches, couriers, customers, type users } from '../db/schema/index';

// The signed-in person as the browser sees them, staff side and customer: sign-in, sign-up,
// registration, impersonation and the customer screens all answer with these, so they live a level
// below every feature (eslint-zones.js).

type UserRow = typeof users.$inferSelect;

const USER_TYPE = { super_admin: 'super_admin', courier_admin: 'admin', branch_manager: 'staff', staff: 'staff' } as const;

/** The columns of the staff profile, as the prepared statements below and the session check's profile variant select them. */
export type AuthUserRow = {
  id: string; first_name: string; last_name: string; email: string; role: UserRow['role']; permissions: string[];
  role_permissions: string[] | null;
  courier_id: string | null; courier_name: string | null; courier_code: string | null; courier_logo_url: string | null;
  branch_id: string | null; branch_name: string | null;
};

/** The profile every screen of the staff side loads: a prepared statement (issue 16). */
const authUserById = prepareStatement<AuthUserRow, [userId: string]>('auth_user_by_id', `
  select u.id, u.first_name, u.last_name, u.email, u.role, u.permissions, r.permissions as role_permissions,
    co.id as courier_id, co.name as courier_name, co.code as courier_code, co.logo_url as courier_logo_url,
    b.id as branch_id, b.name as branch_name
  from users u
  left join couriers co on co.id = u.courier_id
  left join branches b on b.id = u.branch_id
  left join roles r on r.id = u.role_id
  where u.id = $1`);

/** The staff-side user as the browser sees it (spec section 3, User): no hash, permissions resolved. */
export function authUserOf(row: AuthUserRow, impersonatorId?: string | null): AuthUser {
  const rolePermissions = row.role_permissions ?? [];
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: { name: row.role, permissions: rolePermissions },
    permissions: [...new Set([...row.permissions, ...rolePermissions])],
    user_type: USER_TYPE[row.role],
    courier: row.courier_id ? { id: row.courier_id, name: row.courier_name ?? '', code: row.courier_code ?? '', logo_url: row.courier_logo_url } : null,
    branch: row.branch_id ? { id: row.branch_id, name: row.branch_name ?? '' } : null,
    impersonated_by: impersonatorId ?? null,
  };
}

export async function loadAuthUser(db: DbOrTx, userId: string, impersonatorId?: string | null): Promise<AuthUser | null> {
  const [row] = await runPrepared(db, authUserById, [userId]);
  return row ? authUserOf(row, impersonatorId) : null;
}

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
