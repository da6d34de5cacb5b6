import type { TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';

export type Headers = Record<string, string>;

/** Two couriers and one signed-in caller of every kind, for the /settings/* tests. */
export interface SettingsWorld {
  courierA: TestCourier;
  courierB: TestCourier;
  adminAId: string;
  adminA: Headers;
  adminB: Headers;
  superAdmin: Headers;
  staff: Headers;
  manager: Headers;
  customer: Headers;
}

export async function makeSettingsWorld(t: TestApp): Promise<SettingsWorld> {
  const db = t.database.db;
  const courierA = await makeCourier(db);
  const courierB = await makeCourier(db);
  const adminA = await makeUser(db, { role: 'courier_admin', courier: courierA });
  return {
    courierA,
    courierB,
    adminAId: adminA.id,
    adminA: (await signIn(t.app, adminA)).headers,
    adminB: (await signIn(t.app, await makeUser(db, { role: 'courier_admin', courier: courierB }))).headers,
    superAdmin: (await signIn(t.app, await makeUser(db, { role: 'super_admin' }))).headers,
    staff: (await signIn(t.app, await makeUser(db, { role: 'staff', courier: courierA }))).headers,
    manager: (await signIn(t.app, await makeUser(db, { role: 'branch_manager', courier: courierA, permissions: ['settings_view'] }))).headers,
    customer: (await signInCustomer(t.app, await makeCustomer(db, courierA), courierA.apiKey)).headers,
  };
}

/** A fresh courier with its own signed-in admin, for tests that need an empty table. */
export async function makeAdminOfNewCourier(t: TestApp) {
  const courier = await makeCourier(t.database.db);
  const admin = await makeUser(t.database.db, { role: 'courier_admin', courier });
  return { courier, adminId: admin.id, headers: (await signIn(t.app, admin)).headers };
}

export async function auditActions(t: TestApp, courierId: string, action: string) {
  const { rows } = await t.database.pool.query<{ actor_id: string; target_type: string | null; target_id: string | null; details: Record<string, unknown> | null }>(
    `select actor_id, target_type, target_id, details from audit_logs where courier_id = $1 and action = $2 order by created_at`,
    [courierId, action],
  );
  return rows;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
