import {
  PACKING_PATHS, packingPackageAnswerSchema, packingPackageEventSchema, packingPackageParamsSchema,
} from '@parceldesk/shared/schemas/packing-system';
import type { AppContext, ZodApp } from '../../../app-context';
import { actorOf } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { inTransaction } from '../../../lib/transaction';
import { applyParcelDelete, applyParcelPush } from './parcel-push.service';

const PUSH = { roles: [], apiScope: 'warehouse:push' } as const;
const ONE = { ...PUSH, tenant: { packageId: 'packing_parcel' } } as const;
const base = PACKING_PATHS.packages.replace(/^\/api/, '');
const answers = { 200: packingPackageAnswerSchema, 201: packingPackageAnswerSchema, 404: packingPackageAnswerSchema };

/**
 * The packing system's parcel events (contract direction 2; ADR 024): add, update and delete,
 * each the contract's `{ APIToken, Package }`. The key is the courier: nothing in the body can
 * name another courier's parcel or customer (CourierID is recorded, never followed).
 */
export function parcelPushRoutes(app: ZodApp, ctx: AppContext) {
  app.post(base, {
    schema: { tags: ['packing-system'], summary: 'Add a parcel (201 created; 200 repeat; 404 UserCode not found, kept as unknown; 409 duplicate TrackingNumber)', body: packingPackageEventSchema, response: answers },
    config: { access: PUSH },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const outcome = await inTransaction(ctx.db, (tx) => applyParcelPush(tx, { actor, parcel: request.body.Package, event: 'add', publicUrl: ctx.env.publicUrl }));
    return reply.code(outcome.statusCode).send(outcome.body);
  });

  app.put(`${base}/:packageId`, {
    schema: {
      tags: ['packing-system'], summary: 'Update a parcel (an older update than the last applied is ignored: Result "stale")',
      params: packingPackageParamsSchema, body: packingPackageEventSchema, response: answers,
    },
    config: { access: ONE },
  }, async (request, reply) => {
    if (request.body.Package.PackageID !== request.params.packageId) {
      throw new AppError(400, 'Package.PackageID must be the PackageID of the path', { PackageID: 'Does not match the path' }, 'packing.package_id_mismatch');
    }
    const actor = actorOf(request);
    const outcome = await inTransaction(ctx.db, (tx) => applyParcelPush(tx, { actor, parcel: request.body.Package, event: 'update', publicUrl: ctx.env.publicUrl }));
    return reply.code(outcome.statusCode).send(outcome.body);
  });

  app.delete(`${base}/:packageId`, {
    schema: {
      tags: ['packing-system'], summary: 'Delete a parcel (409 once it has moved on: manifested, invoiced or further)',
      params: packingPackageParamsSchema, response: { 200: packingPackageAnswerSchema },
    },
    config: { access: ONE },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const outcome = await inTransaction(ctx.db, (tx) => applyParcelDelete(tx, { actor, packageId: request.params.packageId }));
    return reply.code(200).send(outcome.body);
  });
}
