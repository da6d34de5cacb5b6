import type { QueryResultRow } from 'pg';
import type { Database } from './client';

/**
 * A statement on the hot path of every signed-in request (issue 16): its SQL is written once, and
 * PostgreSQL parses and plans it once per pooled connection (a named prepared statement) instead
 * of Drizzle building the SQL string on every call and PostgreSQL parsing it again. Values are
 * always bound parameters. Use it where a route runs on every request (the session check, the
 * profile); everything else stays on Drizzle's query builder.
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

/** Runs a prepared statement on the app's pool; timestamps, arrays and JSON come back as pg parses them. */
export async function runPrepared<Row extends QueryResultRow, Values extends unknown[]>(
  db: Database, statement: PreparedStatement<Row, Values>, values: Values,
): Promise<Row[]> {
  const result = await db.$client.query<Row>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
