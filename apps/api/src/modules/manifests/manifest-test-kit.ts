import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { packages, users } from '../../db/schema/index';
import { makeCourier, makeCustomer, makeUser, signIn, type TestCourier } from '../../test/factories';

/** A valid MAWB (domain.md's example has check digit 5) and a fresh valid one. */
export const MAWB = '001-12345675';
export function freshMawb(): string {
  const seven = String(randomInt(1_000_000, 9_999_999));
  return `${String(randomInt(1, 999)).padStart(3, '0')}-${seven}${Number(seven) % 7}`;
}

export const airHeader = (overrides: Record<string, unknown> = {}) => ({
  service: 'air', carrier: 'Amerijet', mawb: MAWB, flightOrVoyage: 'M6 401', origin: 'MIA', destination: 'KIN',
  departureDate: '2026-12-01', arrivalDate: '2026-12-02', notes: 'Weekly consolidation', ...overrides,
});

/** A courier with an admin, a manifest clerk (view + manage), a viewer (view only), and customers. */
export async function manifestWorld(app: App, db: Database) {
  const courier = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const clerk = await makeUser(db, { role: 'staff', courier, permissions: ['manifests_view', 'manifests_manage', 'packages_view'] });
  const viewer = await makeUser(db, { role: 'staff', courier, permissions: ['manifests_view'] });
  for (const user of [clerk, viewer]) await db.update(users).set({ roleId: null }).where(eq(users.id, user.id));
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Brown', trn: '123456789' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Reid', trn: '987654321' });
  return {
    courier, admin, clerk, viewer, tanya, andre,
    as: {
      admin: (await signIn(app, admin)).headers,
      clerk: (await signIn(app, clerk)).headers,
      viewer: (await signIn(app, viewer)).headers,
    },
  };
}
export type ManifestWorld = Awaited<ReturnType<typeof manifestWorld>>;

let sequence = randomInt(1, 1_000_000);
/** A received package of the courier's customer, straight into the table (receiving has its own tests). */
export async function insertReceived(db: Database, courier: TestCourier, customerId: string | null, overrides: Partial<typeof packages.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db.insert(packages).values({
    courierId: courier.id, packageNo: `${courier.code.toUpperCase()}-P-${String(sequence).padStart(7, '0')}`, trackingNumber: `1Z${String(randomInt(1, 2 ** 47)).padStart(16, '0')}`,
    carrier: 'ups', status: customerId ? 'received' : 'unknown', customerId, service: 'air', description: 'Shoes', declaredValueCents: 4599,
    pieces: 1, weight: 2.5, volumetricDivisor: 166, chargeableWeight: 3, ...overrides,
  }).returning();
  return row!;
}

export { makeCourier, makeUser, signIn };
