import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, couriers } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { courierByApiKey, courierById } from '../../lib/courier-lookup';

/** What anyone may read about couriers before signing in: branding, sign-up choices. */

/** Couriers usable for branding: active, with a code and an api_key. */
export async function listPublicCouriers(db: DbOrTx) {
  const rows = await db.select().from(couriers)
    .where(and(isNotNull(couriers.code), isNotNull(couriers.apiKey), eq(couriers.status, 'active')))
    .orderBy(asc(couriers.name));
  return rows.map((c) => ({ id: c.id, name: c.name, code: c.code, api_key: c.apiKey, logo_url: c.logoUrl }));
}

/** The active courier an api_key names, as the login and registration pages brand with it. */
export async function validateCourierKey(db: DbOrTx, apiKey: string) {
  const courier = await courierByApiKey(db, apiKey);
  if (!courier || courier.status !== 'active') throw notFound('Unknown courier');
  return {
    id: courier.id, name: courier.name, code: courier.code, logo_url: courier.logoUrl,
    supports_membership: courier.supportsMembership, login_notice: courier.loginNotice,
  };
}

/** The open branches a registering customer may choose from. */
export function listPublicBranches(db: DbOrTx, courierId: string) {
  return db.select({ id: branches.id, name: branches.name }).from(branches)
    .where(and(eq(branches.courierId, courierId), eq(branches.isActive, true)))
    .orderBy(asc(branches.name));
}

export async function courierSupportsMembership(db: DbOrTx, id: string): Promise<boolean> {
  const courier = await courierById(db, id);
  if (!courier) throw notFound('Unknown courier');
  return courier.supportsMembership;
}
