import { z } from 'zod';
import {
  apiKeyCreatedSchema, apiKeyListSchema, apiKeyRevokedSchema, createApiKeySchema, INTEGRATIONS_MSG,
} from '@parceldesk/shared/schemas/integrations';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { INTEGRATIONS_ACCESS } from './integrations-access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const keyParams = z.object({ id: z.string().uuid('Not found') });

/** Settings → Integrations: the courier admin's API keys (issue 17, ADR 024). */
export function apiKeyRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/integrations/api-keys', {
    schema: { tags: ['integrations'], summary: 'The courier\'s API keys (never their tokens)', response: { 200: apiKeyListSchema } },
    config: { access: INTEGRATIONS_ACCESS },
  }, async (request) => ({ data: await listApiKeys(ctx.db, actorOf(request)) }));

  app.post('/integrations/api-keys', {
    schema: {
      tags: ['integrations'], summary: 'Create an API key; its token is in this answer only', body: createApiKeySchema,
      response: { 201: apiKeyCreatedSchema },
    },
    config: { access: INTEGRATIONS_ACCESS },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const created = await inTransaction(ctx.db, (tx) => createApiKey(tx, { actor, input: request.body }));
    // The token must not linger in a cache between the browser and us.
    reply.header('Cache-Control', 'no-store');
    return reply.code(201).send({ ...created, message: INTEGRATIONS_MSG.keyCreated });
  });

  app.post('/integrations/api-keys/:id/revoke', {
    schema: { tags: ['integrations'], summary: 'Revoke an API key (at once, on every instance)', params: keyParams, response: { 200: apiKeyRevokedSchema } },
    config: { access: { ...INTEGRATIONS_ACCESS, tenant: { id: 'integration_key' } } },
  }, async (request) => {
    const actor = actorOf(request);
    const key = await inTransaction(ctx.db, (tx) => revokeApiKey(tx, { actor, keyId: request.params.id }));
    return { key, message: INTEGRATIONS_MSG.keyRevoked };
  });
}
