import { idParamsSchema, messageResponseSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { STAFF_MSG, staffDetailSchema, staffListItemSchema, updateStaffSchema } from '@parceldesk/shared/schemas/staff';
import type { AppContext, ZodApp } from '../../app-context';
import { ACCESS, type Access } from '@parceldesk/shared/access';
import { actorOf } from '../../lib/actor';
import { resendInvitation, setStaffActive, updateStaff } from './staff-manage.service';
import { getStaff, listStaff } from './staff.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['staff'];
/** Branch managers and staff need staff_view to read and staff_manage to write (spec section 6), within their branch. */
const READ = ACCESS.staffView;
const READ_ONE: Access = { ...READ, tenant: { id: 'user' } };
const WRITE_ONE: Access = { ...ACCESS.staffManage, tenant: { id: 'user' } };

/** The staff screens; hiring is POST /auth/staff/register (users.routes.ts). */
export function staffRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/staff', {
    schema: { tags, summary: 'Staff users (list convention)', querystring: listQuerySchema, response: { 200: listResponseSchema(staffListItemSchema) } },
    config: { access: READ },
  }, (request) => {
    const { principal, scope } = actorOf(request);
    return listStaff({ db: ctx.db, principal, scope, query: request.query });
  });

  app.get('/staff/:id', {
    schema: { tags, summary: 'One staff user with role and permissions', params: idParamsSchema, response: { 200: staffDetailSchema } },
    config: { access: READ_ONE },
  }, (request) => {
    const { principal, scope } = actorOf(request);
    return getStaff({ db: ctx.db, principal, scope, id: request.params.id });
  });

  app.put('/staff/:id', {
    schema: { tags, summary: 'Edit a staff user: details, position, role, branch, extra permissions', params: idParamsSchema, body: updateStaffSchema, response: { 200: staffDetailSchema } },
    config: { access: WRITE_ONE },
  }, (request) => inTransaction(ctx.db, (tx) => updateStaff(tx, { publicUrl: ctx.env.publicUrl, actor: actorOf(request), id: request.params.id, input: request.body })));

  app.post('/staff/:id/deactivate', {
    schema: { tags, summary: 'Deactivate a staff user and end their sessions at once', params: idParamsSchema, response: { 200: staffDetailSchema } },
    config: { access: WRITE_ONE },
  }, (request) => inTransaction(ctx.db, (tx) => setStaffActive(tx, { actor: actorOf(request), id: request.params.id, isActive: false })));

  app.post('/staff/:id/reactivate', {
    schema: { tags, summary: 'Reactivate a staff user', params: idParamsSchema, response: { 200: staffDetailSchema } },
    config: { access: WRITE_ONE },
  }, (request) => inTransaction(ctx.db, (tx) => setStaffActive(tx, { actor: actorOf(request), id: request.params.id, isActive: true })));

  app.post('/staff/:id/resend-invitation', {
    schema: { tags, summary: 'Email a new set-password link (invitation, or reset once a password exists)', params: idParamsSchema, response: { 200: messageResponseSchema } },
    config: { access: WRITE_ONE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => resendInvitation(tx, { actor: actorOf(request), id: request.params.id, publicUrl: ctx.env.publicUrl }));
    return { message: STAFF_MSG.invitationSent };
  });
}
