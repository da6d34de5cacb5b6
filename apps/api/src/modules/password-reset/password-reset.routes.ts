import { MSG } from '@parceldesk/shared/messages';
import { confirmEmailResponseSchema, confirmEmailSchema, customerResetPasswordSchema, requestPasswordResetSchema, resetPasswordSchema } from '@parceldesk/shared/schemas/password';
import { messageResponseSchema, successMessageSchema } from '@parceldesk/shared/schemas/common';
import { originOf } from '../../lib/actor';
import type { AppContext, ZodApp } from '../../app-context';
import { PUBLIC } from '@parceldesk/shared/access';
import { confirmEmailChange } from './email-change.service';
import { checkResetRequest, resetPassword, sendResetLink } from './password-reset.service';

export function passwordResetRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/auth/request-password-reset', {
    schema: {
      tags: ['auth'], summary: 'Emails a reset link; same answer whether or not the account exists',
      body: requestPasswordResetSchema, response: { 200: successMessageSchema },
    },
    config: { access: PUBLIC },
  }, async (request, reply) => {
    await checkResetRequest(ctx, originOf(request), request.body);
    // The account's lookup and email start once the answer is sent (issue 15, item 11: timing).
    request.server.afterResponse.run(reply, request.log, 'password reset: sending the link failed', () => sendResetLink(ctx, request.body));
    return { success: true as const, message: MSG.resetEmailSent };
  });

  app.post('/auth/reset-password', {
    schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: messageResponseSchema } },
    config: { access: PUBLIC },
  }, async (request) => {
    await resetPassword(ctx, originOf(request), request.body, 'user');
    return { message: MSG.resetSuccess };
  });

  app.post('/auth/customer/reset-password', {
    schema: { tags: ['auth'], body: customerResetPasswordSchema, response: { 200: messageResponseSchema } },
    config: { access: PUBLIC },
  }, async (request) => {
    await resetPassword(ctx, originOf(request), request.body, 'customer');
    return { message: MSG.resetSuccess };
  });

  app.post('/auth/confirm-email', {
    schema: { tags: ['auth'], summary: 'Opens the link sent to a new email address: the account takes that address (issue 15)', body: confirmEmailSchema, response: { 200: confirmEmailResponseSchema } },
    config: { access: PUBLIC },
  }, async (request) => {
    const { role } = await confirmEmailChange(ctx, request, request.body.token);
    return { message: MSG.emailChanged, role };
  });
}
