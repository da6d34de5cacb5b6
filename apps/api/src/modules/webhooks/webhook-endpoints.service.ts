import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DELIVERY_LOG_LIMIT, WEBHOOK_MSG, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointInput,
} from '@parceldesk/shared/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { SecretBox } from '../../security/encryption';
import { HostNotPublicError, resolvePublicHost } from '../../security/host-guard';
import { newWebhookSecret } from './webhook-signing';

export const WEBHOOK_URL = 'Webhook URL';
export const secretContext = (endpointId: string) => `webhook:${endpointId}`;

const courierOf = (actor: Actor) => {
  if (!actor.scope.courierId) throw notFound();
  return actor.scope.courierId;
};

/** The URL's host must be public unless ALLOW_PRIVATE_WEBHOOKS (the SMTP host's guard, security/host-guard.ts). */
export async function assertPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  try {
    await resolvePublicHost(host, allowPrivate, WEBHOOK_URL);
  } catch (error) {
    if (error instanceof HostNotPublicError) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

const endpointColumns = {
  id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description, events: webhookEndpoints.events,
  isActive: webhookEndpoints.isActive, createdAt: webhookEndpoints.createdAt,
  // Written out: inside a select, drizzle would name the outer column unqualified ("id", read as d.id).
  pendingCount: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.status = 'pending')`,
  failedCount: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.status = 'failed')`,
};
type EndpointRow = { [K in keyof typeof endpointColumns]: unknown } & { createdAt: Date };
const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({ ...(row as WebhookEndpoint), createdAt: row.createdAt.toISOString() });

export async function listWebhookEndpoints(db: DbOrTx, actor: Actor): Promise<WebhookEndpoint[]> {
  const rows = await db.select(endpointColumns).from(webhookEndpoints)
    .where(eq(webhookEndpoints.courierId, courierOf(actor))).orderBy(webhookEndpoints.createdAt);
  return rows.map(toEndpoint);
}

/** The endpoint of the actor's courier (another courier's id is 404). */
export async function endpointInScope(db: DbOrTx, actor: Actor, id: string): Promise<WebhookEndpoint> {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.courierId, courierOf(actor))));
  if (!row) throw notFound();
  return toEndpoint(row);
}

export async function createWebhookEndpoint(
  tx: DbOrTx,
  { actor, input, box }: { actor: Actor; input: WebhookEndpointInput; box: SecretBox },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const courierId = courierOf(actor);
  const id = randomUUID();
  const secret = newWebhookSecret();
  await tx.insert(webhookEndpoints).values({
    id, courierId, url: input.url, description: input.description ?? null, events: [...new Set(input.events)], isActive: input.isActive ?? true,
    secret: box.encrypt(secret, secretContext(id)), createdBy: actor.principal.kind === 'user' ? actor.principal.id : null,
  });
  await auditAction(tx, actor, { courierId, action: 'webhook.created', targetType: 'webhook_endpoint', targetId: id, details: { url: input.url, events: input.events } });
  return { endpoint: await endpointInScope(tx, actor, id), secret };
}

export async function updateWebhookEndpoint(tx: DbOrTx, { actor, id, input }: { actor: Actor; id: string; input: WebhookEndpointInput }): Promise<WebhookEndpoint> {
  const before = await endpointInScope(tx, actor, id);
  await tx.update(webhookEndpoints).set({
    url: input.url, description: input.description ?? null, events: [...new Set(input.events)], isActive: input.isActive ?? before.isActive, updatedAt: sql`now()`,
  }).where(eq(webhookEndpoints.id, id));
  await auditAction(tx, actor, {
    courierId: courierOf(actor), action: 'webhook.updated', targetType: 'webhook_endpoint', targetId: id,
    details: { url: input.url, events: input.events, isActive: input.isActive ?? before.isActive },
  });
  return endpointInScope(tx, actor, id);
}

export async function deleteWebhookEndpoint(tx: DbOrTx, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  const endpoint = await endpointInScope(tx, actor, id);
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  await auditAction(tx, actor, { courierId: courierOf(actor), action: 'webhook.deleted', targetType: 'webhook_endpoint', targetId: id, details: { url: endpoint.url } });
}

/** The delivery log: the endpoint's latest deliveries, newest first. */
export async function listWebhookDeliveries(db: DbOrTx, { actor, endpointId }: { actor: Actor; endpointId: string }): Promise<WebhookDelivery[]> {
  await endpointInScope(db, actor, endpointId);
  const rows = await db.select({
    id: webhookDeliveries.id, eventId: webhookDeliveries.eventId, eventType: webhookEvents.type, status: webhookDeliveries.status,
    attempts: webhookDeliveries.attempts, lastStatusCode: webhookDeliveries.lastStatusCode, lastDurationMs: webhookDeliveries.lastDurationMs,
    lastError: webhookDeliveries.lastError, lastAttemptAt: webhookDeliveries.lastAttemptAt, deliveredAt: webhookDeliveries.deliveredAt, createdAt: webhookDeliveries.createdAt,
  }).from(webhookDeliveries).innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(DELIVERY_LOG_LIMIT);
  return rows.map((row) => ({
    ...row, createdAt: row.createdAt.toISOString(), lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null, deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

/**
 * "Resend": the same delivery row (one per endpoint and event) starts a new generation, which the
 * dispatcher queues once. Refused while a generation is still pending.
 */
export async function resendWebhookDelivery(tx: DbOrTx, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  const courierId = courierOf(actor);
  const [row] = await tx.update(webhookDeliveries).set({ status: 'pending', generation: sql`${webhookDeliveries.generation} + 1`, lastError: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.courierId, courierId), sql`${webhookDeliveries.status} <> 'pending'`))
    .returning({ id: webhookDeliveries.id, generation: webhookDeliveries.generation });
  if (!row) {
    const [exists] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.courierId, courierId)));
    if (!exists) throw notFound();
    throw conflict(WEBHOOK_MSG.alreadyQueued);
  }
  await auditAction(tx, actor, { courierId, action: 'webhook.resent', targetType: 'webhook_delivery', targetId: id, details: { generation: row.generation } });
}
