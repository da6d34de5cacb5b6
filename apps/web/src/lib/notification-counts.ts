import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { TICKET_POLL_MS } from '@parceldesk/shared/constants';
import type { Role } from '@parceldesk/shared/roles';
import type { Notification } from '@parceldesk/shared/schemas/notifications';
import { api } from './api-client';
import { orFallback } from './ticket-counts';

/**
 * Issue 14: the header bell shows the signed-in person's unread in-app notifications of every type
 * (tickets, parcels, invoices, payments, deliveries, claims) from GET /notifications, the same list
 * the notifications page reads. They live in lib because the shells, the notifications page and the
 * live event stream (a `notifications` event) all refresh them: every key starts with
 * NOTIFICATION_COUNTS_KEY so one invalidation refreshes them all.
 */
export const NOTIFICATION_COUNTS_KEY = ['notification-counts'] as const;
/** How many unread the bell's dropdown lists; "See all" opens the rest. */
export const BELL_NOTIFICATION_LIMIT = 10;

/** GET /notifications/unread-count: the bell badge. The live event refreshes it; the poll is a backstop. */
export const unreadNotificationCountQuery = () =>
  queryOptions({
    queryKey: [...NOTIFICATION_COUNTS_KEY, 'unread-count'],
    queryFn: ({ signal }) => orFallback('the unread notification count', async () =>
      (await api<ResponseOf<'GET /notifications/unread-count'>>('/notifications/unread-count', { signal })).unreadCount, 0),
    refetchInterval: TICKET_POLL_MS,
    staleTime: 0,
  });

const UNREAD_FILTER = encodeURIComponent(JSON.stringify({ isRead: 'false' }));

/** GET /notifications filtered to the unread, newest first: what the bell's dropdown lists. */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: [...NOTIFICATION_COUNTS_KEY, 'unread'],
    queryFn: ({ signal }) => orFallback<Notification[]>('the unread notifications', async () =>
      (await api<ResponseOf<'GET /notifications'>>(
        `/notifications?page=1&pageSize=${BELL_NOTIFICATION_LIMIT}&sort=createdAt&order=desc&filters=${UNREAD_FILTER}`, { signal },
      )).data, []),
    staleTime: 0,
  });

/** PUT /notifications/:id/read. */
export const markNotificationRead = (id: string) =>
  api<ResponseOf<'PUT /notifications/:id/read'>>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' });

/** Each area's notifications page (the bell's "See all"). */
export function notificationsPathFor(role: Role | null): string {
  switch (role) {
    case 'super_admin': return '/superadmin/notifications';
    case 'courier_admin': return '/admin/notifications';
    case 'customer': return '/customer/notifications';
    default: return '/staff/notifications';
  }
}

/**
 * A notification's link is a path inside the app (without the /courier base). Anything else (an
 * absolute or protocol-relative URL) is not followed: a notification must not lead off-site.
 */
export function safeAppPath(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
