import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Database, DbOrTx, Tx } from '../db/client';
import { allowCommitWithLast } from '../db/statement-then-commit';
import { dialect } from '../db/prepared';

/**
 * One transaction per command (docs/decisions/005-transactions.md). A route opens it and hands the
 * transaction to the services it calls, which take `(db: DbOrTx, { actor, … })` and never open
 * their own; so "invoice these packages, move them, record the payment" commits or fails as one.
 * Called with a transaction already open, it nests as a savepoint.
 */
export function inTransaction<T>(db: DbOrTx, command: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(command);
}

/**
 * `inTransaction` for a command whose last statement takes a lock that every other command of
 * its kind waits on until commit (receive: the courier's package counter). That statement, run
 * by `runAsOneStatement(tx, { last: true, … })`, goes with the COMMIT in one round trip
 * (db/statement-then-commit.ts), so the lock is released when PostgreSQL has run it, not after
 * the API has read the answer and sent COMMIT; nothing may run on `tx` after it. A command that
 * ends otherwise commits as under `inTransaction`. Opened here rather than by Drizzle, whose
 * `transaction` always sends its own COMMIT; the handle is the same Drizzle transaction.
 */
export async function inTransactionCommittedByLast<T>(db: Database, command: (tx: Tx) => Promise<T>): Promise<T> {
  const relational = { fullSchema: db._.fullSchema, schema: db._.schema!, tableNamesMap: db._.tableNamesMap };
  const client = await db.$client.connect();
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, relational), relational) as unknown as Tx;
  let committed = false;
  let broken: Error | undefined;
  allowCommitWithLast(tx, client, () => {
    committed = true;
  });
  try {
    await client.query('begin');
    const result = await command(tx);
    if (!committed) await client.query('commit');
    return result;
  } catch (error) {
    // A failed last statement leaves the transaction failed (roll it back); a failed COMMIT has
    // ended it already, and ROLLBACK only warns.
    if (!committed) await client.query('rollback').catch((rollbackError: Error) => { broken = rollbackError; });
    throw error;
  } finally {
    client.release(broken);
  }
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
