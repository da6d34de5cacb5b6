import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PACKAGE_MSG } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { badRequest, conflict } from './app-error';

/** Idempotency-Key handling of writes a retry could double (package receiving, payments): one row per principal and key, kept with the write. */
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The Idempotency-Key header, or null when none was sent; a malformed one is 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY.test(value)) throw badRequest(PACKAGE_MSG.idempotencyKeyInvalid);
  return value;
}

export const requestHash = (route: string, body: unknown) => createHash('sha256').update(`${route}\n${JSON.stringify(body)}`).digest('hex');

export interface StoredAnswer {
  statusCode: number;
  outcome: string;
  resourceId: string;
}

/**
 * Inside the write's transaction: waits for any other request with the same key (a transaction
 * advisory lock), then answers what the first one did, or null when the key is new. The same key
 * with a different request is 409.
 */
export async function replayOf(tx: DbOrTx, input: { principalId: string; key: string; hash: string }): Promise<StoredAnswer | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`idem:${input.principalId}:${input.key}`}, 0))`);
  const [row] = await tx.select().from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.principalId, input.principalId), eq(idempotencyKeys.key, input.key))).limit(1);
  if (!row) return null;
  if (row.requestHash !== input.hash) throw conflict(PACKAGE_MSG.idempotencyKeyReused);
  return { statusCode: row.statusCode, outcome: row.outcome, resourceId: row.resourceId };
}

/** Kept with the write, so the answer exists exactly when the change does. */
export async function rememberAnswer(tx: DbOrTx, input: AnswerToKeep): Promise<void> {
  await answerInsert(tx, input);
}

type AnswerToKeep = { principalId: string; key: string; hash: string; courierId: string | null; route: string } & StoredAnswer;

/** rememberAnswer's row, not yet run, for a write sent as one statement (db/one-statement.ts). */
export function answerInsert(tx: DbOrTx, input: AnswerToKeep) {
  return tx.insert(idempotencyKeys).values({
    principalId: input.principalId, key: input.key, courierId: input.courierId, route: input.route, requestHash: input.hash,
    statusCode: input.statusCode, outcome: input.outcome, resourceId: input.resourceId,
  });
}
