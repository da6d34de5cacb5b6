import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { notificationSchema, notificationsReadAllSchema, notificationUnreadCountSchema } from '@parceldesk/shared/schemas/notifications';
import type { AppContext, ZodApp } from '../../app-context';
import { ANY_SIGNED_IN } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from './notifications.service';

const tags = ['notifications'];

/** /admin/notifications and /superadmin/notifications (issue 5), and a customer's package notifications (issue 11): each person's own. */
export function notificationRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/notifications', {
    schema: { tags, summary: 'My notifications (list convention), newest first', querystring: listQuerySchema, response: { 200: listResponseSchema(notificationSchema) } },
    config: { access: ANY_SIGNED_IN },
  }, (request) => listNotifications(ctx.db, principalOf(request), request.query));

  app.get('/notifications/unread-count', {
    schema: { tags, summary: 'How many of my notifications are unread', response: { 200: notificationUnreadCountSchema } },
    config: { access: ANY_SIGNED_IN },
  }, async (request) => ({ unreadCount: await unreadNotificationCount(ctx.db, principalOf(request)) }));

  app.put('/notifications/read-all', {
    schema: { tags, summary: 'Mark all my notifications read', response: { 200: notificationsReadAllSchema } },
    config: { access: ANY_SIGNED_IN },
  }, async (request) => ({ updated: await markAllNotificationsRead(ctx.db, principalOf(request)) }));

  app.put('/notifications/:id/read', {
    schema: { tags, summary: 'Mark one of my notifications read', params: idParamsSchema, response: { 200: notificationSchema } },
    config: { access: { ...ANY_SIGNED_IN, tenant: { id: 'notification' } } },
  }, (request) => markNotificationRead(ctx.db, principalOf(request), request.params.id));
}
