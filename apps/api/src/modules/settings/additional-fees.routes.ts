import { additionalFeesSchema, SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { additionalFeesResponseSchema, additionalFeesSavedSchema } from '@parceldesk/shared/schemas/settings-responses';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import { resolveSettingsScope, SETTINGS_ACCESS, settingsActor, settingsQuerySchema } from './settings-context';
import { getAdditionalFees, updateAdditionalFees } from './additional-fees.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['settings'];

/** Settings tab 2 (spec section 7): GCT and the named fees. */
export function additionalFeeRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/settings/additional-fees', {
    schema: { tags, summary: 'GCT and the named fees (defaults until saved)', querystring: settingsQuerySchema, response: { 200: additionalFeesResponseSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    return { success: true as const, ...(await getAdditionalFees(ctx.db, scope)) };
  });

  app.put('/settings/additional-fees', {
    schema: {
      tags, summary: 'Update GCT and the named fees', querystring: settingsQuerySchema, body: additionalFeesSchema,
      response: { 200: additionalFeesSavedSchema },
    },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const fees = await inTransaction(ctx.db, (tx) => updateAdditionalFees(tx, { actor, input: request.body }));
    return { success: true as const, message: SETTINGS_MSG.feesUpdated, ...fees };
  });
}
