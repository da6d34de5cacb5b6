import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../../app';
import type { Database } from '../../../db/client';
import { branches, manifestPackages, manifests, packages, users } from '../../../db/schema/index';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, unique, type TestCourier } from '../../../test/factories';

/** A courier with an admin, two reconciling clerks (as at the destination), a viewer, a second branch, customers; and another courier. */
export async function reconciliationWorld(app: App, db: Database) {
  const courier = await makeCourier(db);
  const [montego] = await db.insert(branches).values({ courierId: courier.id, name: `Montego Bay ${unique('b')}` }).returning();
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const clerkA = await makeUser(db, { role: 'staff', courier, permissions: ['manifests_reconcile'] });
  const clerkB = await makeUser(db, { role: 'staff', courier, permissions: ['manifests_reconcile'] });
  const clerkC = await makeUser(db, { role: 'staff', courier, permissions: ['manifests_reconcile'] });
  const viewer = await makeUser(db, { role: 'staff', courier, permissions: ['dashboard_view'] });
  for (const user of [clerkA, clerkB, clerkC, viewer]) await db.update(users).set({ roleId: null, branchId: courier.branch.id }).where(eq(users.id, user.id));
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Brown' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Reid', branchId: montego!.id });
  const other = await makeCourier(db);
  const otherAdmin = await makeUser(db, { role: 'courier_admin', courier: other });
  return {
    courier, montego: montego!, admin, clerkA, clerkB, tanya, andre, other,
    as: {
      admin: (await signIn(app, admin)).headers,
      clerkA: (await signIn(app, clerkA)).headers,
      clerkB: (await signIn(app, clerkB)).headers,
      clerkC: (await signIn(app, clerkC)).headers,
      viewer: (await signIn(app, viewer)).headers,
      tanya: (await signInCustomer(app, tanya, courier.apiKey)).headers,
      otherAdmin: (await signIn(app, otherAdmin)).headers,
    },
  };
}
export type ReconciliationWorld = Awaited<ReturnType<typeof reconciliationWorld>>;

let sequence = randomInt(1, 800_000);
export const trackingNo = () => `1Z${String(randomInt(1, 2 ** 47)).padStart(16, '0')}`;

/** A parcel of the courier in `status` (received at the warehouse abroad, so far as these tests care). */
export async function insertPackage(db: Database, courier: TestCourier, input: { customerId: string | null; branchId: string | null; status?: typeof packages.$inferInsert.status }) {
  sequence += 1;
  const [row] = await db.insert(packages).values({
    courierId: courier.id, packageNo: `${courier.code.toUpperCase()}-P-${String(sequence).padStart(7, '0')}`, trackingNumber: trackingNo(), carrier: 'ups',
    status: input.status ?? 'arrived', customerId: input.customerId, branchId: input.branchId, service: 'air', weight: 2, volumetricDivisor: 166, chargeableWeight: 2,
  }).returning();
  return row!;
}

/** A manifest in `status` carrying `parcels` (each moved to the status the manifest's implies). */
export async function insertManifest(db: Database, courier: TestCourier, parcels: readonly { id: string }[], status: typeof manifests.$inferInsert.status = 'arrived') {
  const [manifest] = await db.insert(manifests).values({
    courierId: courier.id, number: `AIR-2026-${String(randomInt(1, 9999)).padStart(4, '0')}-${randomUUID().slice(0, 4)}`, service: 'air', carrier: 'Caribbean Airlines',
    mawb: '00112345675', origin: 'MIA', destination: 'KIN', status, arrivedAt: status === 'arrived' ? new Date() : null,
  }).returning();
  if (parcels.length > 0) await db.insert(manifestPackages).values(parcels.map((p) => ({ manifestId: manifest!.id, packageId: p.id, courierId: courier.id })));
  return manifest!;
}
