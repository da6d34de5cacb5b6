import { courierQuerySchema, departmentsResponseSchema, ticketSettingsSchema } from '@parceldesk/shared/schemas/tickets';
import type { AppContext, ZodApp } from '../../app-context';
import { ANY_SIGNED_IN, type Access } from '@parceldesk/shared/access';
import { actorOf } from '../../lib/actor';
import { departmentsOf, getTicketSettings, saveTicketSettings, settingsCourierId } from './ticket-settings.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['tickets'];
const ADMINS: Access = { roles: ['super_admin', 'courier_admin'], tenant: { courierId: 'courier' } };

/** The courier-configurable department list (issue 5) and the staff email switch. */
export function ticketSettingsRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/tickets/departments', {
    schema: { tags, summary: 'The departments a ticket may be filed under (a super admin names the courier)', querystring: courierQuerySchema, response: { 200: departmentsResponseSchema } },
    config: { access: { ...ANY_SIGNED_IN, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const courierId = await settingsCourierId(ctx.db, actorOf(request), request.query.courierId);
    return { data: await departmentsOf(ctx.db, courierId) };
  });

  app.get('/tickets/settings', {
    schema: { tags, summary: 'Ticket settings of the courier: departments and staff emails for new tickets', querystring: courierQuerySchema, response: { 200: ticketSettingsSchema } },
    config: { access: ADMINS },
  }, async (request) => getTicketSettings(ctx.db, await settingsCourierId(ctx.db, actorOf(request), request.query.courierId)));

  app.put('/tickets/settings', {
    schema: { tags, summary: 'Save the ticket settings (replaces the department list)', querystring: courierQuerySchema, body: ticketSettingsSchema, response: { 200: ticketSettingsSchema } },
    config: { access: ADMINS },
  }, async (request) => {
    const actor = actorOf(request);
    const courierId = await settingsCourierId(ctx.db, actor, request.query.courierId);
    return inTransaction(ctx.db, (tx) => saveTicketSettings(tx, { actor, courierId, settings: request.body }));
  });
}
