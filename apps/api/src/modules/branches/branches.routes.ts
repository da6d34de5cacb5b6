import { ADMINS, type Access } from '@parceldesk/shared/access';
import { branchDetailSchema, branchListItemSchema, createBranchSchema, updateBranchSchema } from '@parceldesk/shared/schemas/branches';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { createBranch, getBranch, listBranches, updateBranch } from './branches.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['branches'];
/** A courier admin's own branches; a super admin's across couriers (issue 3). */
const ONE_BRANCH: Access = { ...ADMINS, tenant: { id: 'branch' } };

export function branchRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/branches', {
    schema: { tags, summary: 'Branches (list convention)', querystring: listQuerySchema, response: { 200: listResponseSchema(branchListItemSchema) } },
    config: { access: ADMINS },
  }, (request) => listBranches({ db: ctx.db, scope: actorOf(request).scope, query: request.query }));

  app.post('/branches', {
    schema: { tags, summary: 'Open a branch (a super admin names the courier)', body: createBranchSchema, response: { 201: branchDetailSchema } },
    config: { access: ADMINS },
  }, async (request, reply) => reply.status(201).send(await inTransaction(ctx.db, (tx) => createBranch(tx, { actor: actorOf(request), input: request.body }))));

  app.get('/branches/:id', {
    schema: { tags, summary: 'One branch', params: idParamsSchema, response: { 200: branchDetailSchema } },
    config: { access: ONE_BRANCH },
  }, (request) => getBranch({ db: ctx.db, scope: actorOf(request).scope, id: request.params.id }));

  app.put('/branches/:id', {
    schema: { tags, summary: 'Edit a branch, or open and close it (isActive)', params: idParamsSchema, body: updateBranchSchema, response: { 200: branchDetailSchema } },
    config: { access: ONE_BRANCH },
  }, (request) => inTransaction(ctx.db, (tx) => updateBranch(tx, { actor: actorOf(request), id: request.params.id, input: request.body })));
}
