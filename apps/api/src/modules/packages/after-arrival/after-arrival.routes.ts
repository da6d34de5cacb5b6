import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { branchReceiptInputSchema, branchReceiptResultSchema, switchBranchInputSchema, switchBranchResultSchema } from '@parceldesk/shared/schemas/reconciliation';
import type { AppContext, ZodApp } from '../../../app-context';
import { actorOf } from '../../../lib/actor';
import { inTransaction } from '../../../lib/transaction';
import { receiveAtBranch, switchBranch } from './after-arrival.service';

const tags = ['packages'];

/** Issue 12, after the reconciliation: the pickup branch's receipt scan and the customer's switch of branch (decision 013). */
export function packageAfterArrivalRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/packages/branch-receipt', {
    schema: {
      tags, summary: 'The pickup branch scans a parcel sent on from a reconciliation: in transit → ready for pickup (packages_scan or manifests_reconcile; a repeat answers already)',
      body: branchReceiptInputSchema, response: { 200: branchReceiptResultSchema },
    },
    config: { access: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: ['packages_scan', 'manifests_reconcile'] } },
  }, (request) => inTransaction(ctx.db, (tx) => receiveAtBranch(tx, { actor: actorOf(request), code: request.body.code, publicUrl: ctx.env.publicUrl })));

  app.post('/packages/:id/switch-branch', {
    schema: {
      tags, summary: "Move the pickup branch at the customer's request and charge the courier's switching fee on the package (packages_manage)",
      params: idParamsSchema, body: switchBranchInputSchema, response: { 200: switchBranchResultSchema },
    },
    config: { access: { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'packages_manage', tenant: { id: 'package' } } },
  }, (request) => inTransaction(ctx.db, (tx) => switchBranch(tx, { actor: actorOf(request), packageId: request.params.id, input: request.body, publicUrl: ctx.env.publicUrl })));
}
