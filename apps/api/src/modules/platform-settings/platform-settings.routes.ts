import type { Access } from '@parceldesk/shared/access';
import {
  PLATFORM_MSG, platformSettingsSavedSchema, platformSettingsSchema, platformSettingsViewSchema,
} from '@parceldesk/shared/schemas/platform-settings';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { getPlatformSettings, savePlatformSettings } from './platform-settings.service';

const tags = ['platform'];
/** /superadmin/settings (issue 14): the network's own settings, the super admin's alone. */
const ACCESS: Access = { roles: ['super_admin'] };

export function platformSettingsRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/platform/settings', {
    schema: { tags, summary: 'Defaults a new courier starts with, and the platform\'s sender address', response: { 200: platformSettingsViewSchema } },
    config: { access: ACCESS },
  }, () => getPlatformSettings(ctx.db, ctx.env.MAIL_FROM));

  app.put('/platform/settings', {
    schema: { tags, summary: 'Change the defaults of new couriers and the platform\'s sender (existing couriers keep theirs)', body: platformSettingsSchema, response: { 200: platformSettingsSavedSchema } },
    config: { access: ACCESS },
  }, async (request) => {
    const saved = await inTransaction(ctx.db, (tx) => savePlatformSettings(tx, { actor: actorOf(request), settings: request.body, mailFrom: ctx.env.MAIL_FROM }));
    return { ...saved, message: PLATFORM_MSG.updated };
  });
}
