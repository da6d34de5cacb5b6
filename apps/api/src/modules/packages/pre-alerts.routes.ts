import { idParamsSchema, messageResponseSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { PACKAGE_MSG, preAlertFormSchema, preAlertInputSchema, preAlertSchema } from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { readPackageForm } from './package-form';
import { cancelPreAlert, createPreAlert, getPreAlert, listPreAlerts, updatePreAlert } from './pre-alerts.service';

const tags = ['packages'];
const multipartOrJson = { consumes: ['application/json', 'multipart/form-data'] };
const CUSTOMER = { roles: ['customer'] } as const;
/** The OpenAPI document shows the multipart body: the fields and the `invoice` file. */
const multipartBody = preAlertFormSchema;

/**
 * Pre-alerts (issue 11): a customer announces a parcel, with the supplier invoice; the scan that
 * receives its tracking number fulfils it. Bodies are JSON or multipart (fields of
 * preAlertInputSchema plus an `invoice` file: PDF, JPG or PNG, at most 5 MB).
 */
export function preAlertRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/pre-alerts', {
    schema: { tags, ...multipartOrJson, summary: 'Pre-alert a parcel (customer): trackingNumber, carrier?, store, description, declaredValue (US$), service, invoice file', response: { 201: preAlertSchema } },
    config: { access: CUSTOMER, multipartBody },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const { input, file } = await readPackageForm(request, preAlertInputSchema, 'invoice');
    const id = await inTransaction(ctx.db, (tx) => createPreAlert(tx, { actor, form: input, invoice: file }));
    return reply.status(201).send(await getPreAlert(ctx.db, actor.principal, id));
  });

  app.get('/pre-alerts', {
    schema: { tags, summary: 'Pre-alerts (list convention): a customer their own, staff (packages_view) their courier\'s', querystring: listQuerySchema, response: { 200: listResponseSchema(preAlertSchema) } },
    config: { access: { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer'], permission: 'packages_view' } },
  }, (request) => listPreAlerts(ctx.db, principalOf(request), request.query));

  app.put('/pre-alerts/:id', {
    schema: { tags, ...multipartOrJson, params: idParamsSchema, summary: 'Change my pre-alert until it is received (a new invoice file replaces the old one)', response: { 200: preAlertSchema } },
    config: { access: { ...CUSTOMER, tenant: { id: 'pre_alert' } }, multipartBody },
  }, async (request) => {
    const actor = actorOf(request);
    // The pre-alert is checked first, so another customer's is 404 whatever the body.
    await getPreAlert(ctx.db, actor.principal, request.params.id);
    const { input, file } = await readPackageForm(request, preAlertInputSchema, 'invoice');
    await inTransaction(ctx.db, (tx) => updatePreAlert(tx, { actor, id: request.params.id, form: input, invoice: file }));
    return getPreAlert(ctx.db, actor.principal, request.params.id);
  });

  app.delete('/pre-alerts/:id', {
    schema: { tags, params: idParamsSchema, summary: 'Cancel my pre-alert until it is received', response: { 200: messageResponseSchema } },
    config: { access: { ...CUSTOMER, tenant: { id: 'pre_alert' } } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => cancelPreAlert(tx, { actor, id: request.params.id }));
    return { message: PACKAGE_MSG.preAlertCancelled };
  });
}
