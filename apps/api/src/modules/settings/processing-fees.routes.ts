import { idParamsSchema, successMessageSchema } from '@parceldesk/shared/schemas/common';
import { processingFeeSchema, SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { processingFeeSavedSchema, processingFeesResponseSchema } from '@parceldesk/shared/schemas/settings-responses';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import { resolveSettingsScope, SETTINGS_ACCESS, settingsActor, settingsQuerySchema } from './settings-context';
import { createProcessingFee, deleteProcessingFee, listProcessingFees, updateProcessingFee } from './processing-fees.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['settings'];

/** Settings tab 3 (spec section 7): processing fees by weight range. */
export function processingFeeRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/settings/processing-fees', {
    schema: { tags, summary: 'The courier\'s processing fees, by weight range', querystring: settingsQuerySchema, response: { 200: processingFeesResponseSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    return { success: true as const, data: await listProcessingFees(ctx.db, scope) };
  });

  app.post('/settings/processing-fees', {
    schema: { tags, summary: 'Create a processing fee', querystring: settingsQuerySchema, body: processingFeeSchema, response: { 201: processingFeeSavedSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request, reply) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const data = await inTransaction(ctx.db, (tx) => createProcessingFee(tx, { actor, input: request.body }));
    return reply.status(201).send({ success: true as const, message: SETTINGS_MSG.processingFeeCreated, data });
  });

  app.put('/settings/processing-fees/:id', {
    schema: { tags, summary: 'Edit a processing fee', params: idParamsSchema, querystring: settingsQuerySchema, body: processingFeeSchema, response: { 200: processingFeeSavedSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { id: 'processing_fee', courierId: 'courier' } } },
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const data = await inTransaction(ctx.db, (tx) => updateProcessingFee(tx, { actor, id: request.params.id, input: request.body }));
    return { success: true as const, message: SETTINGS_MSG.processingFeeUpdated, data };
  });

  app.delete('/settings/processing-fees/:id', {
    schema: { tags, summary: 'Delete a processing fee', params: idParamsSchema, querystring: settingsQuerySchema, response: { 200: successMessageSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { id: 'processing_fee', courierId: 'courier' } } },
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    await inTransaction(ctx.db, (tx) => deleteProcessingFee(tx, { actor, id: request.params.id }));
    return { success: true as const, message: SETTINGS_MSG.processingFeeDeleted };
  });
}
