import { ACCESS } from '@parceldesk/shared/access';
import { idParamsSchema, messageResponseSchema } from '@parceldesk/shared/schemas/common';
import {
  WEBHOOK_MSG, webhookDeliveryListSchema, webhookEndpointCreatedSchema, webhookEndpointInputSchema, webhookEndpointListSchema, webhookEndpointSavedSchema,
} from '@parceldesk/shared/schemas/webhooks';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { databaseSecretBox } from '../../security/encryption';
import {
  assertPublicUrl, createWebhookEndpoint, endpointInScope, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, resendWebhookDelivery, updateWebhookEndpoint,
} from './webhook-endpoints.service';

const tags = ['webhooks'];
const endpointAccess = { ...ACCESS.webhooksManage, tenant: { id: 'webhook_endpoint' } } as const;

/** Settings → Webhooks (issue 17, docs/decisions/025-webhooks.md): the courier admin's outbound webhooks. */
export function webhookRoutes(app: ZodApp, ctx: AppContext) {
  const allowPrivate = ctx.env.ALLOW_PRIVATE_WEBHOOKS;

  app.get('/settings/webhooks', {
    schema: { tags, summary: 'The courier\'s webhook endpoints', response: { 200: webhookEndpointListSchema } },
    config: { access: ACCESS.webhooksManage },
  }, async (request) => ({ data: await listWebhookEndpoints(ctx.db, actorOf(request)) }));

  app.post('/settings/webhooks', {
    schema: {
      tags, summary: 'Subscribe a URL to events; the answer carries the signing secret, shown this once',
      body: webhookEndpointInputSchema, response: { 201: webhookEndpointCreatedSchema },
    },
    config: { access: ACCESS.webhooksManage },
  }, async (request, reply) => {
    const actor = actorOf(request);
    await assertPublicUrl(request.body.url, allowPrivate);
    const box = await databaseSecretBox(ctx.env);
    const created = await inTransaction(ctx.db, (tx) => createWebhookEndpoint(tx, { actor, input: request.body, box }));
    return reply.code(201).send({ data: created.endpoint, secret: created.secret, message: WEBHOOK_MSG.created });
  });

  app.put('/settings/webhooks/:id', {
    schema: { tags, summary: 'Change an endpoint\'s URL, events or whether it is on', params: idParamsSchema, body: webhookEndpointInputSchema, response: { 200: webhookEndpointSavedSchema } },
    config: { access: endpointAccess },
  }, async (request) => {
    const actor = actorOf(request);
    await endpointInScope(ctx.db, actor, request.params.id); // 404 before the URL is judged
    await assertPublicUrl(request.body.url, allowPrivate);
    const data = await inTransaction(ctx.db, (tx) => updateWebhookEndpoint(tx, { actor, id: request.params.id, input: request.body }));
    return { data, message: WEBHOOK_MSG.updated };
  });

  app.delete('/settings/webhooks/:id', {
    schema: { tags, summary: 'Delete an endpoint and its delivery log', params: idParamsSchema, response: { 200: messageResponseSchema } },
    config: { access: endpointAccess },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => deleteWebhookEndpoint(tx, { actor, id: request.params.id }));
    return { message: WEBHOOK_MSG.deleted };
  });

  app.get('/settings/webhooks/:id/deliveries', {
    schema: { tags, summary: 'The delivery log: the endpoint\'s latest 100 deliveries, newest first', params: idParamsSchema, response: { 200: webhookDeliveryListSchema } },
    config: { access: endpointAccess },
  }, async (request) => ({ data: await listWebhookDeliveries(ctx.db, { actor: actorOf(request), endpointId: request.params.id }) }));

  app.post('/settings/webhooks/deliveries/:id/resend', {
    schema: { tags, summary: 'Send a delivered or failed delivery again (same event id)', params: idParamsSchema, response: { 200: messageResponseSchema } },
    config: { access: { ...ACCESS.webhooksManage, tenant: { id: 'webhook_delivery' } } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => resendWebhookDelivery(tx, { actor, id: request.params.id }));
    return { message: WEBHOOK_MSG.resent };
  });
}
