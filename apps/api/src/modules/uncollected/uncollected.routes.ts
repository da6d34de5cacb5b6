import { ACCESS } from '@parceldesk/shared/access';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { sweepResponseSchema, UNCOLLECTED_MSG, uncollectedListItemSchema } from '@parceldesk/shared/schemas/uncollected';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf, auditAction } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { principalOf } from '../../plugins/auth';
import { listUncollected } from './uncollected-list.service';
import { runUncollectedSweep } from './uncollected-sweep.service';

const tags = ['uncollected'];

/** Issue 13, uncollected parcels: the list, and the courier admin's "Run now" of the daily sweep. */
export function uncollectedRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/uncollected', {
    schema: {
      tags, summary: 'Parcels ready for pickup longer than the threshold (list convention; filters branchName, daysWaiting and feesCents ranges; search package, tracking, customer, mailbox)',
      querystring: listQuerySchema, response: { 200: listResponseSchema(uncollectedListItemSchema) },
    },
    config: { access: ACCESS.uncollected },
  }, (request) => listUncollected(ctx.db, principalOf(request), request.query));

  app.post('/uncollected/sweep', {
    schema: { tags, summary: 'Run the uncollected sweep now for the signed-in courier admin\'s courier (reminders, storage fees, abandonment); answers what it did', response: { 200: sweepResponseSchema } },
    config: { access: ACCESS.uncollectedSweep },
  }, async (request) => {
    const actor = actorOf(request);
    const courierId = actor.scope.courierId;
    if (!courierId) throw notFound();
    // Each parcel is its own transaction (uncollected-sweep.service.ts); the run is audited after.
    const result = await runUncollectedSweep(ctx.db, {
      now: new Date(), courierId, publicUrl: ctx.env.publicUrl,
      onError: (error, packageId) => request.log.error({ err: error, packageId }, 'uncollected sweep: a parcel failed'),
    });
    await inTransaction(ctx.db, (tx) => auditAction(tx, actor, { courierId, action: 'uncollected.sweep_run', targetType: 'courier', targetId: courierId, details: { ...result } }));
    return { success: true as const, message: UNCOLLECTED_MSG.sweepDone, ...result };
  });
}
