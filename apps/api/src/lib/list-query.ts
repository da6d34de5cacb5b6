import { and, asc, Column, count, desc, eq, fillPlaceholders, getTableName, inArray, is, isNotNull, Name, or, Param, Placeholder, SQL, sql, StringChunk, Table, type AnyColumn } from 'drizzle-orm';
import { type AnyPgColumn, type PgSelect, type PgSelectBuilder, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import { filterKind, isFilterRange, type FilterOption, type FilterRange, type ListQuery, type ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { ListColumns } from '@parceldesk/shared/schemas/people';
import type { DbOrTx } from '../db/client';
import { dialect, executeNamed, prepareNamed, type Prepared } from '../db/prepared';
import { badRequest } from './app-error';
import { listOptionsCacheOf } from './list-options-cache';
import { pendingSessionCheck, sessionColumn, settleSessionCheck } from './deferred-session';
import { localDayEnd, localDayStart } from './local-time';

type Expr = SQL | AnyColumn;

/**
 * One column of a list (issue 3, the list-query convention of packages/shared): the key is the
 * row field the browser sorts and filters by.
 */
export interface ListColumn {
  /** What is sorted on, searched and text-filtered. */
  sql: Expr;
  /** The SQL type of `sql`; anything but text is cast to text for search and contains-filters. */
  kind?: 'text' | 'number' | 'boolean' | 'timestamp';
  sortable?: boolean;
  /** Sort by these instead of `sql` (matching an index, e.g. lower(last_name), lower(first_name)). */
  sortBy?: readonly Expr[];
  searchable?: boolean;
  /**
   * text: contains (ILIKE); number: equality; exact: equality with `value` (a bad uuid is 400);
   * dropdown: `filterOptions[field]` lists the values (2..50 of them, else omitted, spec section 5)
   * and a chosen value matches `value` exactly, a typed one is a contains-filter on `sql`.
   */
  filter?: 'text' | 'number' | 'exact' | 'dropdown';
  /** For exact and dropdown: what the chosen value is compared with (an id for relation columns). Defaults to `sql` as text. */
  value?: { sql: Expr; type: 'text' | 'uuid' | 'boolean' };
  /**
   * Dropdown: the possible values. Each is kept when a row in scope has it, one index probe
   * apiece, so a 100,000-row list answers fast (over 200 candidates: a text box, unprobed).
   * Without it the distinct values are read, which is only for small tables.
   */
  options?: () => readonly FilterOption[] | Promise<readonly FilterOption[]>;
  /** Dropdown without `options`: the label of each distinct value (defaults to `sql`). */
  optionLabel?: Expr;
  /**
   * A `{ from, to }` range filter on this column: local days ('YYYY-MM-DD', Jamaica time) on a
   * timestamp, or numbers. Number columns take number ranges on `sql` without it.
   */
  range?: { sql: Expr; type: 'date' | 'number' };
}
export type ListColumnMap = Readonly<Record<string, ListColumn>>;
/**
 * One list's server columns: exactly the keys of its shared `*ListColumns` (what the web's table
 * may sort and filter by), plus the hidden ones: ids its screens pass as fixed filters, fields
 * searched but not shown.
 */
export type ColumnsOf<Shared extends ListColumns, Hidden extends string = never> = Readonly<Record<Extract<keyof Shared, string> | Hidden, ListColumn>>;

export interface ListQueryOptions<TSel extends SelectedFields, TQuery extends PgSelect, TItem> {
  db: DbOrTx;
  /** The row's fields. */
  select: TSel;
  /**
   * FROM and joins, ending with `.$dynamic()`; called for the rows, the total and the dropdown
   * options. Prefer left joins (also along non-null foreign keys): PostgreSQL drops the unused ones.
   */
  from: (select: PgSelectBuilder<TSel>) => TQuery;
  /** The scope every figure of the list stays within: tenant, branch, fixed conditions. */
  where: SQL | undefined;
  columns: ListColumnMap;
  /**
   * Search one expression instead of each searchable column: the concatenation a trigram index
   * is built on (customers_search_idx), so a search of 100,000 rows does not read them all.
   */
  searchSql?: SQL;
  /**
   * The whole search condition, for searches that span tables no single index covers (a package
   * search reads the packages' own trigram index and the customers' one, then unites the ids).
   * An `ExactSearch` is a condition without a pattern (the ids a lookup of the whole term found).
   */
  searchCondition?: (term: string) => SQL | ExactSearch;
  query: ListQuery;
  /**
   * An exact total the database keeps elsewhere (a counter its triggers update in the writing
   * transaction), for the queries it covers; undefined counts the matching rows. A courier's
   * 200,000 parcels are a counter's few rows instead of 200,000 index entries per request.
   * `shownOptions` are the dropdowns shown: a value of a column without one is a contains-filter.
   */
  countedTotal?: (query: ListQuery, shownOptions: Readonly<Record<string, readonly FilterOption[]>>) => SQL | undefined;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /**
   * A name for this list's statement (issue 16), unique to one list definition: its SQL is then
   * built once per shape (sort, filters, search) and run with each request's values. The select,
   * FROM, columns and search must carry no values of their own (a viewer's id in a join): values
   * belong in `where`, the search and filters, and `countedTotal`. Outside production every run
   * is checked against a fresh build, so a test of the list fails if that does not hold.
   */
  statement?: string;
  /**
   * Values the select or FROM of a named list carry of their own (the viewer's id in a join of
   * their read state): each set of them is a statement of its own, and any other value is refused.
   */
  statementValues?: readonly (string | number | boolean)[];
  /** Appended to every sort so pages never overlap (the primary key). */
  tieBreaker: AnyPgColumn;
  map: (row: Awaited<TQuery>[number]) => TItem;
}

const MAX_OPTIONS = 50;
/** The page's total, selected beside each row's fields (no list has a field of this name). */
const TOTAL_FIELD = '__listTotal';
/** The session's fingerprint, selected beside each row when the page's statement checks the session (lib/deferred-session.ts). */
const SESSION_FIELD = '__listSession';
/** Beyond this many candidates the column is given a text box without probing. */
const MAX_PROBES = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A column written with its table, for correlated subqueries in a selection: drizzle writes the
 * columns of a single-table select bare, and a bare "id" inside the subquery names its own id.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * True when an expression names no table but `base`: then the page ids and the total are read
 * from the base table alone. PostgreSQL drops unused left joins, but (15 at least) still counts
 * the join columns as needed, which rules out index-only scans; without the joins a deep page or
 * a total reads the index alone. Anything it cannot read answers false (keep the joins).
 */
function namesOnly(expr: unknown, base: PgTable): boolean {
  const baseName = getTableName(base);
  const visit = (chunk: unknown): boolean => {
    if (Array.isArray(chunk)) return chunk.every(visit);
    if (is(chunk, Column)) return chunk.table === base;
    if (is(chunk, Table)) return chunk === base;
    if (is(chunk, SQL)) return chunk.queryChunks.every(visit);
    if (is(chunk, SQL.Aliased)) return visit(chunk.sql);
    // Written names (qualified(), sql.identifier): the base table or one of its columns.
    if (is(chunk, Name)) return chunk.value === baseName || Object.values(base).some((c) => is(c, Column) && c.name === chunk.value);
    if (is(chunk, Param) || is(chunk, StringChunk)) return true;
    return chunk === null || ['string', 'number', 'boolean', 'undefined', 'bigint'].includes(typeof chunk);
  };
  return visit(expr);
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const asText = (column: ListColumn, expr: Expr = column.sql): SQL =>
  !column.kind || column.kind === 'text' ? sql`${expr}` : sql`(${expr})::text`;

/**
 * Case-insensitive "contains" on a column no index serves: lower() on both sides and LIKE, which
 * PostgreSQL evaluates about twice as fast as ILIKE (a ticket search over 2,500 rows and three
 * columns: 8.6 ms to 3.6 ms). The trigram-indexed `searchSql` keeps ILIKE, which its index serves.
 */
function contains(column: ListColumn, term: string): SQL {
  return sql`lower(${asText(column)}) like lower(${containsPattern(term)})`;
}

/** A filter value as the comparison needs it, or undefined when it cannot be one. */
function parseValue(type: 'text' | 'uuid' | 'boolean', raw: string): string | boolean | undefined {
  if (type === 'uuid') return UUID.test(raw) ? raw.toLowerCase() : undefined;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : undefined;
  return raw;
}

const valueOf = (column: ListColumn) => column.value ?? { sql: column.sql, type: 'text' as const };

function equals(expr: Expr, value: string | boolean | number): SQL {
  // eq() maps the value through the column's driver mapping when `expr` is a column.
  return eq(expr as AnyColumn, value);
}

/** `reversed` (a deep page read from the end, pageWindow) flips every direction, tie breaker included. */
function orderFor(columns: ListColumnMap, query: ListQuery, defaultSort: ListQueryOptions<SelectedFields, PgSelect, unknown>['defaultSort'], tieBreaker: AnyColumn, reversed = false): SQL[] {
  const field = query.sort ?? defaultSort.field;
  const order = query.sort ? query.order : defaultSort.order;
  const column = columns[field];
  if (!column?.sortable) throw badRequest(`Unknown sort column: ${field}`, { sort: `Unknown sort column: ${field}` });
  const direction = (order === 'desc') !== reversed ? desc : asc;
  return [...(column.sortBy ?? [column.sql]).map((expr) => direction(expr)), direction(tieBreaker)];
}

const filterError = (field: string, message: string) => badRequest(message, { filters: message });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range a column filters on: its declared `range`, or `sql` itself for a number column. */
function rangeOf(column: ListColumn): ListColumn['range'] {
  return column.range ?? (column.filter === 'number' ? { sql: column.sql, type: 'number' } : undefined);
}

/** `from <= column <= to` (either end open); dates are whole local days, so `to` includes its day. */
function rangeCondition(field: string, column: ListColumn, range: FilterRange): SQL {
  const target = rangeOf(column);
  if (!target) throw filterError(field, `Filter ${field} does not take a range`);
  const bounds: SQL[] = [];
  if (target.type === 'number') {
    for (const [end, raw] of [['from', range.from], ['to', range.to]] as const) {
      if (raw === undefined) continue;
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) throw filterError(field, `Filter ${field} must be a number`);
      bounds.push(end === 'from' ? sql`${target.sql} >= ${value}` : sql`${target.sql} <= ${value}`);
    }
  } else {
    for (const raw of [range.from, range.to]) {
      if (raw !== undefined && (!DAY.test(raw) || Number.isNaN(Date.parse(raw)))) throw filterError(field, `Filter ${field} must be a date (YYYY-MM-DD)`);
    }
    if (range.from !== undefined) bounds.push(sql`${target.sql} >= ${localDayStart(range.from)}`);
    if (range.to !== undefined) bounds.push(sql`${target.sql} < ${localDayEnd(range.to)}`);
  }
  return and(...bounds) ?? sql`true`;
}

/** One value of a column's filter. */
function valueCondition(field: string, column: ListColumn, raw: string, shownOptions: Record<string, FilterOption[]>, shape: QueryShape): SQL {
  if (column.filter === 'text') return shape.matchesPattern(contains(column, raw));
  if (column.filter === 'number') {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) throw filterError(field, `Filter ${field} must be a number`);
    return sql`${column.sql} = ${value}`;
  }
  const target = valueOf(column);
  const value = parseValue(target.type, raw);
  if (column.filter === 'exact') {
    if (value === undefined) throw filterError(field, `Invalid value for filter ${field}`);
    return equals(target.sql, value);
  }
  // A value picked from the dropdown matches exactly; text typed into the box shown instead
  // (fewer than 2 or more than 50 values) matches what the column displays.
  const picked = value !== undefined && (target.type !== 'text' || field in shownOptions);
  return picked ? equals(target.sql, value) : shape.matchesPattern(contains(column, raw));
}

/**
 * What decides whether a list statement may be kept prepared: PostgreSQL plans a prepared
 * statement once for any values (a generic plan) after five runs, and a generic plan of a
 * "contains" pattern (search, text filters) assumes a common term, so a rare term walked a whole
 * courier's rows in sort order (100,000 customers: 30 ms to 730 ms). Those statements are planned
 * for their values every time; equality, ranges and the scope are planned once.
 */
class QueryShape {
  private patterned = false;
  matchesPattern(condition: SQL): SQL {
    this.patterned = true;
    return condition;
  }
  get planOnce(): boolean {
    return !this.patterned;
  }
}

/**
 * A search condition with no pattern in it: the rows a lookup of the whole term found (a package
 * scanned into the search box), so the statement is planned once like a filter's rather than for
 * every term (planning a package search's statement took 3.3 ms of its 4 ms in PostgreSQL).
 */
export interface ExactSearch { exact: SQL }

/** Builds the WHERE of search and filters; unknown or unfilterable fields answer 400. */
function conditionsFor(columns: ListColumnMap, query: ListQuery, shownOptions: Record<string, FilterOption[]>, shape: QueryShape, searchSql?: SQL, searchCondition?: (term: string) => SQL | ExactSearch): SQL[] {
  const conditions: SQL[] = [];
  if (query.search && searchCondition) {
    const found = searchCondition(query.search);
    conditions.push(is(found, SQL) ? shape.matchesPattern(found) : found.exact);
  } else if (query.search) {
    const term = query.search;
    const matches = searchSql
      ? [sql`${searchSql} ilike ${containsPattern(term)}`]
      : Object.values(columns).filter((c) => c.searchable).map((c) => contains(c, term));
    if (matches.length > 0) conditions.push(shape.matchesPattern(or(...matches) ?? sql`false`));
  }
  for (const [field, filter] of Object.entries(query.filters)) {
    const column = columns[field];
    if (!column?.filter && !column?.range) throw filterError(field, `Unknown filter column: ${field}`);
    if (isFilterRange(filter)) {
      conditions.push(rangeCondition(field, column, filter));
    } else if (Array.isArray(filter)) {
      // Several values: a row matching any of them (each value as the column would take it alone).
      conditions.push(or(...filter.map((raw) => valueCondition(field, column, raw, shownOptions, shape))) ?? sql`false`);
    } else if (!column.filter) {
      throw filterError(field, `Filter ${field} takes a {from, to} range`);
    } else {
      conditions.push(valueCondition(field, column, filter, shownOptions, shape));
    }
  }
  return conditions;
}

/**
 * Runs one list under the list-query convention: the page of rows, the total under the same
 * WHERE, and the dropdown options of the scope (not narrowed by the current search or filters,
 * so the choices stay put while the user filters).
 */
export async function runListQuery<TSel extends SelectedFields, TQuery extends PgSelect, TItem>(
  options: ListQueryOptions<TSel, TQuery, TItem>,
): Promise<ListResponse<TItem>> {
  const { db, columns, query, where } = options;
  // `from` only adds FROM and joins; the selection it receives is ours to choose, so reusing it
  // for the count and the options is sound although its type names the row's selection.
  const fromAny = (selection: SelectedFields, distinct = false) =>
    options.from((distinct ? db.selectDistinct(selection) : db.select(selection)) as unknown as PgSelectBuilder<TSel>);
  const base = options.tieBreaker.table as PgTable;

  const orderBy = orderFor(columns, query, options.defaultSort, options.tieBreaker);
  const statementKey = options.statement && '$client' in db ? `${options.statement}${JSON.stringify(options.statementValues ?? [])}` : undefined;
  if (options.statement && checkedHandles.has(db)) checkOneListPerName(options.statement, options);
  const filterOptions = await cachedDropdownOptions(db, columns, where, fromAny, statementKey);
  const shape = new QueryShape();
  const filtered = and(where, ...conditionsFor(columns, query, filterOptions, shape, options.searchSql, options.searchCondition));
  const counted = options.countedTotal?.(query, filterOptions);

  // A page with no rows carries no total: on page 1 that means none match; past the end (rare),
  // the total is asked for on its own.
  const totalAlone = async () => {
    if (counted) return Number((await db.execute<{ total: number }>(sql`select (${counted}) as total`)).rows[0]?.total ?? 0);
    const fromCount = [filtered].every((expr) => namesOnly(expr, base)) ? db.select({ total: count() }).from(base).$dynamic() : fromAny({ total: count() });
    return (await fromCount.where(filtered))[0]?.total ?? 0;
  };
  const window = await pageWindow(query, counted ? totalAlone : undefined);
  const innerOrder = window.reversed ? orderFor(columns, query, options.defaultSort, options.tieBreaker, true) : orderBy;

  /**
   * The page's statement. The page is chosen on ids first and only its rows are joined and
   * projected (a deferred join): a deep page skips index entries, not joined rows. Joins the sort
   * and filters do not use are left out of the ids and the count (`namesOnly`). The total is an
   * uncorrelated subquery, which PostgreSQL runs once (issue 16: one statement for page and total).
   * The ids are read in `innerOrder` (reversed for a deep page read from its end); the rows come
   * back in the list's order.
   */
  const sessionCheck = pendingSessionCheck(undefined, query);
  const pageStatement = (condition: SQL | undefined, total: SQL | undefined, offset: number | Placeholder, session: SQL | undefined) => {
    const fromFor = (uses: unknown[]) => (selection: SelectedFields): PgSelect =>
      (uses.every((expr) => namesOnly(expr, base)) ? db.select(selection).from(base).$dynamic() : fromAny(selection));
    // The page size is written into the statement, not bound: with LIMIT as a parameter the plan
    // PostgreSQL would keep for any value assumes a tenth of the rows, so it never kept one and
    // planned a package list's statement afresh on every request (1.9 ms, three times its run).
    // Written, page 1 (no OFFSET) is planned once per connection. An OFFSET stays a parameter.
    const pageIds = fromFor([filtered, ...orderBy])({ id: options.tieBreaker }).where(condition).orderBy(...innerOrder)
      .limit(sql.raw(String(wholeNumber(window.limit))) as unknown as number).offset(offset);
    const totalQuery = fromFor([filtered])({ total: count() }).where(condition);
    // An uncorrelated subquery: PostgreSQL reads the session once (an InitPlan) and repeats the value.
    const sessionField = sessionCheck ? { [SESSION_FIELD]: sessionColumn(sessionCheck, session) } : {};
    return options.from(db.select({ ...options.select, [TOTAL_FIELD]: sql<number>`(${total ?? totalQuery})`.mapWith(Number), ...sessionField } as unknown as TSel))
      .where(inArray(options.tieBreaker, pageIds)).orderBy(...orderBy);
  };
  type Row = Awaited<TQuery>[number] & { [TOTAL_FIELD]?: number; [SESSION_FIELD]?: string | null };
  const { offset } = window;
  const values = { ...(offset === 0 ? {} : { offset }), ...(sessionCheck ? { session: sessionCheck.guess.principal.sessionId } : {}) };
  const rows = statementKey
    // The sort is part of the shape as written: two variants of a list may sort a field differently.
    ? await runCachedStatement<Row[]>(db, `${statementKey}\u0001${dialect.sqlToQuery(sql.join(innerOrder, sql`, `)).sql}\u0001${shape.planOnce}\u0001${window.limit}\u0001${offset === 0}\u0001${Boolean(sessionCheck)}`,
      filtered, counted, values,
      (condition, total) => pageStatement(condition, total, offset === 0 ? 0 : sql.placeholder('offset'), sessionCheck && sql`${sql.placeholder('session')}`),
      shape.planOnce, options.statementValues ?? [])
    : await executeNamed(pageStatement(filtered, counted, offset, undefined), shape.planOnce) as unknown as Row[];
  // A page without rows carries no fingerprint: the route then checks the session on its own.
  if (sessionCheck && rows.length > 0) settleSessionCheck(sessionCheck, rows[0]?.[SESSION_FIELD]);
  const total = rows[0]?.[TOTAL_FIELD] ?? (query.page === 1 ? 0 : await totalAlone());
  return {
    data: rows.map(({ [TOTAL_FIELD]: _total, [SESSION_FIELD]: _session, ...row }) => options.map(row as Awaited<TQuery>[number])),
    total,
    page: query.page,
    pageSize: query.pageSize,
    filterOptions,
  };
}

/**
 * For a `countedTotal` kept per status: the statuses a query narrows to when status is all it
 * narrows (undefined: no status filter, every status), or null when a counter cannot give its
 * total (a search, another filter, a range, a value that is no status, or, unless `typedMatches`,
 * a status typed into the text box shown instead of a dropdown, which is a contains-match).
 */
export function countedStatuses(query: ListQuery, known: readonly string[], typedMatches: boolean, shownOptions: Readonly<Record<string, readonly FilterOption[]>>): string[] | undefined | null {
  if (query.search) return null;
  const { status, ...others } = query.filters;
  if (Object.keys(others).length > 0) return null;
  if (status === undefined) return undefined;
  if (isFilterRange(status) || (!typedMatches && !('status' in shownOptions))) return null;
  const statuses = [status].flat();
  return statuses.every((value) => known.includes(value)) ? statuses : null;
}

/** Past this offset a page of a list with a counted total may be read from the end (pageWindow). */
const DEEP_OFFSET = 1000;

/**
 * Which ids a page reads: `limit` rows after skipping `offset`, in the list's order or, when
 * `reversed`, in the exact reverse (every direction flipped, the tie breaker's too, so the order
 * stays total; PostgreSQL's DESC puts NULLs first as ASC puts them last, so NULLs mirror too).
 * Issue 11: a page 10 from the end of 200,000 parcels skipped 199,750 index entries; from the
 * end it skips 225. Only a list whose total is counted elsewhere (`countedTotal`, a few counter
 * rows) knows where its end is, and asking costs a statement before the page, so only offsets
 * past DEEP_OFFSET ask. The page's rows keep the list's order: the outer ORDER BY sorts them.
 */
async function pageWindow(query: ListQuery, countedTotal: (() => Promise<number>) | undefined) {
  const offset = (query.page - 1) * query.pageSize;
  const forward = { reversed: false, limit: query.pageSize, offset };
  if (!countedTotal || offset < DEEP_OFFSET) return forward;
  const total = await countedTotal();
  // The front half, or past the end (no rows either way: the forward read says so as before).
  if (offset * 2 < total || offset >= total) return forward;
  return { reversed: true, limit: Math.min(query.pageSize, total - offset), offset: Math.max(0, total - offset - query.pageSize) };
}

/** A page's row count as a whole number to write into SQL (the list-query schema allows a few sizes). */
function wholeNumber(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw badRequest('Invalid page size', { pageSize: 'Invalid page size' });
  return limit;
}

/** A compiled piece of SQL: its text with $1..$n and the values they stand for. */
interface Compiled { sql: string; params: unknown[] }

/**
 * A compiled piece written back as Drizzle SQL whose values are placeholders `<prefix><n>`, so
 * the statement built around it can be prepared once and run with any values of the same shape.
 * Undefined when the text's $n are not exactly $1..$n in order (a "$1" inside a literal).
 */
function templated(piece: Compiled, prefix: string): { sql: SQL; values: Record<string, unknown> } | undefined {
  const parts = piece.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  const values: Record<string, unknown> = {};
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 0) {
      chunks.push(sql.raw(part));
      continue;
    }
    const index = Number(part);
    if (index !== (i + 1) / 2 || index > piece.params.length) return undefined;
    chunks.push(sql`${sql.placeholder(`${prefix}${index}`)}`);
    values[`${prefix}${index}`] = piece.params[index - 1];
  }
  if ((parts.length - 1) / 2 !== piece.params.length) return undefined;
  return { sql: sql.join(chunks), values };
}

interface CachedStatement { prepared: Prepared<unknown>; text: string; params: unknown[] }
/** Per database handle: a pooled handle's prepared statements run on any of its connections. */
const statementCache = new WeakMap<object, Map<string, CachedStatement | null>>();
/** Shapes kept per database handle (a shape per viewer for lists with `statementValues`). */
const MAX_CACHED_STATEMENTS = 512;
/** Handles whose named list statements are checked on every run (outside production: tests prove the cache sound). */
const checkedHandles = new WeakSet<object>();
/** Checks every named list statement run on `db` against a fresh build (app.ts: outside production). */
export function checkListStatements(db: object): void {
  checkedHandles.add(db);
}

const listsByName = new Map<string, string>();
/** Outside production: a statement name stands for one list definition (its fields, FROM and columns). */
function checkOneListPerName(name: string, options: { select: SelectedFields; from: (...args: never[]) => unknown; columns: ListColumnMap }) {
  const definition = `${Object.keys(options.select).join()}|${options.from.toString()}|${Object.keys(options.columns).join()}`;
  const known = listsByName.get(name);
  if (known === undefined) listsByName.set(name, definition);
  else if (known !== definition) throw new Error(`List statement name ${name} is used by two lists`);
}

/**
 * Runs a list statement whose SQL is built once per shape (issue 16): Drizzle building a list's
 * SQL was about a tenth of a list request's CPU. The shape is the list's name and sort (`key`)
 * plus the compiled text of its condition and counted total; the values of this request fill the
 * placeholders. `build` must put no values in the statement but those of `condition`, `total`
 * and the placeholders it is given.
 */
async function runCachedStatement<Result>(
  db: DbOrTx, key: string, condition: SQL | undefined, total: SQL | undefined, values: Record<string, unknown>,
  build: (condition: SQL | undefined, total: SQL | undefined) => { prepare(name: string): Prepared<Result>; toSQL(): Compiled },
  planOnce: boolean,
  ownValues: readonly unknown[],
): Promise<Result> {
  const conditionSql = condition ? dialect.sqlToQuery(condition) : undefined;
  const totalSql = total ? dialect.sqlToQuery(total) : undefined;
  const fullKey = `${key}\u0001${conditionSql?.sql ?? ''}\u0001${totalSql?.sql ?? ''}`;
  let byShape = statementCache.get(db);
  if (!byShape) statementCache.set(db, (byShape = new Map()));
  const conditionT = conditionSql && templated(conditionSql, 'w');
  const totalT = totalSql && templated(totalSql, 't');
  const cacheable = (!conditionSql || conditionT) && (!totalSql || totalT);
  let entry = byShape.get(fullKey);
  if (entry === undefined && cacheable) {
    // Maps keep insertion order: past the bound the oldest shape goes (built again when it returns).
    if (byShape.size >= MAX_CACHED_STATEMENTS) byShape.delete(byShape.keys().next().value as string);
    const statement = build(conditionT?.sql, totalT?.sql);
    const compiled = statement.toSQL();
    // A value of its own (a viewer's id in a join or field) would be kept for every later viewer:
    // such a statement is never kept, and outside production it is an error of the list.
    const valueFree = compiled.params.every((param) => is(param, Placeholder) || ownValues.includes(param));
    if (!valueFree && checkedHandles.has(db)) throw new Error(`List statement ${key} carries values outside its condition, total and statementValues; it cannot be named`);
    entry = valueFree ? { prepared: prepareNamed(statement, planOnce) as Prepared<unknown>, text: compiled.sql, params: compiled.params } : null;
    byShape.set(fullKey, entry);
  }
  if (!entry || !cacheable) return executeNamed(build(condition, total), planOnce) as Promise<Result>;
  const allValues = { ...values, ...conditionT?.values, ...totalT?.values };
  if (checkedHandles.has(db)) {
    const fresh = build(condition, total).toSQL();
    const cached = fillPlaceholders(entry.params, allValues);
    if (fresh.sql !== entry.text || JSON.stringify(fillPlaceholders(fresh.params, values)) !== JSON.stringify(cached)) {
      throw new Error(`List statement ${key} differs from its cached shape: it has values outside its condition and total`);
    }
  }
  return entry.prepared.execute(allValues) as Promise<Result>;
}

type FromAny = (selection: SelectedFields, distinct?: boolean) => PgSelect;

const tablesRead = new Set<string>();
/** The tables written in a statement's FROM and JOINs. */
const tablesIn = (statement: string) => [...statement.matchAll(/\b(?:from|join)\s+"([a-z0-9_]+)"/gi)].map((match) => match[1] ?? '');
function noteTables(statement: string) {
  for (const table of tablesIn(statement)) tablesRead.add(table);
}
/**
 * Every table a list or its dropdown candidates has read in this process. Each needs the
 * list-change trigger of migration 0004, or its dropdown options go stale on other instances;
 * lib/list-triggers.test.ts runs every list and checks them.
 */
export const tablesListsRead = (): ReadonlySet<string> => tablesRead;

/**
 * The dropdown options through the app's cache (lib/list-options-cache.ts). The key is what the
 * options are read from, as SQL with its values: FROM, joins and WHERE (a viewer's own joins
 * included) and each dropdown column's expression, so two scopes or viewers never share one. A
 * list with a `statement` name has fixed FROM and columns (its contract), so its key is the name
 * and the WHERE alone, which spares building the rest of that SQL on every request.
 */
async function cachedDropdownOptions(db: DbOrTx, columns: ListColumnMap, where: SQL | undefined, fromAny: FromAny, statement: string | undefined) {
  const cache = listOptionsCacheOf(db);
  if (!cache) return dropdownOptions(db, columns, where, fromAny);
  const fullKey = () => {
    const source = fromAny({ one: sql`1` }).where(where).toSQL();
    noteTables(source.sql);
    const dropdownSql = Object.entries(columns).filter(([, column]) => column.filter === 'dropdown').map(([field, column]) => {
      const expr = dialect.sqlToQuery(sql`${valueOf(column).sql} ${column.sql}`);
      return [field, expr.sql, expr.params];
    });
    return JSON.stringify([source.sql, source.params, dropdownSql]);
  };
  const scoped = statement && where ? dialect.sqlToQuery(where) : undefined;
  const key = statement ? JSON.stringify([statement, scoped?.sql, scoped?.params]) : fullKey();
  const cached = cache.get(key);
  if (cached) return cached;
  if (statement) fullKey(); // notes the tables read, as any miss does
  const stamp = cache.stamp();
  const options = await dropdownOptions(db, columns, where, fromAny);
  cache.set(key, options, stamp);
  return options;
}

/**
 * The options of every dropdown column. Candidate lists are read concurrently, then one
 * statement probes every candidate of every column (`exists`, an index probe each), so a list
 * costs the same few round trips however many dropdowns it has.
 */
async function dropdownOptions(db: DbOrTx, columns: ListColumnMap, where: SQL | undefined, fromAny: FromAny): Promise<Record<string, FilterOption[]>> {
  const dropdowns = await Promise.all(
    Object.entries(columns)
      .filter(([, column]) => column.filter === 'dropdown')
      .map(async ([field, column]) => ({ field, column, candidates: column.options ? await candidatesOf(column.options) : null })),
  );
  const probes = dropdowns.flatMap(({ field, column, candidates }) => {
    if (!candidates || candidates.length > MAX_PROBES) return [];
    const target = valueOf(column);
    return candidates.flatMap((candidate) => {
      const value = parseValue(target.type, candidate.value);
      if (value === undefined) return [];
      return [{ field, candidate, probe: fromAny({ one: sql`1` }).where(and(where, equals(target.sql, value))).limit(1) }];
    });
  });
  const [probed, distinct] = await Promise.all([
    probes.length === 0 ? Promise.resolve({} as Record<string, boolean>) : db.execute<Record<string, boolean>>(
      sql`select ${sql.join(probes.map(({ probe }, i) => sql`exists ${probe} as ${sql.identifier(`p${i}`)}`), sql`, `)}`,
    ).then((result) => result.rows[0] ?? {}),
    Promise.all(dropdowns
      .filter(({ candidates }) => !candidates)
      .map(async ({ field, column }) => [field, await distinctOptions(column, where, fromAny)] as const)),
  ]);

  const found: Record<string, FilterOption[]> = Object.fromEntries(distinct);
  // More candidates than can be probed (hundreds of branches across the network): far more than
  // a dropdown shows, so the column gets a text box without reading the list.
  for (const { field, candidates } of dropdowns) if (candidates && candidates.length > MAX_PROBES) found[field] = candidates.slice(0, MAX_OPTIONS + 1);
  probes.forEach(({ field, candidate }, i) => {
    if (probed[`p${i}`] === true) (found[field] ??= []).push(candidate);
  });
  const shown: Record<string, FilterOption[]> = {};
  for (const { field } of dropdowns) {
    const list = found[field] ?? [];
    if (filterKind(list.length) === 'dropdown') shown[field] = list;
  }
  return shown;
}

/** A column's candidate options; a query's tables are noted as read by lists. */
function candidatesOf(options: NonNullable<ListColumn['options']>): Promise<readonly FilterOption[]> | readonly FilterOption[] {
  const candidates = options();
  if (typeof (candidates as { toSQL?: unknown }).toSQL === 'function') noteTables((candidates as unknown as { toSQL: () => { sql: string } }).toSQL().sql);
  return candidates;
}

/** Up to 51 distinct values of a column without candidates (51 means "too many": a text box). */
async function distinctOptions(column: ListColumn, where: SQL | undefined, fromAny: FromAny): Promise<FilterOption[]> {
  const target = valueOf(column);
  const value = sql<string>`(${target.sql})::text`.as('value');
  const label = sql<string>`(${column.optionLabel ?? column.sql})::text`.as('label');
  const rows = await fromAny({ value, label }, true)
    .where(and(where, isNotNull(target.sql)))
    .orderBy(sql`2`)
    .limit(MAX_OPTIONS + 1) as unknown as { value: string; label: string | null }[];
  return rows.map((r) => ({ value: r.value, label: r.label ?? r.value }));
}
