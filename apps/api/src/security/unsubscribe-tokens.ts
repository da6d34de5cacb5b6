import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 14: the unsubscribe link of every batch email. `<customerId>.<HMAC-SHA256>` under a
 * secret of its own (DATA_DIR/secrets/unsubscribe-secret): it names one customer, cannot be
 * forged for another, never expires (an old newsletter's link must still work) and needs no
 * sign-in. Opting out is its only power, so a leaked link can do no more than that.
 */
export interface UnsubscribeTokens {
  sign: (customerId: string) => string;
  /** The customer the token names, or null when it is not one of ours. */
  verify: (token: string) => string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const mac = (customerId: string) => createHmac('sha256', secret).update(`unsubscribe:${customerId}`).digest('base64url');
  return {
    sign: (customerId) => `${customerId}.${mac(customerId)}`,
    verify: (token) => {
      const [customerId, signature, extra] = token.split('.');
      if (!customerId || !signature || extra !== undefined || !UUID.test(customerId)) return null;
      const expected = Buffer.from(mac(customerId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? customerId : null;
    },
  };
}
