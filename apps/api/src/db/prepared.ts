import { sql, type SQL } from 'drizzle-orm';
import type { QueryResultRow } from 'pg';
import type { DbOrTx } from './client';

/**
 * A statement on the hot path of every signed-in request (issue 16): its SQL is written once, and
 * PostgreSQL parses and plans it once per pooled connection (a named prepared statement) instead
 * of Drizzle building the SQL string on every call and PostgreSQL parsing and planning it again.
 * Values are always bound parameters. Use it where a route runs on every request (the session
 * check, the profile); everything else stays on Drizzle's query builder.
 */
export interface PreparedStatement<Row extends QueryResultRow, Values extends unknown[]> {
  /** Unique in the process: pg keys the prepared statement by name on each connection. */
  readonly name: string;
  readonly text: string;
  /** Only carries the types. */
  readonly _types?: { row: Row; values: Values };
}

const names = new Set<string>();

export function prepareStatement<Row extends QueryResultRow, Values extends unknown[]>(name: string, text: string): PreparedStatement<Row, Values> {
  // Two statements under one name would run the first one's plan with the second one's values.
  if (names.has(name)) throw new Error(`Prepared statement ${name} is declared twice`);
  names.add(name);
  return { name, text };
}

/** The same text and values as Drizzle SQL ($1..$n become bound parameters again). */
function asDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}

/**
 * Runs a prepared statement. On the app's database it is a named statement on the pool; inside a
 * transaction it must run on the transaction's connection, so it goes through Drizzle there (an
 * unnamed statement, where Drizzle returns timestamps as strings: the hot statements select none).
 */
export async function runPrepared<Row extends QueryResultRow, Values extends unknown[]>(
  db: DbOrTx, statement: PreparedStatement<Row, Values>, values: Values,
): Promise<Row[]> {
  if ('$client' in db) {
    const result = await db.$client.query<Row>({ name: statement.name, text: statement.text, values });
    return result.rows;
  }
  return (await db.execute<Row>(asDrizzleSql(statement.text, values))).rows as Row[];
}
