import {
  customerLoginResponseSchema, customerLoginSchema, customerProfileResponseSchema, customerProfileSavedSchema, customerRegisteredSchema,
} from '@parceldesk/shared/schemas/auth';
import { customerRegisterSchema } from '@parceldesk/shared/schemas/registration';
import { updateOwnCustomerProfileSchema } from '@parceldesk/shared/schemas/customers';
import { MSG } from '@parceldesk/shared/messages';
import type { AppContext, ZodApp } from '../../app-context';
import { PUBLIC } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { notFound } from '../../lib/app-error';
import { actorOf, originOf } from '../../lib/actor';
import { loadCustomerProfile } from '../../lib/profiles';
import { signInCustomer } from './customer-auth.service';
import { registerCustomer } from './registration.service';
import { updateOwnProfile } from './customer-manage.service';
import { inTransaction } from '../../lib/transaction';

export function customerAuthRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/customers/login', {
    schema: { tags: ['customers'], summary: 'Customer sign-in (api_key limits it to one courier)', body: customerLoginSchema, response: { 200: customerLoginResponseSchema } },
    config: { access: PUBLIC },
  }, (request) => signInCustomer(ctx, originOf(request), request.body));

  app.post('/customers/register', {
    schema: { tags: ['customers'], summary: 'Customer sign-up', body: customerRegisterSchema, response: { 201: customerRegisteredSchema } },
    config: { access: PUBLIC },
  }, async (request, reply) => {
    const result = await registerCustomer(ctx, originOf(request), request.body);
    return reply.status(201).send(result);
  });

  app.get('/customers/profile', {
    schema: { tags: ['customers'], response: { 200: customerProfileResponseSchema } },
    config: { access: { roles: ['customer'] } },
  }, async (request) => {
    const principal = principalOf(request);
    const customer = await loadCustomerProfile(ctx.db, principal.id, principal.impersonatorId);
    if (!customer) throw notFound();
    return { customer };
  });

  app.put('/customers/profile', {
    schema: { tags: ['customers'], summary: 'The customer edits their own details', body: updateOwnCustomerProfileSchema, response: { 200: customerProfileSavedSchema } },
    config: { access: { roles: ['customer'] } },
  }, async (request) => {
    const actor = actorOf(request);
    const { emailChangeSent } = await inTransaction(ctx.db, (tx) => updateOwnProfile(tx, { publicUrl: ctx.env.publicUrl, actor, input: request.body }));
    const customer = await loadCustomerProfile(ctx.db, actor.principal.id, actor.principal.impersonatorId);
    if (!customer) throw notFound();
    return { customer, message: emailChangeSent ? MSG.emailChangeSent : MSG.profileUpdated };
  });
}
