import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { courierSignupSchema, userLoginResponseSchema } from '@parceldesk/shared/schemas/auth';
import {
  courierValidationSchema, membershipSupportSchema, publicBranchListSchema, publicCourierListSchema,
} from '@parceldesk/shared/schemas/couriers';
import type { AppContext, ZodApp } from '../../app-context';
import { branches, couriers } from '../../db/schema/index';
import { PUBLIC } from '@parceldesk/shared/access';
import { notFound } from '../../lib/app-error';
import { courierByApiKey, courierById } from './courier-lookup';
import { signUpCourier } from './courier-signup.service';

const uuidParam = (name: string) => z.object({ [name]: z.string().uuid('Not found') });

export function courierPublicRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/couriers/all', {
    schema: { tags: ['couriers'], summary: 'Couriers usable for branding (having code and api_key)', response: { 200: publicCourierListSchema } },
    config: { access: PUBLIC },
  }, async () => {
    const rows = await ctx.db.select().from(couriers)
      .where(and(isNotNull(couriers.code), isNotNull(couriers.apiKey), eq(couriers.status, 'active')))
      .orderBy(asc(couriers.name));
    return {
      success: true as const,
      couriers: rows.map((c) => ({ id: c.id, name: c.name, code: c.code, api_key: c.apiKey, logo_url: c.logoUrl })),
    };
  });

  app.get('/couriers/validate/:apiKey', {
    schema: { tags: ['couriers'], params: z.object({ apiKey: z.string().max(200) }), response: { 200: courierValidationSchema } },
    config: { access: { ...PUBLIC, tenant: { apiKey: 'api_key' } } },
  }, async (request) => {
    const courier = await courierByApiKey(ctx.db, request.params.apiKey);
    if (!courier || courier.status !== 'active') throw notFound('Unknown courier');
    return {
      success: true as const,
      data: {
        id: courier.id, name: courier.name, code: courier.code, logo_url: courier.logoUrl,
        supports_membership: courier.supportsMembership, login_notice: courier.loginNotice,
      },
    };
  });

  app.get('/branches/public/:courierId', {
    schema: { tags: ['couriers'], params: uuidParam('courierId'), response: { 200: publicBranchListSchema } },
    config: { access: { ...PUBLIC, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const { courierId } = request.params as { courierId: string };
    const rows = await ctx.db.select({ id: branches.id, name: branches.name }).from(branches)
      .where(and(eq(branches.courierId, courierId), eq(branches.isActive, true)))
      .orderBy(asc(branches.name));
    return { success: true as const, data: rows };
  });

  app.get('/couriers/:id/membership-support', {
    schema: { tags: ['couriers'], params: uuidParam('id'), response: { 200: membershipSupportSchema } },
    config: { access: { ...PUBLIC, tenant: { id: 'courier' } } },
  }, async (request) => {
    const courier = await courierById(ctx.db, (request.params as { id: string }).id);
    if (!courier) throw notFound('Unknown courier');
    return { success: true as const, supportsMembership: courier.supportsMembership };
  });

  app.post('/auth/register', {
    schema: { tags: ['auth'], summary: 'A new courier company signs up with its first admin', body: courierSignupSchema, response: { 201: userLoginResponseSchema } },
    config: { access: PUBLIC },
  }, async (request, reply) => reply.status(201).send(await signUpCourier(ctx, request, request.body)));
}
