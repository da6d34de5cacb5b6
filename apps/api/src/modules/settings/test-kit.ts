import type { TestApp } from '../../test/test-app';
import { twoCouriers, type Headers, type TwoCourierWorld } from '../../test/world';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer } from '../../test/factories';

export type { Headers };

/** The test world's two couriers with one signed-in caller of every kind, for the /settings/* tests. */
export interface SettingsWorld extends TwoCourierWorld {
  adminB: Headers;
  staff: Headers;
  manager: Headers;
  customer: Headers;
}

export async function makeSettingsWorld(t: TestApp): Promise<SettingsWorld> {
  const db = t.database.db;
  const world = await twoCouriers(t);
  const { courierA, courierB } = world;
  return {
    ...world,
    adminB: (await signIn(t.app, await makeUser(db, { role: 'courier_admin', courier: courierB }))).headers,
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
