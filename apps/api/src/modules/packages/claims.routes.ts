import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { packageClaimDecisionSchema, packageClaimFormSchema, packageClaimInputSchema, packageClaimSchema } from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { createClaim, decideClaim, getClaim, listClaims } from './claims.service';
import { readPackageForm } from './package-form';

const tags = ['packages'];
const STAFF_ROLES = ['super_admin', 'courier_admin', 'branch_manager', 'staff'] as const;

/** Claims of unknown packages (issue 11): the customer claims with proof, staff with packages_unknown decide. */
export function claimRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/package-claims', {
    schema: {
      tags, consumes: ['multipart/form-data', 'application/json'], response: { 201: packageClaimSchema },
      summary: 'Claim an unknown package (customer): multipart with trackingNumber (the full number), note and a proof file (PDF, JPG or PNG, at most 5MB)',
    },
    config: { access: { roles: ['customer'] }, multipartBody: packageClaimFormSchema },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const { input, file } = await readPackageForm(request, packageClaimInputSchema, 'proof');
    const id = await inTransaction(ctx.db, (tx) => createClaim(tx, { actor, form: input, proof: file }));
    return reply.status(201).send(await getClaim(ctx.db, actor.principal, id));
  });

  app.get('/package-claims', {
    schema: { tags, summary: 'Claims (list convention): a customer their own, staff (packages_unknown) their courier\'s', querystring: listQuerySchema, response: { 200: listResponseSchema(packageClaimSchema) } },
    config: { access: { roles: [...STAFF_ROLES, 'customer'], permission: 'packages_unknown' } },
  }, (request) => listClaims(ctx.db, principalOf(request), request.query));

  app.put('/package-claims/:id', {
    schema: { tags, summary: 'Approve or reject a claim with a reason (packages_unknown)', params: idParamsSchema, body: packageClaimDecisionSchema, response: { 200: packageClaimSchema } },
    config: { access: { roles: STAFF_ROLES, permission: 'packages_unknown', tenant: { id: 'package_claim' } } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => decideClaim(tx, { actor, id: request.params.id, decision: request.body, publicUrl: ctx.env.publicUrl }));
    return getClaim(ctx.db, actor.principal, request.params.id);
  });
}
