import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courierCounters } from '../db/schema/index';

/** The sequences a courier keeps; each has its own counter row (TKT-000123, IEX-P-0004312 …). */
export type CounterKind = 'ticket' | 'package' | 'manifest' | 'invoice' | 'payment' | (string & {});

/**
 * The next number of a courier's sequence, inside the caller's transaction. The UPSERT takes the
 * counter row's lock until commit: concurrent callers queue behind it and each gets the next
 * number; a transaction that rolls back gives its number back, so the sequence has no gaps
 * (a PostgreSQL sequence would skip). Take the number late in the transaction: the lock is held
 * from here to commit.
 */
export async function nextNumber(tx: DbOrTx, courierId: string, kind: CounterKind): Promise<number> {
  const [row] = await nextNumberInsert(tx, courierId, kind);
  if (!row) throw new Error(`the ${kind} counter returned nothing`);
  return row.lastNo;
}

/**
 * nextNumber's statement, not yet run (returning `last_no`): for a statement that takes the
 * number and writes with it at once (receive, issue 11), so no round trip lies between the
 * counter's lock and the writes.
 */
export function nextNumberInsert(tx: DbOrTx, courierId: string, kind: CounterKind) {
  return tx.insert(courierCounters).values({ courierId, kind, lastNo: 1 })
    .onConflictDoUpdate({ target: [courierCounters.courierId, courierCounters.kind], set: { lastNo: sql`${courierCounters.lastNo} + 1` } })
    .returning({ lastNo: courierCounters.lastNo });
}

/**
 * `count` consecutive numbers of a courier's sequence in one statement (an arrival invoicing
 * thousands of packages): the first of them is returned, the rest follow it. Same lock and
 * no-gap guarantee as nextNumber.
 */
export async function nextNumbers(tx: DbOrTx, courierId: string, kind: CounterKind, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`nextNumbers needs a positive count, not ${count}`);
  const [row] = await tx.insert(courierCounters).values({ courierId, kind, lastNo: count })
    .onConflictDoUpdate({ target: [courierCounters.courierId, courierCounters.kind], set: { lastNo: sql`${courierCounters.lastNo} + ${count}` } })
    .returning({ lastNo: courierCounters.lastNo });
  if (!row) throw new Error(`the ${kind} counter returned nothing`);
  return row.lastNo - count + 1;
}
