import type pg from 'pg';

export interface StatementCounter {
  /** Statements sent to PostgreSQL through the app's pool since the last reset (BEGIN and COMMIT included). */
  readonly count: number;
  /** The statements' SQL, for a failure message. */
  readonly texts: readonly string[];
  reset: () => void;
}

/**
 * Counts every statement the app sends through its pool (issue 16: a signed-in request runs no
 * more statements than its route needs). Wraps `query` of each client the pool opens, so
 * transactions (a checked-out client) are counted too; the LISTEN connections of the event hub
 * are their own clients and are not.
 */
export function countStatements(pool: pg.Pool): StatementCounter {
  const texts: string[] = [];
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [config] = args;
      // A submittable sending several statements in one round trip names them (db/statement-then-commit.ts).
      const several = (config as { statementTexts?: readonly string[] } | undefined)?.statementTexts;
      if (several) texts.push(...several);
      else texts.push(typeof config === 'string' ? config : String((config as { text?: unknown } | undefined)?.text ?? ''));
      return query(...args);
    };
  });
  return {
    get count() {
      return texts.length;
    },
    texts,
    reset: () => {
      texts.length = 0;
    },
  };
}
