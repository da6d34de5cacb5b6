import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signing a delivery (docs/decisions/025-webhooks.md), Stripe's scheme: HMAC-SHA256 with the
 * endpoint's secret over `${timestamp}.${body}`, sent as `v1=<hex>`; the timestamp (Unix seconds)
 * travels in its own header so a receiver refuses a replay older than its tolerance (5 minutes).
 */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (the test's receiver uses it): true when signed by the secret and fresh. */
export function verifyWebhook(
  input: { secret: string; timestamp: string | undefined; signature: string | undefined; body: string },
  options: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp) || !input.signature) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(input.secret, timestamp, input.body));
  const given = Buffer.from(input.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The job id of a delivery's generation: the same pair always gives the same uuid, so it is queued once. */
export function deliveryJobId(deliveryId: string, generation: number): string {
  const hex = createHash('sha256').update(`${deliveryId}:${generation}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
