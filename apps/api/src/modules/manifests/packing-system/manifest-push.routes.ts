import { PACKING_PATHS, packingManifestAnswerSchema, packingManifestEventSchema } from '@parceldesk/shared/schemas/packing-system';
import type { AppContext, ZodApp } from '../../../app-context';
import { actorOf } from '../../../lib/actor';
import { inTransaction } from '../../../lib/transaction';
import { applyManifestPush } from './manifest-push.service';

/** The packing system's manifest push (contract direction 3; ADR 024), by its ManifestID: created 201, updated 200. */
export function manifestPushRoutes(app: ZodApp, ctx: AppContext) {
  app.post(PACKING_PATHS.manifests.replace(/^\/api/, ''), {
    schema: {
      tags: ['packing-system'], summary: 'Create or update a manifest: its bags, parcels (PackageAWBs) and status 0–4',
      body: packingManifestEventSchema, response: { 200: packingManifestAnswerSchema, 201: packingManifestAnswerSchema },
    },
    config: { access: { roles: [], apiScope: 'warehouse:push' } },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const outcome = await inTransaction(ctx.db, (tx) => applyManifestPush(tx, { actor, event: request.body, publicUrl: ctx.env.publicUrl }));
    return reply.code(outcome.statusCode).send(outcome.body);
  });
}
