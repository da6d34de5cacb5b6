import { ACCESS, ADMINS, type Access } from '@parceldesk/shared/access';
import { idParamsSchema, messageResponseSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import {
  createRoleSchema, permissionCatalogueSchema, ROLE_MSG, roleDetailSchema, roleListItemSchema, updateRoleSchema,
} from '@parceldesk/shared/schemas/roles';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { createRole, deleteRole, getRole, listRoles, permissionCatalogue, updateRole } from './roles.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['roles'];
/** A courier admin defines its roles; a super admin sees and edits every courier's (issue 3). */
const ONE_ROLE: Access = { ...ADMINS, tenant: { id: 'role' } };

export function roleRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/permissions', {
    schema: { tags, summary: 'The permission catalogue, grouped by module', response: { 200: permissionCatalogueSchema } },
    // Staff managers pick extra per-user permissions from it too.
    config: { access: ACCESS.staffView },
  }, () => permissionCatalogue());

  app.get('/roles', {
    schema: { tags, summary: 'Roles (list convention)', querystring: listQuerySchema, response: { 200: listResponseSchema(roleListItemSchema) } },
    config: { access: ADMINS },
  }, (request) => listRoles({ db: ctx.db, scope: actorOf(request).scope, query: request.query }));

  app.post('/roles', {
    schema: { tags, summary: 'Define a role (a super admin names the courier)', body: createRoleSchema, response: { 201: roleDetailSchema } },
    config: { access: ADMINS },
  }, async (request, reply) => reply.status(201).send(await inTransaction(ctx.db, (tx) => createRole(tx, { actor: actorOf(request), input: request.body }))));

  app.get('/roles/:id', {
    schema: { tags, summary: 'One role with its permissions', params: idParamsSchema, response: { 200: roleDetailSchema } },
    config: { access: ONE_ROLE },
  }, (request) => getRole({ db: ctx.db, scope: actorOf(request).scope, id: request.params.id }));

  app.put('/roles/:id', {
    schema: { tags, summary: 'Rename a role or change its permissions (effective on the next request)', params: idParamsSchema, body: updateRoleSchema, response: { 200: roleDetailSchema } },
    config: { access: ONE_ROLE },
  }, (request) => inTransaction(ctx.db, (tx) => updateRole(tx, { actor: actorOf(request), id: request.params.id, input: request.body })));

  app.delete('/roles/:id', {
    schema: { tags, summary: 'Delete a role nobody holds (built-in roles stay)', params: idParamsSchema, response: { 200: messageResponseSchema } },
    config: { access: ONE_ROLE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => deleteRole(tx, { actor: actorOf(request), id: request.params.id }));
    return { message: ROLE_MSG.deleted };
  });
}
