import { z } from 'zod';
import { MSG } from '@parceldesk/shared/messages';
import { successMessageSchema } from '@parceldesk/shared/schemas/common';
import { courierSignupConfirmSchema, courierSignupSchema, userLoginResponseSchema } from '@parceldesk/shared/schemas/auth';
import {
  courierValidationSchema, membershipSupportSchema, publicBranchListSchema, publicCourierListSchema,
} from '@parceldesk/shared/schemas/couriers';
import { originOf } from '../../lib/actor';
import type { AppContext, ZodApp } from '../../app-context';
import { PUBLIC } from '@parceldesk/shared/access';
import { courierSupportsMembership, listPublicBranches, listPublicCouriers, validateCourierKey } from './courier-directory.service';
import { checkCourierSignup, confirmCourierSignup, sendCourierSignupEmail } from './courier-signup.service';

const uuidParam = (name: string) => z.object({ [name]: z.string().uuid('Not found') });

export function courierPublicRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/couriers/all', {
    schema: { tags: ['couriers'], summary: 'Couriers usable for branding (having code and api_key)', response: { 200: publicCourierListSchema } },
    config: { access: PUBLIC },
  }, async () => ({ success: true as const, couriers: await listPublicCouriers(ctx.db) }));

  app.get('/couriers/validate/:apiKey', {
    schema: { tags: ['couriers'], params: z.object({ apiKey: z.string().max(200) }), response: { 200: courierValidationSchema } },
    config: { access: { ...PUBLIC, tenant: { apiKey: 'api_key' } } },
  }, async (request) => ({ success: true as const, data: await validateCourierKey(ctx.db, request.params.apiKey) }));

  app.get('/branches/public/:courierId', {
    schema: { tags: ['couriers'], params: uuidParam('courierId'), response: { 200: publicBranchListSchema } },
    config: { access: { ...PUBLIC, tenant: { courierId: 'courier' } } },
  }, async (request) => ({ success: true as const, data: await listPublicBranches(ctx.db, (request.params as { courierId: string }).courierId) }));

  app.get('/couriers/:id/membership-support', {
    schema: { tags: ['couriers'], params: uuidParam('id'), response: { 200: membershipSupportSchema } },
    config: { access: { ...PUBLIC, tenant: { id: 'courier' } } },
  }, async (request) => ({ success: true as const, supportsMembership: await courierSupportsMembership(ctx.db, (request.params as { id: string }).id) }));

  app.post('/auth/register', {
    schema: {
      tags: ['auth'], summary: 'A new courier company signs up: a link to finish is emailed (the same answer whether or not the email has an account)',
      body: courierSignupSchema, response: { 202: successMessageSchema },
    },
    config: { access: PUBLIC },
  }, async (request, reply) => {
    await checkCourierSignup(ctx, originOf(request), request.body);
    // Whether the email has an account decides only which email goes out, after the answer (issue 15, item 11).
    request.server.afterResponse.run(reply, request.log, 'courier sign-up: sending the email failed', () => sendCourierSignupEmail(ctx, request.body));
    return reply.status(202).send({ success: true as const, message: MSG.courierSignupEmailSent });
  });

  app.post('/auth/register/confirm', {
    schema: { tags: ['auth'], summary: 'The emailed sign-up link: creates the courier and its admin, signed in', body: courierSignupConfirmSchema, response: { 201: userLoginResponseSchema } },
    config: { access: PUBLIC },
  }, async (request, reply) => reply.status(201).send(await confirmCourierSignup(ctx, originOf(request), request.body.token)));
}
