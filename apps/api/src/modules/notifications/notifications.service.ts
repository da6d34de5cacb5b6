import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { notificationListColumns } from '@parceldesk/shared/schemas/notifications';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type Notification } from '@parceldesk/shared/schemas/notifications';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { localDateTime } from '../../lib/local-time';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import type { Principal } from '../../lib/principal';

// Moved a level down so features write notifications without importing this feature; kept here for old imports.
export { createNotifications, type NewNotification } from '../../lib/notifications';

/** A user or customer sees only their own notifications (customers: their packages, issue 11); anyone else's id is not found. */
const ownedBy = (principal: Principal, ...conditions: SQL[]) =>
  and(principal.kind === 'customer' ? eq(notifications.customerId, principal.id) : eq(notifications.userId, principal.id), ...conditions);

const readOptions = [{ value: 'false', label: 'Unread' }, { value: 'true', label: 'Read' }];
const typeOptions = NOTIFICATION_TYPES.map((value) => ({ value, label: NOTIFICATION_TYPE_LABELS[value] }));
const isRead = sql<boolean>`(${notifications.readAt} is not null)`;

const columns: ColumnsOf<typeof notificationListColumns, 'body'> = {
  type: { sql: notifications.type, sortable: true, filter: 'dropdown', options: () => typeOptions },
  title: { sql: notifications.title, sortable: true, searchable: true, filter: 'text' },
  body: { sql: notifications.body, searchable: true },
  isRead: { sql: isRead, kind: 'boolean', filter: 'dropdown', value: { sql: isRead, type: 'boolean' }, options: () => readOptions },
  createdAt: { sql: localDateTime(notifications.createdAt), sortable: true, sortBy: [notifications.createdAt], filter: 'text' },
};

type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'type' | 'title' | 'body' | 'link' | 'readAt' | 'createdAt'>;
const toItem = (row: NotificationRow): Notification => ({
  id: row.id, type: row.type, title: row.title, body: row.body, link: row.link,
  readAt: row.readAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
});

export function listNotifications(db: DbOrTx, principal: Principal, query: ListQuery) {
  return runListQuery({
    db,
    select: {
      id: notifications.id, type: notifications.type, title: notifications.title, body: notifications.body,
      link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt,
    },
    from: (q) => q.from(notifications).$dynamic(),
    where: ownedBy(principal),
    columns,
    query,
    statement: 'notifications',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: notifications.id,
    map: (row) => toItem(row as NotificationRow),
  });
}

export async function unreadNotificationCount(db: DbOrTx, principal: Principal): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(ownedBy(principal, isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one read (keeping the first read time), or 404 when it is not the caller's. */
export async function markNotificationRead(db: DbOrTx, principal: Principal, id: string): Promise<Notification> {
  const [row] = await db.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(ownedBy(principal, eq(notifications.id, id))).returning();
  if (!row) throw notFound();
  return toItem(row);
}

export async function markAllNotificationsRead(db: DbOrTx, principal: Principal): Promise<number> {
  const rows = await db.update(notifications).set({ readAt: sql`now()` })
    .where(ownedBy(principal, isNull(notifications.readAt))).returning({ id: notifications.id });
  return rows.length;
}
