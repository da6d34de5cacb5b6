import type { DbOrTx, Tx } from '../db/client';

/**
 * One transaction per command (docs/decisions/005-transactions.md). A route opens it and hands the
 * transaction to the services it calls, which take `(db: DbOrTx, { actor, … })` and never open
 * their own; so "invoice these packages, move them, record the payment" commits or fails as one.
 * Called with a transaction already open, it nests as a savepoint.
 */
export function inTransaction<T>(db: DbOrTx, command: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(command);
}
