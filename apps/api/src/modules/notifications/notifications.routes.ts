import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { notificationSchema, notificationsReadAllSchema, notificationUnreadCountSchema } from '@parceldesk/shared/schemas/notifications';
import type { AppContext, ZodApp } from '../../app-context';
import { STAFF_SIDE } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from './notifications.service';

const tags = ['notifications'];

/** /admin/notifications and /superadmin/notifications (issue 5): each staff-side user's own notifications. */
export function notificationRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/notifications', {
    schema: { tags, summary: 'My notifications (list convention), newest first', querystring: listQuerySchema, response: { 200: listResponseSchema(notificationSchema) } },
    config: { access: STAFF_SIDE },
  }, (request) => listNotifications(ctx.db, principalOf(request), request.query));

  app.get('/notifications/unread-count', {
    schema: { tags, summary: 'How many of my notifications are unread', response: { 200: notificationUnreadCountSchema } },
    config: { access: STAFF_SIDE },
  }, async (request) => ({ unreadCount: await unreadNotificationCount(ctx.db, principalOf(request)) }));

  app.put('/notifications/read-all', {
    schema: { tags, summary: 'Mark all my notifications read', response: { 200: notificationsReadAllSchema } },
    config: { access: STAFF_SIDE },
  }, async (request) => ({ updated: await markAllNotificationsRead(ctx.db, principalOf(request)) }));

  app.put('/notifications/:id/read', {
    schema: { tags, summary: 'Mark one of my notifications read', params: idParamsSchema, response: { 200: notificationSchema } },
    config: { access: { ...STAFF_SIDE, tenant: { id: 'notification' } } },
  }, (request) => markNotificationRead(ctx.db, principalOf(request), request.params.id));
}
