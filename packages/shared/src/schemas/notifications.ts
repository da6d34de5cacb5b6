import { z } from 'zod';
import type { ListColumns } from './people';

/** In-app notifications of staff-side users (issue 5: /admin/notifications, /superadmin/notifications). */
export const NOTIFICATION_TYPES = ['ticket.created', 'ticket.reply', 'package.received', 'package.status', 'package.claim', 'payment.proof',
  'invoice.issued', 'invoice.changed', 'reconciliation.missing', 'payment.recorded', 'package.uncollected', 'delivery.status',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'ticket.created': 'New ticket',
  'ticket.reply': 'Ticket reply',
  'package.received': 'Package received',
  'package.status': 'Package status',
  'package.claim': 'Package claim',
  'payment.proof': 'Proof of payment',
  'invoice.issued': 'Invoice issued',
  'invoice.changed': 'Invoice changed',
  'reconciliation.missing': 'Missing after reconciliation',
  'payment.recorded': 'Payment received',
  'package.uncollected': 'Uncollected package',
  'delivery.status': 'Delivery request',
};

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path of the web app (without the /courier base), e.g. /admin/support-tickets?ticket=TKT-000001. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications (list convention). `createdAt` filters as text on the local date-time 'YYYY-MM-DD HH:MM'. */
export const notificationListColumns = {
  type: { sortable: true, filter: 'dropdown' },
  title: { sortable: true, filter: 'text' },
  isRead: { filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

export const notificationUnreadCountSchema = z.object({ unreadCount: z.number().int() });
export const notificationsReadAllSchema = z.object({ updated: z.number().int() });

/** Issue 14: the live `notifications` event (GET /events/stream): one of mine was written; `resync` when some may have been missed. */
export interface NotificationStreamEvent {
  kind: 'notification.created' | 'resync';
}
