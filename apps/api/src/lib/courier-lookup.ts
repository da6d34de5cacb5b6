import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { couriers } from '../db/schema/index';

export type CourierRow = typeof couriers.$inferSelect;

export async function courierByApiKey(db: DbOrTx, apiKey: string): Promise<CourierRow | null> {
  const [row] = await db.select().from(couriers).where(eq(couriers.apiKey, apiKey)).limit(1);
  return row ?? null;
}

export async function courierById(db: DbOrTx, id: string): Promise<CourierRow | null> {
  const [row] = await db.select().from(couriers).where(eq(couriers.id, id)).limit(1);
  return row ?? null;
}

/** Hands out the courier's next mailbox number (`<CODE>-000123`) under the courier row's lock. */
export async function nextMailboxNumber(tx: DbOrTx, courierId: string): Promise<string> {
  const result = await tx.execute<{ code: string; mailbox_seq: number }>(sql`
    update couriers set mailbox_seq = mailbox_seq + 1 where id = ${courierId} returning code, mailbox_seq`);
  const row = result.rows[0];
  if (!row) throw new Error('courier vanished while numbering a mailbox');
  return `${row.code.toUpperCase()}-${String(row.mailbox_seq).padStart(6, '0')}`;
}
