import { impersonateResponseSchema, impersonateSchema, tokenLoginResponseSchema, tokenLoginSchema } from '@parceldesk/shared/schemas/auth';
import type { AppContext, ZodApp } from '../../app-context';
import { ACCESS, PUBLIC } from '@parceldesk/shared/access';
import { actorOf, originOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { issueImpersonation, signInWithImpersonationToken } from './impersonation.service';

export function impersonationRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/auth/impersonate', {
    schema: {
      tags: ['auth'], summary: 'Issue a 5-minute, single-use "sign in as" link (audited)',
      body: impersonateSchema, response: { 200: impersonateResponseSchema },
    },
    config: { access: ACCESS.impersonate },
  }, (request) => inTransaction(ctx.db, (tx) => issueImpersonation(tx, {
    actor: actorOf(request), signer: ctx.signer, publicUrl: ctx.env.publicUrl, input: request.body,
  })));

  app.post('/auth/token-login', {
    schema: { tags: ['auth'], summary: 'Sign in with an impersonation token', body: tokenLoginSchema, response: { 200: tokenLoginResponseSchema } },
    config: { access: PUBLIC },
  }, (request) => inTransaction(ctx.db, (tx) => signInWithImpersonationToken(tx, { signer: ctx.signer, origin: originOf(request), token: request.body.token })));
}
