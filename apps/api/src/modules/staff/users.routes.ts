import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import { authUserResponseSchema, authUserSavedSchema, staffRegisterSchema } from '@parceldesk/shared/schemas/auth';
import { changePasswordSchema } from '@parceldesk/shared/schemas/password';
import { staffProfileSchema } from '@parceldesk/shared/schemas/profile';
import { idParamsSchema, messageResponseSchema } from '@parceldesk/shared/schemas/common';
import type { AppContext, ZodApp } from '../../app-context';
import { users } from '../../db/schema/index';
import { ACCESS, STAFF_SIDE } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import { loadAuthUser } from '../auth/user-profile';
import { changeOwnPassword } from '../auth/password.service';
import { registerStaff } from './staff-register.service';

const OWN_PROFILE_ONLY = 'You can only change your own profile here';

export function userRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/auth/staff/register', {
    schema: { tags: ['staff'], summary: 'A courier admin hires a branch manager or staff user; a branch manager with staff_manage hires staff into their branch', body: staffRegisterSchema, response: { 201: authUserResponseSchema } },
    config: { access: ACCESS.staffHire },
  }, async (request, reply) => reply.status(201).send(await registerStaff(ctx, request, principalOf(request), request.body)));

  app.put('/users/:id', {
    schema: { tags: ['staff'], summary: 'Edit my own profile', params: idParamsSchema, body: staffProfileSchema, response: { 200: authUserSavedSchema } },
    config: { access: { ...STAFF_SIDE, tenant: { id: 'self' } } },
  }, async (request) => {
    const principal = principalOf(request);
    if (request.params.id !== principal.id) throw forbidden(OWN_PROFILE_ONLY);
    const { firstName, lastName, email } = request.body;
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, principal.id)));
    if (taken) throw conflict(MSG.emailTaken, { email: MSG.emailTaken });
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName, lastName, email, updatedAt: new Date() }).where(eq(users.id, principal.id));
        await writeAudit(tx, { courierId: principal.courierId, actorType: 'user', actorId: principal.id, action: 'user.profile_updated', targetType: 'user', targetId: principal.id, ip: request.ip, details: principal.impersonatorId ? { impersonatedBy: principal.impersonatorId } : undefined });
      });
    } catch (error) {
      // Two users claiming the same email at once both pass the check above; the index decides.
      if (isUniqueViolation(error)) throw conflict(MSG.emailTaken, { email: MSG.emailTaken });
      throw error;
    }
    const user = await loadAuthUser(ctx.db, principal.id, principal.impersonatorId);
    if (!user) throw notFound();
    return { user, message: MSG.profileUpdated };
  });

  app.put('/users/:id/password', {
    schema: { tags: ['staff'], summary: 'Change my own password', params: idParamsSchema, body: changePasswordSchema, response: { 200: messageResponseSchema } },
    config: { access: { ...STAFF_SIDE, tenant: { id: 'self' } } },
  }, async (request) => {
    const principal = principalOf(request);
    if (request.params.id !== principal.id) throw forbidden(OWN_PROFILE_ONLY);
    await changeOwnPassword(ctx, request, principal, request.body);
    return { message: MSG.passwordUpdated };
  });
}
