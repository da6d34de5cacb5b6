import { MSG } from '@parceldesk/shared/messages';
import { authUserResponseSchema, authUserSavedSchema, staffRegisterSchema } from '@parceldesk/shared/schemas/auth';
import { changePasswordSchema } from '@parceldesk/shared/schemas/password';
import { staffProfileSchema } from '@parceldesk/shared/schemas/profile';
import { idParamsSchema, messageResponseSchema } from '@parceldesk/shared/schemas/common';
import type { AppContext, ZodApp } from '../../app-context';
import { ACCESS, STAFF_SIDE } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { actorOf } from '../../lib/actor';
import { forbidden } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { renameOwnProfile, updateOwnProfile } from '../auth/user-profile';
import { isEmailChange } from '../password-reset/email-change.service';
import { changeOwnPassword } from '../auth/password.service';
import { registerStaff } from './staff-register.service';

const OWN_PROFILE_ONLY = 'You can only change your own profile here';

export function userRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/auth/staff/register', {
    schema: { tags: ['staff'], summary: 'A courier admin hires a branch manager or staff user; a branch manager with staff_manage hires staff into their branch', body: staffRegisterSchema, response: { 201: authUserResponseSchema } },
    config: { access: ACCESS.staffHire },
  }, async (request, reply) => reply.status(201).send(await inTransaction(ctx.db, (tx) => registerStaff(tx, { actor: actorOf(request), publicUrl: ctx.env.publicUrl, input: request.body }))));

  app.put('/users/:id', {
    schema: { tags: ['staff'], summary: 'Edit my own profile', params: idParamsSchema, body: staffProfileSchema, response: { 200: authUserSavedSchema } },
    config: { access: { ...STAFF_SIDE, tenant: { id: 'self' } }, staffProfile: true },
  }, async (request) => {
    const actor = actorOf(request);
    if (request.params.id !== actor.principal.id) throw forbidden(OWN_PROFILE_ONLY);
    const current = request.staffProfile;
    if (current && !isEmailChange(current.email, request.body.email)) {
      return { user: await renameOwnProfile(ctx.db, actor, current, request.body), message: MSG.profileUpdated };
    }
    const { user, emailChangeSent } = await inTransaction(ctx.db, (tx) => updateOwnProfile(tx, { publicUrl: ctx.env.publicUrl, actor, input: request.body }));
    return { user, message: emailChangeSent ? MSG.emailChangeSent : MSG.profileUpdated };
  });

  app.put('/users/:id/password', {
    schema: { tags: ['staff'], summary: 'Change my own password', params: idParamsSchema, body: changePasswordSchema, response: { 200: messageResponseSchema } },
    config: { access: { ...STAFF_SIDE, tenant: { id: 'self' } } },
  }, async (request) => {
    if (request.params.id !== principalOf(request).id) throw forbidden(OWN_PROFILE_ONLY);
    await inTransaction(ctx.db, (tx) => changeOwnPassword(tx, { actor: actorOf(request), input: request.body }));
    return { message: MSG.passwordUpdated };
  });
}
