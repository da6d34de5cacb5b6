// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- pg ships no types for lib/utils; a reference (not tsconfig) lets every project compiling this file (api, bench, e2e) see them
/// <reference path="./pg-utils.d.ts" />
import type pg from 'pg';
import utils from 'pg/lib/utils.js';
import { shapeName } from './prepared';

/**
 * A transaction's last statement with its COMMIT behind it, in one round trip (issue 11: receive
 * holds the courier's package counter from its writing statement to COMMIT, and every other scan
 * of the courier waits for it). Sent one after the other, PostgreSQL finishes the statement, then
 * waits for the API to read its answer and send COMMIT: a turn of a busy event loop (10–20 ms
 * under load) inside the lock. Here both go in one extended-protocol batch with a single Sync, so
 * PostgreSQL commits as soon as the statement is done.
 *
 * If the statement fails, PostgreSQL skips everything up to the Sync, COMMIT included, and leaves
 * the transaction failed for the caller to roll back; the promise rejects with the statement's
 * error. The statement's rows are not read. A pg Submittable (the extension point pg-cursor uses):
 * the client runs it when the connection is free and hands it the backend's messages.
 *
 * The statement is a named prepared statement (db/prepared.ts shapeName), parsed once per
 * connection as pg's own named queries are: receive's writing statement is a few kilobytes of
 * CTEs whose parsing and planning PostgreSQL repeated on every scan, inside the counter's lock.
 * `name` and `text` are what pg's client reads to note the connection has parsed it.
 */
export class StatementThenCommit implements pg.Submittable {
  /** For the test harness's statement counter: the two statements this sends. */
  readonly statementTexts: readonly string[];
  private completed = 0;
  private settle!: { resolve: () => void; reject: (error: Error) => void };
  readonly done: Promise<void>;

  /** The prepared statement's name ('' unnamed, past the bound of shapes). */
  readonly name: string;

  constructor(
    readonly text: string,
    private readonly values: readonly unknown[],
  ) {
    this.statementTexts = [text, 'commit'];
    this.name = shapeName(text) ?? '';
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }

  submit(connection: pg.Connection): void {
    const stream = connection.stream as pg.Connection['stream'] & { cork?: () => void; uncork?: () => void };
    stream.cork?.();
    try {
      const parsed = (connection as pg.Connection & { parsedStatements: Record<string, string> }).parsedStatements;
      if (!this.name || parsed[this.name] === undefined) connection.parse({ name: this.name, text: this.text, types: [] }, false);
      connection.bind({ statement: this.name, values: this.values as string[], valueMapper: (value: unknown) => utils.prepareValue(value) }, false);
      connection.execute({}, false);
      connection.parse({ name: '', text: 'commit', types: [] }, false);
      connection.bind({}, false);
      connection.execute({}, false);
      connection.sync();
    } finally {
      stream.uncork?.();
    }
  }

  handleCommandComplete(): void {
    this.completed += 1;
  }

  // A statement's error (ReadyForQuery follows) or the connection's loss (nothing follows):
  // settled at once either way; a later ReadyForQuery does not change a settled promise.
  handleError(error: Error): void {
    this.settle.reject(error);
  }

  handleReadyForQuery(): void {
    if (this.completed === 2) this.settle.resolve();
    else this.settle.reject(new Error(`statement then commit: ${this.completed} of 2 statements completed`));
  }

  // The statement's rows (a select at its end) are not wanted.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}
}

/** Runs `text` with `values` and commits the client's open transaction, in one round trip. */
export function runThenCommit(client: pg.PoolClient, text: string, values: readonly unknown[]): Promise<void> {
  return client.query(new StatementThenCommit(text, values)).done;
}

const lastStatements = new WeakMap<object, (text: string, values: readonly unknown[]) => Promise<void>>();

/**
 * Marks `tx` (a transaction on `client`) as one whose last statement may carry its COMMIT
 * (lib/transaction.ts inTransactionCommittedByLast). `committed` is called once it has.
 */
export function allowCommitWithLast(tx: object, client: pg.PoolClient, committed: () => void): void {
  lastStatements.set(tx, async (text, values) => {
    lastStatements.delete(tx);
    await runThenCommit(client, text, values);
    committed();
  });
}

/**
 * The commit of `db`, when it is a transaction whose last statement may carry it, else null.
 * Nothing may run on the transaction after it.
 */
export function commitWithLast(db: object): ((text: string, values: readonly unknown[]) => Promise<void>) | null {
  return lastStatements.get(db) ?? null;
}
