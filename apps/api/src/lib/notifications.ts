import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema/index';
import { publishEvents, type NotificationLiveEvent } from '../events/publish';

/**
 * In-app notifications are written by many features (tickets, packages, and the manifests and
 * billing to come) with the change they tell about; the notifications feature only reads them.
 * So the write lives here, a level below every feature (eslint-zones.js), as mail/outbox.ts does.
 */
export interface NewNotification {
  courierId: string | null;
  /** A staff-side user's notification, or a customer's (exactly one of the two). */
  userId?: string | null;
  customerId?: string | null;
  type: string;
  title: string;
  body: string;
  link: string | null;
}

/**
 * Written in the caller's transaction, with the change it tells about, and announced to each
 * recipient's live stream (the `notifications` event, NOTIFYed at commit: issue 14's bell). The one
 * place notifications are written, so every type reaches the bell the same way.
 */
export async function createNotifications(tx: DbOrTx, rows: readonly NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  // In slices: a manifest's move can tell thousands of customers at once (bind-parameter limit).
  for (let start = 0; start < rows.length; start += 1000) await notificationInsert(tx, rows.slice(start, start + 1000));
  await publishEvents(tx, notificationEvents(rows));
}

/** The rows' insert, not yet run (at most 1,000 rows), for a write sent as one statement (db/one-statement.ts). */
export const notificationInsert = (tx: DbOrTx, rows: readonly NewNotification[]) =>
  tx.insert(notifications).values(rows.map((row) => ({ ...row, userId: row.userId ?? null, customerId: row.customerId ?? null })));

/** The live event of each recipient (one per person however many rows they get). */
export function notificationEvents(rows: readonly NewNotification[]): NotificationLiveEvent[] {
  const events = new Map<string, NotificationLiveEvent>();
  for (const row of rows) {
    const customerId = row.customerId ?? null;
    const userId = customerId ? null : (row.userId ?? null);
    if (!customerId && !userId) continue;
    events.set(customerId ? `c:${customerId}` : `u:${userId}`, {
      family: 'notifications', kind: 'notification.created', courierId: row.courierId ?? '', customerId, userId,
      audience: customerId ? 'customer' : 'staff',
    });
  }
  return [...events.values()];
}
