import http from 'node:http';
import https from 'node:https';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_HEADERS, type WebhookPayload } from '@parceldesk/shared/schemas/webhooks';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index';
import type { SecretBox } from '../../security/encryption';
import { guardedLookup, resolvePublicHost } from '../../security/host-guard';
import { secretContext, WEBHOOK_URL } from './webhook-endpoints.service';
import { signWebhook } from './webhook-signing';

export const WEBHOOK_QUEUE = 'webhook-delivery';

export interface DeliveryOptions {
  box: SecretBox;
  allowPrivate: boolean;
  timeoutMs: number;
}

interface Answer { statusCode: number | null; error: string | null; durationMs: number }

/** One POST, no redirects followed; the host guard judges the address connected to (name resolved at connect time). */
async function post(url: string, headers: Record<string, string>, body: string, options: DeliveryOptions): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = new URL(url);
    await resolvePublicHost(target.hostname.replace(/^\[|\]$/g, ''), options.allowPrivate, WEBHOOK_URL);
    const client = target.protocol === 'https:' ? https : http;
    return await new Promise<Answer>((resolve) => {
      const request = client.request(target, {
        method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        timeout: options.timeoutMs, ...(options.allowPrivate ? {} : { lookup: guardedLookup(WEBHOOK_URL) }),
      }, (response) => {
        response.resume(); // the body is not read: only the status counts
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null, durationMs: elapsed() }));
        response.on('error', (error) => resolve({ statusCode: response.statusCode ?? null, error: error.message, durationMs: elapsed() }));
      });
      request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
      request.on('error', (error) => resolve({ statusCode: null, error: error.message, durationMs: elapsed() }));
      request.end(body);
    });
  } catch (error) {
    return { statusCode: null, error: error instanceof Error ? error.message : String(error), durationMs: elapsed() };
  }
}

export class DeliveryFailed extends Error {}

/**
 * The job of one delivery generation (queue WEBHOOK_QUEUE). Idempotent: a delivery already
 * answered, or of another generation (resent since), is left alone, so a job run twice posts once.
 * A 2xx answer marks it delivered; anything else is recorded and thrown, so the queue retries it
 * with backoff, until the last try marks it failed.
 */
export async function deliverWebhook(
  db: Database,
  job: { deliveryId: string; generation: number; isLastTry: boolean },
  options: DeliveryOptions,
): Promise<'delivered' | 'skipped' | 'failed'> {
  const [row] = await db.select({
    status: webhookDeliveries.status, generation: webhookDeliveries.generation, endpointId: webhookEndpoints.id, url: webhookEndpoints.url,
    secret: webhookEndpoints.secret, isActive: webhookEndpoints.isActive, eventId: webhookEvents.id, type: webhookEvents.type,
    data: webhookEvents.data, createdAt: webhookEvents.createdAt,
  }).from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, job.deliveryId));
  if (!row || row.status !== 'pending' || row.generation !== job.generation) return 'skipped';
  const current = and(eq(webhookDeliveries.id, job.deliveryId), eq(webhookDeliveries.generation, job.generation), eq(webhookDeliveries.status, 'pending'));
  if (!row.isActive) {
    await db.update(webhookDeliveries).set({ status: 'failed', lastError: 'The webhook is switched off' }).where(current);
    return 'failed';
  }
  const payload: WebhookPayload = { id: row.eventId, type: row.type, createdAt: row.createdAt.toISOString(), data: row.data };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const secret = options.box.decrypt(row.secret, secretContext(row.endpointId));
  const answer = await post(row.url, {
    'user-agent': 'ParcelDesk-Webhooks/1',
    [WEBHOOK_HEADERS.id]: row.eventId,
    [WEBHOOK_HEADERS.event]: row.type,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
  }, body, options);
  const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
  const status = ok ? 'delivered' : job.isLastTry ? 'failed' : 'pending';
  await db.update(webhookDeliveries).set({
    status, attempts: sql`${webhookDeliveries.attempts} + 1`, lastStatusCode: answer.statusCode, lastDurationMs: answer.durationMs,
    lastError: ok ? null : (answer.error ?? `HTTP ${answer.statusCode}`).slice(0, 500), lastAttemptAt: sql`now()`,
    deliveredAt: ok ? sql`now()` : null,
  }).where(current);
  if (status === 'pending') throw new DeliveryFailed(`Webhook delivery ${job.deliveryId}: ${answer.error ?? `HTTP ${answer.statusCode}`}`);
  return status;
}
