import { MSG } from '@parceldesk/shared/messages';
import { authUserResponseSchema, loginSchema, userLoginResponseSchema } from '@parceldesk/shared/schemas/auth';
import { changePasswordSchema } from '@parceldesk/shared/schemas/password';
import { messageResponseSchema } from '@parceldesk/shared/schemas/common';
import type { AppContext, ZodApp } from '../../app-context';
import { ANY_SIGNED_IN, PUBLIC, STAFF_SIDE } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { actorOf, originOf } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { signInUser } from './sign-in.service';
import { revokeSession } from '../../lib/sessions';
import { changeOwnPassword } from './password.service';

export function authRoutes(app: ZodApp, ctx: AppContext) {
  const login = { body: loginSchema, response: { 200: userLoginResponseSchema } };

  app.post('/auth/login', { schema: { ...login, tags: ['auth'], summary: 'Courier admin sign-in' }, config: { access: PUBLIC } },
    (request) => signInUser(ctx, originOf(request), request.body, ['courier_admin']));

  app.post('/auth/super-admin/login', { schema: { ...login, tags: ['auth'], summary: 'Super admin sign-in' }, config: { access: PUBLIC } },
    (request) => signInUser(ctx, originOf(request), request.body, ['super_admin']));

  app.post('/auth/staff/login', { schema: { ...login, tags: ['auth'], summary: 'Branch manager and staff sign-in' }, config: { access: PUBLIC } },
    (request) => signInUser(ctx, originOf(request), request.body, ['branch_manager', 'staff']));

  app.post('/auth/logout', { schema: { tags: ['auth'], response: { 200: messageResponseSchema } }, config: { access: ANY_SIGNED_IN } },
    async (request) => {
      await revokeSession(ctx.db, principalOf(request).sessionId);
      return { message: 'Signed out' };
    });

  // The session check loads the profile in the same statement (config.staffProfile, issue 16).
  app.get('/auth/profile', { schema: { tags: ['auth'], response: { 200: authUserResponseSchema } }, config: { access: STAFF_SIDE, staffProfile: true } },
    async (request) => {
      principalOf(request);
      if (!request.staffProfile) throw notFound();
      return { user: request.staffProfile };
    });

  app.put('/auth/change-password', {
    schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: messageResponseSchema } },
    config: { access: ANY_SIGNED_IN },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => changeOwnPassword(tx, { actor: actorOf(request), input: request.body }));
    return { message: MSG.passwordUpdated };
  });
}
