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

/** Carries a check's answer out of the transaction it rolled back. */
class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back');
  }
}

/**
 * A check that reports exactly what a command would do: the command runs as it would under
 * `inTransaction`, then everything it wrote is rolled back and its answer returned (bulk receive's
 * "check the file" step). An error the command throws passes through as it would.
 */
export async function rolledBack<T>(db: DbOrTx, command: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await command(tx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
  throw new Error('rolledBack: the transaction did not roll back');
}
