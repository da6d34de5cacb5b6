import type { Cents } from '@parceldesk/shared/domain/money';

/**
 * An online card gateway (issue 13: "leave an interface, build no fake gateway";
 * docs/decisions/014-payment-gateway.md). Nothing implements it yet: a provider (First Atlantic
 * Commerce, WiPay, PowerTranz, Stripe…) is one class of this shape, chosen per courier. The money
 * side never changes: a succeeded charge becomes an ordinary `card` payment through
 * `recordPayment`, with the provider's charge id as reference and its event id as Idempotency-Key,
 * so a webhook delivered twice records once and the allocation and overpay rules are the counter's.
 */
export interface PaymentGateway {
  /** Stable provider name, stored with the courier's gateway settings ('powertranz'). */
  readonly provider: string;

  /**
   * Starts a charge for a customer's invoices. Amounts are J$ cents; the provider converts to its
   * own minor units. Most Caribbean gateways answer with a hosted page (3-D Secure) to redirect to.
   */
  createCharge(input: GatewayChargeRequest): Promise<GatewayCharge>;

  /**
   * Reads a webhook (or return-URL) notification: verifies its signature with the courier's
   * secret, and answers what happened, or null for events that concern no charge.
   * It must throw on a bad signature; the route answers 400 without recording anything.
   */
  parseNotification(input: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }): Promise<GatewayEvent | null>;

  /** Refunds all or part of a charge (voiding a card payment taken online). */
  refund(input: { chargeReference: string; amountCents: Cents; reason: string; idempotencyKey: string }): Promise<{ refundReference: string }>;
}

export interface GatewayChargeRequest {
  courierId: string;
  customerId: string;
  /** The invoices being paid and how much of each, exactly as POST /payments takes them. */
  allocations: readonly { invoiceId: string; invoiceNo: string; amountCents: Cents }[];
  amountCents: Cents;
  currency: 'JMD';
  description: string;
  /** Where the provider sends the customer back (the customer's invoice page). */
  returnUrl: string;
  /** The provider must treat a repeated key as the same charge. */
  idempotencyKey: string;
}

export interface GatewayCharge {
  chargeReference: string;
  status: 'requires_action' | 'pending' | 'succeeded' | 'failed';
  /** The hosted page to send the customer to when status is requires_action. */
  redirectUrl: string | null;
}

export interface GatewayEvent {
  /** The provider's event id: the Idempotency-Key of the payment it records. */
  eventId: string;
  chargeReference: string;
  status: 'succeeded' | 'failed' | 'refunded';
  amountCents: Cents;
  /** Card brand and last four digits for the receipt ("VISA •••• 4242"); never the full number. */
  cardSummary: string | null;
}
