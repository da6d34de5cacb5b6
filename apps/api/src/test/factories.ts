import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { customers, users } from '../db/schema/index';
import { hashPassword } from '../security/passwords';
import { createCourier } from '../modules/couriers/courier-onboarding.service';
import { nextMailboxNumber } from '../lib/courier-lookup';
import type { App } from '../app';

export const TEST_PASSWORD = 'Correct-Horse-9';
let passwordHash: Promise<string> | undefined;
/** Hashing is deliberately slow; every factory user shares one hash of TEST_PASSWORD. */
const sharedHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
export const uniqueEmail = (label = 'user') => `${unique(label)}@example.com`.toLowerCase();

export async function makeCourier(db: Database, options: { name?: string; supportsMembership?: boolean } = {}) {
  const name = options.name ?? unique('Courier');
  return db.transaction(async (tx) => {
    const made = await createCourier(tx, { name, supportsMembership: options.supportsMembership ?? false });
    return { ...made.courier, branch: made.branch, roles: made.roles };
  });
}
export type TestCourier = Awaited<ReturnType<typeof makeCourier>>;

export async function makeUser(
  db: Database,
  input: { role: 'super_admin' | 'courier_admin' | 'branch_manager' | 'staff'; courier?: TestCourier; permissions?: string[]; branchId?: string | null; isActive?: boolean },
) {
  const builtin = input.courier?.roles.find((r) => r.builtin === input.role);
  const [user] = await db.insert(users).values({
    role: input.role,
    courierId: input.courier?.id ?? null,
    roleId: builtin?.id ?? null,
    branchId: input.branchId ?? (input.role === 'branch_manager' || input.role === 'staff' ? input.courier?.branch.id ?? null : null),
    firstName: 'Test',
    lastName: input.role,
    email: uniqueEmail(input.role),
    passwordHash: await sharedHash(),
    permissions: input.permissions ?? [],
    isActive: input.isActive ?? true,
  }).returning();
  if (!user) throw new Error('user insert failed');
  return user;
}

export async function makeCustomer(db: Database, courier: TestCourier, overrides: Partial<typeof customers.$inferInsert> = {}) {
  const [customer] = await db.insert(customers).values({
    courierId: courier.id,
    branchId: courier.branch.id,
    mailboxNumber: await nextMailboxNumber(db, courier.id),
    accountType: 'individual',
    title: 'Ms.',
    firstName: 'Test',
    lastName: 'Customer',
    email: uniqueEmail('customer'),
    phone: '876-555-0100',
    passwordHash: await sharedHash(),
    trn: '123-456-789',
    address: '1 Hope Road',
    parish: 'Kingston',
    city: 'Kingston',
    ...overrides,
  }).returning();
  if (!customer) throw new Error('customer insert failed');
  return customer;
}

const LOGIN_PATH = {
  super_admin: '/api/auth/super-admin/login',
  courier_admin: '/api/auth/login',
  branch_manager: '/api/auth/staff/login',
  staff: '/api/auth/staff/login',
} as const;

/** Signs a factory user in through its own portal and returns the bearer header. */
export async function signIn(app: App, user: { email: string; role: keyof typeof LOGIN_PATH }) {
  const response = await app.inject({ method: 'POST', url: LOGIN_PATH[user.role], payload: { email: user.email, password: TEST_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const token = response.json<{ token: string }>().token;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

export async function signInCustomer(app: App, customer: { email: string }, apiKey?: string) {
  const response = await app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: customer.email, password: TEST_PASSWORD, api_key: apiKey } });
  if (response.statusCode !== 200) throw new Error(`customer sign-in failed: ${response.statusCode} ${response.body}`);
  const token = response.json<{ token: string }>().token;
  return { token, headers: { authorization: `Bearer ${token}` } };
}
