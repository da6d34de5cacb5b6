import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { eq } from 'drizzle-orm';
import { preAlerts, users } from '../../db/schema/index';
import type { App } from '../../app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';

/** A courier with an admin, a scanning clerk, a clerk without package permissions and two customers, all signed in. */
export async function packageWorld(app: App, db: Database) {
  const courier = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const clerk = await makeUser(db, { role: 'staff', courier, permissions: ['packages_view', 'packages_scan'] });
  const noPackages = await makeUser(db, { role: 'staff', courier, permissions: ['dashboard_view'] });
  // Only its own permissions: no built-in role (whose defaults include packages) behind it.
  await db.update(users).set({ roleId: null }).where(eq(users.id, noPackages.id));
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Brown' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Reid' });
  return {
    courier, admin, clerk, tanya, andre,
    as: {
      admin: (await signIn(app, admin)).headers,
      clerk: (await signIn(app, clerk)).headers,
      noPackages: (await signIn(app, noPackages)).headers,
      tanya: (await signInCustomer(app, tanya, courier.apiKey)).headers,
      andre: (await signInCustomer(app, andre, courier.apiKey)).headers,
    },
  };
}
export type PackageWorld = Awaited<ReturnType<typeof packageWorld>>;

/** A tracking number no other test uses (UPS shape). */
export const upsNumber = () => `1Z${String(randomInt(1, 2 ** 47)).padStart(16, '0')}`;
/** A USPS number (22 digits from 9400). */
export const uspsNumber = () => `9400${String(randomInt(1, 2 ** 47)).padStart(18, '0')}`;

export async function insertPreAlert(db: Database, courier: TestCourier, customerId: string, trackingNumber: string) {
  const [row] = await db.insert(preAlerts).values({
    courierId: courier.id, customerId, trackingNumber, carrier: 'usps', store: 'Amazon', description: 'Running shoes', declaredValueCents: 8999, service: 'sea',
  }).returning();
  return row!;
}
