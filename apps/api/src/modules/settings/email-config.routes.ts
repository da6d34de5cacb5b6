import { idParamsSchema, successMessageSchema } from '@parceldesk/shared/schemas/common';
import { emailConfigResponseSchema, smtpFailureSchema } from '@parceldesk/shared/schemas/settings-responses';
import { emailConfigSchema, SETTINGS_MSG, testEmailSchema } from '@parceldesk/shared/schemas/settings';
import type { AppContext, ZodApp } from '../../app-context';
import type { Access } from '@parceldesk/shared/access';
import { actorOf } from '../../lib/actor';
import { principalOf } from '../../plugins/auth';
import { inTransaction } from '../../lib/transaction';
import { databaseSecretBox } from '../../security/encryption';
import { courierInScope } from './courier-settings.service';
import { getEmailConfig, saveEmailConfig, sendTestEmail } from './email-config.service';

const tags = ['settings'];
const ADMINS: Access = { roles: ['super_admin', 'courier_admin'] };


/** Settings tab 5 (spec section 7): the courier's own SMTP server. The password never leaves. */
export function emailConfigRoutes(app: ZodApp, ctx: AppContext) {
  const allowPrivate = ctx.env.ALLOW_PRIVATE_SMTP;

  app.get('/settings/couriers/:id/email-config', {
    schema: { tags, summary: 'The courier\'s SMTP settings, without the password', params: idParamsSchema, response: { 200: emailConfigResponseSchema } },
    config: { access: { ...ADMINS, tenant: { id: 'courier' } } },
  }, async (request) => {
    const courier = await courierInScope(ctx.db, principalOf(request), request.params.id);
    return { success: true as const, data: await getEmailConfig(ctx.db, courier.id) };
  });

  app.post('/settings/couriers/:id/email-config', {
    schema: { tags, summary: 'Save the SMTP settings (an empty password keeps the stored one)', params: idParamsSchema, body: emailConfigSchema, response: { 200: successMessageSchema } },
    config: { access: { ...ADMINS, tenant: { id: 'courier' } } },
  }, async (request) => {
    const actor = actorOf(request);
    const courier = await courierInScope(ctx.db, actor.principal, request.params.id);
    const box = await databaseSecretBox(ctx.env);
    await inTransaction(ctx.db, (tx) => saveEmailConfig(tx, { actor, box, courierId: courier.id, input: request.body, allowPrivate }));
    return { success: true as const, message: SETTINGS_MSG.emailConfigSaved };
  });

  app.post('/settings/couriers/:id/email-config/test', {
    schema: { tags, summary: 'Send a test email through the saved SMTP settings', params: idParamsSchema, body: testEmailSchema, response: { 200: successMessageSchema, 502: smtpFailureSchema } },
    config: { access: { ...ADMINS, tenant: { id: 'courier' } } },
  }, async (request) => {
    const courier = await courierInScope(ctx.db, principalOf(request), request.params.id);
    // Each test opens a connection to a host the admin chose: counted like sign-in attempts.
    await ctx.limiter.checkIp('smtp-test', courier.id);
    const box = await databaseSecretBox(ctx.env);
    const message = await sendTestEmail(ctx.db, { box, courierId: courier.id, courierName: courier.name, to: request.body.test_email, allowPrivate, log: request.log });
    return { success: true as const, message };
  });
}
