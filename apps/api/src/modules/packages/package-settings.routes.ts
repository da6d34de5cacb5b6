import { eq } from 'drizzle-orm';
import {
  packageEmailPreferenceSavedSchema, packageEmailPreferenceSchema, volumetricDivisorSavedSchema, volumetricDivisorSchema,
} from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import { couriers, customers } from '../../db/schema/index';
import { principalOf } from '../../plugins/auth';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { notFound } from '../../lib/app-error';
import { resolveSettingsScope, SETTINGS_ACCESS, settingsActor, settingsQuerySchema } from '../settings/settings-context';
import { savePackageEmails, saveVolumetricDivisor } from './package-settings.service';

const MSG = { divisorUpdated: 'Volumetric divisor updated', emailsUpdated: 'Package email preference saved' } as const;

/**
 * The courier's volumetric divisor (Rates settings tab; new packages are measured with it, each
 * package keeps the divisor it was measured under) and the customer's package-email switch.
 */
export function packageSettingsRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/settings/volumetric-divisor', {
    schema: { tags: ['settings'], summary: 'Volumetric weight = L × W × H (in) ÷ this divisor (default 166)', querystring: settingsQuerySchema, response: { 200: volumetricDivisorSchema } },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    const [row] = await ctx.db.select({ volumetricDivisor: couriers.volumetricDivisor }).from(couriers).where(eq(couriers.id, scope.courierId));
    if (!row) throw notFound();
    return row;
  });

  app.put('/settings/volumetric-divisor', {
    schema: {
      tags: ['settings'], summary: 'Change the volumetric divisor (100 to 400; 166 and 139 are common)', querystring: settingsQuerySchema, body: volumetricDivisorSchema,
      response: { 200: volumetricDivisorSavedSchema },
    },
    config: { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } },
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    await inTransaction(ctx.db, (tx) => saveVolumetricDivisor(tx, { actor, courierId: actor.scope.courierId, volumetricDivisor: request.body.volumetricDivisor }));
    return { volumetricDivisor: request.body.volumetricDivisor, message: MSG.divisorUpdated };
  });

  app.get('/customers/me/package-emails', {
    schema: { tags: ['customers'], summary: 'Whether I get package status emails', response: { 200: packageEmailPreferenceSchema } },
    config: { access: { roles: ['customer'] } },
  }, async (request) => {
    const [row] = await ctx.db.select({ packageEmails: customers.packageEmails }).from(customers).where(eq(customers.id, principalOf(request).id));
    if (!row) throw notFound();
    return row;
  });

  app.put('/customers/me/package-emails', {
    schema: { tags: ['customers'], summary: 'Switch package status emails on or off (in-app notifications stay)', body: packageEmailPreferenceSchema, response: { 200: packageEmailPreferenceSavedSchema } },
    config: { access: { roles: ['customer'] } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => savePackageEmails(tx, { actor, packageEmails: request.body.packageEmails }));
    return { packageEmails: request.body.packageEmails, message: MSG.emailsUpdated };
  });
}
