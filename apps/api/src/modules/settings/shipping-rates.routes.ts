import { idParamsSchema, successMessageSchema } from '@parceldesk/shared/schemas/common';
import { SETTINGS_MSG, shippingRateSchema } from '@parceldesk/shared/schemas/settings';
import { shippingRateSavedSchema, shippingRatesResponseSchema } from '@parceldesk/shared/schemas/settings-responses';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import { resolveSettingsScope, SETTINGS_ACCESS, settingsActor, settingsQuerySchema } from './settings-context';
import { createShippingRate, deleteShippingRate, listShippingRates, updateShippingRate } from './shipping-rates.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['settings'];

/** Settings tab 1 (spec section 7). Bulk upload and the template live in the uploads module. */
export function shippingRateRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/settings/shipping-rates', {
    schema: { tags, summary: 'The courier\'s shipping rates, by weight', querystring: settingsQuerySchema, response: { 200: shippingRatesResponseSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    return { success: true as const, data: await listShippingRates(ctx.db, scope) };
  });

  app.post('/settings/shipping-rates', {
    schema: { tags, summary: 'Create a shipping rate', querystring: settingsQuerySchema, body: shippingRateSchema, response: { 201: shippingRateSavedSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request, reply) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const data = await inTransaction(ctx.db, (tx) => createShippingRate(tx, { actor, input: request.body }));
    return reply.status(201).send({ success: true as const, message: SETTINGS_MSG.rateCreated, data });
  });

  app.put('/settings/shipping-rates/:id', {
    schema: { tags, summary: 'Edit a shipping rate', params: idParamsSchema, querystring: settingsQuerySchema, body: shippingRateSchema, response: { 200: shippingRateSavedSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { id: 'shipping_rate', courierId: 'courier' } } },
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const data = await inTransaction(ctx.db, (tx) => updateShippingRate(tx, { actor, id: request.params.id, input: request.body }));
    return { success: true as const, message: SETTINGS_MSG.rateUpdated, data };
  });

  app.delete('/settings/shipping-rates/:id', {
    schema: { tags, summary: 'Delete a shipping rate', params: idParamsSchema, querystring: settingsQuerySchema, response: { 200: successMessageSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { id: 'shipping_rate', courierId: 'courier' } } },
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    await inTransaction(ctx.db, (tx) => deleteShippingRate(tx, { actor, id: request.params.id }));
    return { success: true as const, message: SETTINGS_MSG.rateDeleted };
  });
}
