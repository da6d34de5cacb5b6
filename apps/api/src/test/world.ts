import { makeCourier, makeUser, signIn, type TestCourier } from './factories';
import type { TestApp } from './test-app';

export type Headers = Record<string, string>;

export interface TwoCourierWorld {
  courierA: TestCourier;
  courierB: TestCourier;
  /** Courier A's admin, signed in. */
  adminA: Headers;
  adminAId: string;
  superAdmin: Headers;
}

/**
 * The one API test world (issue 10): two couriers, A's signed-in admin and the super admin. B has
 * no one, so its rows are what "another courier's id answers 404" is tested with. Module kits
 * (settings/test-kit.ts, tickets/ticket-test-kit.ts) add the callers they need to it.
 */
export async function twoCouriers(t: TestApp): Promise<TwoCourierWorld> {
  const db = t.database.db;
  const courierA = await makeCourier(db);
  const courierB = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier: courierA });
  return {
    courierA,
    courierB,
    adminA: (await signIn(t.app, admin)).headers,
    adminAId: admin.id,
    superAdmin: (await signIn(t.app, await makeUser(db, { role: 'super_admin' }))).headers,
  };
}
