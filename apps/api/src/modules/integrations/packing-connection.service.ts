import { and, eq, sql } from 'drizzle-orm';
import { INTEGRATIONS_MSG, type PackingConnection, type PackingConnectionInput } from '@parceldesk/shared/schemas/integrations';
import { PACKING_PATHS } from '@parceldesk/shared/schemas/packing-system';
import type { DbOrTx } from '../../db/client';
import { integrationKeys, packingSystemConnections } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';

const courierOf = (actor: Actor): string => {
  if (!actor.scope.courierId) throw notFound();
  return actor.scope.courierId;
};

export async function getPackingConnection(db: DbOrTx, actor: Actor): Promise<PackingConnection> {
  const [row] = await db.select({
    profile: packingSystemConnections.profile, keyId: packingSystemConnections.keyId, serviceMap: packingSystemConnections.serviceMap,
    updatedAt: packingSystemConnections.updatedAt, keyName: integrationKeys.name, keyPrefix: integrationKeys.prefix,
  }).from(packingSystemConnections).leftJoin(integrationKeys, eq(integrationKeys.id, packingSystemConnections.keyId))
    .where(eq(packingSystemConnections.courierId, courierOf(actor)));
  if (!row) return { connection: null };
  return {
    connection: {
      profile: row.profile, keyId: row.keyId, keyName: row.keyName ?? null, keyPrefix: row.keyPrefix ?? null, serviceMap: row.serviceMap,
      updatedAt: row.updatedAt.toISOString(), endpoints: { ...PACKING_PATHS },
    },
  };
}

/** Connects (or re-configures) the packing system: a live key of this courier with both warehouse scopes. */
export async function savePackingConnection(db: DbOrTx, { actor, input }: { actor: Actor; input: PackingConnectionInput }): Promise<void> {
  const courierId = courierOf(actor);
  const [key] = await db.select().from(integrationKeys).where(and(eq(integrationKeys.courierId, courierId), eq(integrationKeys.id, input.keyId)));
  if (!key) throw badRequest(INTEGRATIONS_MSG.keyRequired, { keyId: INTEGRATIONS_MSG.keyRequired });
  if (key.revokedAt) throw badRequest(INTEGRATIONS_MSG.keyRevokedForConnection, { keyId: INTEGRATIONS_MSG.keyRevokedForConnection });
  if (!key.scopes.includes('warehouse:push') || !key.scopes.includes('customers:read')) {
    throw badRequest(INTEGRATIONS_MSG.keyNeedsPushScope, { keyId: INTEGRATIONS_MSG.keyNeedsPushScope });
  }
  const updatedBy = actor.principal.kind === 'user' ? actor.principal.id : null;
  await db.insert(packingSystemConnections).values({ courierId, profile: input.profile, keyId: key.id, serviceMap: input.serviceMap, updatedBy })
    .onConflictDoUpdate({ target: packingSystemConnections.courierId, set: { profile: input.profile, keyId: key.id, serviceMap: input.serviceMap, updatedBy, updatedAt: sql`now()` } });
  await auditAction(db, actor, {
    courierId, action: 'integration.packing_connected', targetType: 'integration_key', targetId: key.id,
    details: { profile: input.profile, keyPrefix: key.prefix, serviceMap: input.serviceMap },
  });
}
