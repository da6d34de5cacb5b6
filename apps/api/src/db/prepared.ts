import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import type { DbOrTx } from './client';
import { pendingSessionCheck, sessionColumn, settleSessionCheck, type DeferredSessionCheck } from '../lib/deferred-session';

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

/** A Drizzle query that can be prepared (a select, insert, update or delete builder). */
interface Preparable<Result> {
  prepare(name: string): Prepared<Result>;
}

/** A prepared Drizzle query: run it as often as needed, with the values of its placeholders. */
export interface Prepared<Result> {
  execute(placeholderValues?: Record<string, unknown>): Promise<Result>;
}

/** The query config pg receives from a Drizzle prepared query (node-postgres session). */
interface NodePgQueryConfigs {
  queryString?: string;
  queryConfig?: { name?: string };
  rawQueryConfig?: { name?: string };
}

/**
 * At most this many distinct statements are kept prepared on each connection; past it, a new
 * shape runs unnamed (parsed and planned each time, as before). List SQL varies with sort, filters
 * and search, so the number of shapes a process meets must be bounded: each prepared statement
 * holds a parse tree and plan in every backend that ran it.
 */
const MAX_NAMED_SHAPES = 256;
const namedShapes = new Map<string, string>();

/**
 * A short, stable statement name for a SQL text (the same text always gets the same name);
 * undefined past MAX_NAMED_SHAPES (run it unnamed).
 */
export function shapeName(text: string): string | undefined {
  const known = namedShapes.get(text);
  if (known) return known;
  if (namedShapes.size >= MAX_NAMED_SHAPES) return undefined;
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  namedShapes.set(text, name);
  return name;
}

/**
 * Prepares a Drizzle query to run as a named prepared statement named after its SQL text (issue
 * 16): PostgreSQL parses and plans each shape once per connection instead of on every request.
 * `named: false` prepares it unnamed (parsed and planned on every run, for statements whose
 * generic plan would be poor). Values stay bound parameters.
 */
export function prepareNamed<Result>(query: Preparable<Result>, named = true): Prepared<Result> {
  const prepared = query.prepare('') as Prepared<Result> & NodePgQueryConfigs;
  if (!named) return prepared;
  // drizzle's node-postgres prepared query hands pg these two configs; the name is set once the
  // text is known (drizzle builds the text in prepare()). An empty name means unnamed to pg.
  const name = prepared.queryString ? shapeName(prepared.queryString) : undefined;
  if (prepared.queryConfig) prepared.queryConfig.name = name;
  if (prepared.rawQueryConfig) prepared.rawQueryConfig.name = name;
  return prepared;
}

/** Builds, prepares and runs a Drizzle query once (see prepareNamed). */
export function executeNamed<Result>(query: Preparable<Result>, named = true): Promise<Result> {
  return prepareNamed(query, named).execute();
}

/** The one Drizzle dialect the API compiles its own SQL with (it keeps no state between calls). */
export const dialect = new PgDialect();

/** What a Drizzle session offers to run compiled SQL under a statement name (node-postgres). */
interface NamedSession {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, isResponseInArrayMode: boolean): { execute(): Promise<{ rows: unknown[] }> };
}

/**
 * `db.execute(query)` as a named prepared statement named after its SQL text (see prepareNamed):
 * for statements written with `sql` that a hot route runs on every request (the dashboard's
 * figures). Values stay bound parameters, rows come back as `db.execute` gives them (timestamps
 * and dates as strings), and on a transaction it runs on the transaction's connection.
 */
export async function executeSqlNamed<Row extends QueryResultRow>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const { session } = db as unknown as { session: NamedSession };
  const result = await session.prepareQuery(compiled, undefined, shapeName(compiled.sql), false).execute();
  return result.rows as Row[];
}

type JsonRow = Record<string, unknown>;
/** readTogether's column carrying a deferred session check (no part is named so). */
const SESSION_COLUMN = '__session';

/** A timestamp as the driver gives it: a Date from a selected column, ISO text from JSON (readTogether) or `db.execute`. */
export const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
/** The same timestamp as the API answers it (ISO 8601, UTC). */
export const isoOf = (value: unknown): string => asDate(value).toISOString();

/** One read of several sent as one statement (readTogether): its SQL, the order of its rows, and what to make of them. */
export interface ReadPart<T> {
  query: SQL;
  /** Over the part's columns as `x.column`: a part's rows come back in no order otherwise. */
  order?: SQL;
  read: (rows: JsonRow[]) => T;
}

export const readPart = <T>(query: SQL, read: (rows: JsonRow[]) => T, order?: SQL): ReadPart<T> => ({ query, read, order });

export type ReadResults<P> = { [K in keyof P]: NonNullable<P[K]> extends ReadPart<infer T> ? (null extends P[K] ? T | null : T) : null };

/**
 * Several independent reads of one screen as one prepared statement (issue 16). Every statement
 * costs the API a socket write and a round trip and PostgreSQL a message cycle: in a profile of
 * the dashboard (nine statements) a quarter of the API's samples were the socket's writev. Each
 * part's rows come back as a JSON array: numbers as numbers, timestamps and dates as ISO text. A
 * null part is not read and answers null.
 */
export async function readTogether<P extends Record<string, ReadPart<unknown> | null>>(
  db: DbOrTx, parts: P, session?: DeferredSessionCheck | null,
): Promise<ReadResults<P>> {
  const asked = Object.entries(parts).filter((entry): entry is [string, ReadPart<unknown>] => entry[1] !== null);
  const columns = asked.map(([key, part]) => sql`(select coalesce(json_agg(x${part.order ? sql` order by ${part.order}` : sql``}), '[]'::json) from (${part.query}) x) as ${sql.identifier(key)}`);
  // A route whose session check waits for its statement (lib/deferred-session.ts): this one carries it.
  const sessionCheck = columns.length ? pendingSessionCheck(session) : undefined;
  if (sessionCheck) columns.push(sql`${sessionColumn(sessionCheck)} as ${sql.identifier(SESSION_COLUMN)}`);
  const [row] = columns.length ? await executeSqlNamed<JsonRow>(db, sql`select ${sql.join(columns, sql`, `)}`) : [];
  if (sessionCheck) settleSessionCheck(sessionCheck, row?.[SESSION_COLUMN]);
  return Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, part ? part.read((row?.[key] ?? []) as JsonRow[]) : null])) as ReadResults<P>;
}
