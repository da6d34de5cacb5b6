import { z } from 'zod';

/** Outbound webhooks (issue 17, docs/decisions/025-webhooks.md). */
export const WEBHOOK_EVENT_TYPES = ['package.received', 'package.status_changed', 'manifest.status_changed', 'invoice.issued', 'payment.recorded'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'package.received': 'Package received',
  'package.status_changed': 'Package status changed',
  'manifest.status_changed': 'Manifest status changed',
  'invoice.issued': 'Invoice issued',
  'payment.recorded': 'Payment recorded',
};

/** The signature headers every delivery carries (documented for receivers in the ADR and OpenAPI). */
export const WEBHOOK_HEADERS = {
  id: 'ParcelDesk-Webhook-Id',
  event: 'ParcelDesk-Webhook-Event',
  timestamp: 'ParcelDesk-Webhook-Timestamp',
  signature: 'ParcelDesk-Webhook-Signature',
} as const;

export const WEBHOOK_MSG = {
  urlRequired: 'Please enter the URL to deliver to',
  urlInvalid: 'Please enter a valid https:// or http:// URL',
  eventsRequired: 'Choose at least one event',
  created: 'Webhook created. Copy its signing secret now: it is not shown again.',
  updated: 'Webhook updated',
  deleted: 'Webhook deleted',
  resent: 'Delivery queued again',
  alreadyQueued: 'This delivery is already waiting to be sent',
  notPublic: 'Webhook URL must be a public address',
} as const;

const urlSchema = z.string({ error: WEBHOOK_MSG.urlRequired }).trim().min(1, WEBHOOK_MSG.urlRequired).max(2000, 'At most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, WEBHOOK_MSG.urlInvalid);

export const webhookEndpointInputSchema = z.object({
  url: urlSchema,
  description: z.string().trim().max(200, 'At most 200 characters').optional().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, WEBHOOK_MSG.eventsRequired),
  isActive: z.boolean().optional(),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Deliveries not yet answered with 2xx and those given up on, for the list. */
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });
/** The creation answer: the only time the signing secret is shown. */
export const webhookEndpointCreatedSchema = z.object({ data: webhookEndpointSchema, secret: z.string(), message: z.string() });
export const webhookEndpointSavedSchema = z.object({ data: webhookEndpointSchema, message: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** The endpoint's most recent deliveries, newest first (DELIVERY_LOG_LIMIT). */
export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliverySchema) });
export const DELIVERY_LOG_LIMIT = 100;

/** The body POSTed to the endpoint (the bytes signed). */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
}).meta({
  examples: [{
    id: '5b1f7a2e-3c4d-4e8f-9a0b-1c2d3e4f5a6b', type: 'package.status_changed', createdAt: '2026-11-25T14:03:12.418Z',
    data: { packageId: '7d9e1f2a-8b3c-4d5e-9f60-718293a4b5c6', packageNumber: 'IEC-P-0000123', trackingNumber: '1Z999AA10123456784', previousStatus: 'received', status: 'manifested', customerId: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f', note: 'Loaded on manifest AIR-2026-0042', occurredAt: '2026-11-25T14:03:12.401Z' },
  }],
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
