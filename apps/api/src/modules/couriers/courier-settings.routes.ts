import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { bankDetailsSchema, companyInfoSchema, SETTINGS_MSG, shippingAddressesSchema } from '@parceldesk/shared/schemas/settings';
import { bankDetailsSavedSchema, courierSavedSchema, courierSettingsResponseSchema } from '@parceldesk/shared/schemas/settings-responses';
import type { AppContext, ZodApp } from '../../app-context';
import type { Access } from '@parceldesk/shared/access';
import { actorOf } from '../../lib/actor';
import { principalOf } from '../../plugins/auth';
import { inTransaction } from '../../lib/transaction';
import { getCourierSettings, updateBankDetails, updateCompanyInfo, updateShippingAddresses } from './courier-settings.service';

const tags = ['couriers'];
/** Customers read their own courier too: the bank details of the invoice and payment screens. */
const READERS: Access = { roles: ['super_admin', 'courier_admin', 'customer'] };
const WRITERS: Access = { roles: ['super_admin', 'courier_admin'] };

/** Settings tabs 0 and 4 (spec section 7): the courier row itself. */
export function courierSettingsRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/couriers/:id', {
    schema: { tags, summary: 'My courier: company info, addresses, bank details', params: idParamsSchema, response: { 200: courierSettingsResponseSchema } },
    config: { access: { ...READERS, tenant: { id: 'courier' } } },
  }, async (request) => ({ success: true as const, data: await getCourierSettings(ctx.db, principalOf(request), request.params.id) }));

  app.put('/couriers/:id', {
    schema: { tags, summary: 'Company name and the admin\'s own name and email', params: idParamsSchema, body: companyInfoSchema, response: { 200: courierSavedSchema } },
    config: { access: { ...WRITERS, tenant: { id: 'courier' } } },
  }, async (request) => {
    const courier = await inTransaction(ctx.db, (tx) => updateCompanyInfo(tx, { actor: actorOf(request), id: request.params.id, input: request.body }));
    return { success: true as const, message: SETTINGS_MSG.companyUpdated, courier };
  });

  app.put('/couriers/:id/shipping-addresses', {
    schema: { tags, summary: 'The AIR and SEA warehouse addresses (six lines each)', params: idParamsSchema, body: shippingAddressesSchema, response: { 200: courierSavedSchema } },
    config: { access: { ...WRITERS, tenant: { id: 'courier' } } },
  }, async (request) => {
    const courier = await inTransaction(ctx.db, (tx) => updateShippingAddresses(tx, { actor: actorOf(request), id: request.params.id, input: request.body }));
    return { success: true as const, message: SETTINGS_MSG.addressesUpdated, courier };
  });

  app.put('/couriers/:id/bank-details', {
    schema: {
      tags, summary: 'Bank transfer details shown to customers', params: idParamsSchema, body: bankDetailsSchema,
      response: { 200: bankDetailsSavedSchema },
    },
    config: { access: { ...WRITERS, tenant: { id: 'courier' } } },
  }, async (request) => {
    const details = await inTransaction(ctx.db, (tx) => updateBankDetails(tx, { actor: actorOf(request), id: request.params.id, input: request.body }));
    return { success: true as const, message: SETTINGS_MSG.bankUpdated, courier: { bank_details: details } };
  });
}
