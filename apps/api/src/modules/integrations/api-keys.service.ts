import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { INTEGRATIONS_MSG, type ApiKey, type CreateApiKeyInput } from '@parceldesk/shared/schemas/integrations';
import type { DbOrTx } from '../../db/client';
import { integrationKeys } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { newKeyToken } from '../../lib/api-keys';
import { AppError, notFound } from '../../lib/app-error';

type KeyRow = typeof integrationKeys.$inferSelect;

export const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes,
  createdAt: row.createdAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null, lastUsedIp: row.lastUsedIp,
});

const courierOf = (actor: Actor): string => {
  if (!actor.scope.courierId) throw notFound();
  return actor.scope.courierId;
};

export async function listApiKeys(db: DbOrTx, actor: Actor): Promise<ApiKey[]> {
  const rows = await db.select().from(integrationKeys).where(eq(integrationKeys.courierId, courierOf(actor)))
    .orderBy(sql`${integrationKeys.revokedAt} is not null`, desc(integrationKeys.createdAt));
  return rows.map(toApiKey);
}

/** A new key: the token is returned here once and never stored (only its sha256). */
export async function createApiKey(db: DbOrTx, { actor, input }: { actor: Actor; input: CreateApiKeyInput }): Promise<{ key: ApiKey; token: string }> {
  const courierId = courierOf(actor);
  const { token, prefix, hash } = newKeyToken();
  const [row] = await db.insert(integrationKeys).values({
    courierId, name: input.name, prefix, tokenHash: hash, scopes: [...new Set(input.scopes)],
    createdBy: actor.principal.kind === 'user' ? actor.principal.id : null,
  }).returning();
  if (!row) throw new Error('key insert returned nothing');
  await auditAction(db, actor, { courierId, action: 'integration_key.created', targetType: 'integration_key', targetId: row.id, details: { name: row.name, prefix, scopes: row.scopes } });
  return { key: toApiKey(row), token };
}

/** Revoking takes effect on the next call (the key is looked up on every request). */
export async function revokeApiKey(db: DbOrTx, { actor, keyId }: { actor: Actor; keyId: string }): Promise<ApiKey> {
  const courierId = courierOf(actor);
  const [row] = await db.select().from(integrationKeys).where(and(eq(integrationKeys.courierId, courierId), eq(integrationKeys.id, keyId))).for('update');
  if (!row) throw notFound();
  if (row.revokedAt) throw new AppError(409, INTEGRATIONS_MSG.alreadyRevoked, undefined, 'api_key.already_revoked');
  const [revoked] = await db.update(integrationKeys).set({ revokedAt: sql`now()`, revokedBy: actor.principal.kind === 'user' ? actor.principal.id : null })
    .where(and(eq(integrationKeys.id, keyId), isNull(integrationKeys.revokedAt))).returning();
  if (!revoked) throw notFound();
  await auditAction(db, actor, { courierId, action: 'integration_key.revoked', targetType: 'integration_key', targetId: keyId, details: { name: row.name, prefix: row.prefix } });
  return toApiKey(revoked);
}
