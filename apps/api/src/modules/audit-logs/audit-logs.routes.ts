import { ADMINS } from '@parceldesk/shared/access';
import { auditLogItemSchema } from '@parceldesk/shared/schemas/audit-logs';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { listAuditLogs } from './audit-logs.service';

/** /admin/audit-logs and /superadmin/audit-logs (issue 5). */
export function auditLogRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/audit-logs', {
    schema: {
      tags: ['audit-logs'], summary: 'Who did what, when, from which IP, to which record (list convention; super admin across couriers)',
      querystring: listQuerySchema, response: { 200: listResponseSchema(auditLogItemSchema) },
    },
    config: { access: ADMINS },
  }, (request) => listAuditLogs(ctx.db, actorOf(request).scope, request.query));
}
