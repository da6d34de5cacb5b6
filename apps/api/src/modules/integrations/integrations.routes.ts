import {
  INTEGRATIONS_MSG, packingConnectionInputSchema, packingConnectionSavedSchema, packingConnectionSchema,
} from '@parceldesk/shared/schemas/integrations';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { apiKeyRoutes } from './api-keys.routes';
import { INTEGRATIONS_ACCESS } from './integrations-access';
import { getPackingConnection, savePackingConnection } from './packing-connection.service';
import { customerDirectoryRoutes } from './customer-directory.routes';

/** Issue 17, Settings → Integrations: API keys, the packing-system connection, and the directory the warehouse pulls. */
export function integrationRoutes(app: ZodApp, ctx: AppContext) {
  apiKeyRoutes(app, ctx);
  customerDirectoryRoutes(app, ctx);

  app.get('/integrations/packing-system', {
    schema: { tags: ['integrations'], summary: 'The packing-system connection (null when none)', response: { 200: packingConnectionSchema } },
    config: { access: INTEGRATIONS_ACCESS },
  }, async (request) => getPackingConnection(ctx.db, actorOf(request)));

  app.put('/integrations/packing-system', {
    schema: {
      tags: ['integrations'], summary: 'Connect a packing system: its contract, the key it uses, its service types mapped to ours',
      body: packingConnectionInputSchema, response: { 200: packingConnectionSavedSchema },
    },
    config: { access: INTEGRATIONS_ACCESS },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => savePackingConnection(tx, { actor, input: request.body }));
    return { ...(await getPackingConnection(ctx.db, actor)), message: INTEGRATIONS_MSG.connectionSaved };
  });
}
