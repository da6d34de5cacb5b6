import type pg from 'pg';
import type { FuzzRequest } from './request-arbitrary';

/** Internals a body must never show: stack frames, file paths, SQL and PostgreSQL's own wording. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w.<>$]+ \(?[^\s()]+:\d+:\d+\)?/],
  ['stack frame', /\n\s+at /],
  ['node_modules path', /node_modules/],
  ['source path', /\/work\/|\/apps\/api\/(src|dist)\//],
  ['SQL text', /\bSELECT\s.+\sFROM\s/is],
  ['SQL text', /\b(INSERT INTO|UPDATE \S+ SET|DELETE FROM)\b/i],
  ['SQL text', /Failed query/i],
  ['PostgreSQL error', /syntax error at or near/i],
  ['PostgreSQL error', /\bviolates\b/i],
  ['PostgreSQL error', /invalid byte sequence|invalid input syntax for|relation "[^"]+"|column "[^"]+"/i],
];

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** What the request itself carried: a leak pattern that merely echoes the input is not a leak. */
function requestText(request: FuzzRequest): string {
  const payload = typeof request.payload === 'string' ? request.payload : request.payload?.toString('latin1') ?? '';
  let url = request.url;
  try {
    url = decodeURIComponent(request.url);
  } catch {
    // keep the raw form
  }
  return `${url}\n${request.url}\n${payload}`;
}

/** Every invariant of issue 6's fuzzing, except the database one (see databaseFingerprint). */
export function violationsOf(request: FuzzRequest, answer: Answer): string[] {
  const found: string[] = [];
  if (answer.status >= 500) found.push(`${answer.status} answer`);
  // Error bodies only: a 2xx may rightly show text an earlier request stored ("SELECT … FROM" as a name).
  const echoed = answer.status >= 400 ? requestText(request) : '';
  for (const [what, pattern] of answer.status >= 400 ? LEAKS : []) {
    if (pattern.test(answer.body) && !pattern.test(echoed)) {
      found.push(`${what} in the body`);
      break;
    }
  }
  if (answer.status >= 400 && answer.status < 500 && request.method !== 'HEAD') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      parsed = undefined;
    }
    if (!answer.contentType.includes('application/json')) found.push(`4xx with content-type '${answer.contentType}'`);
    else if (typeof (parsed as { message?: unknown } | undefined)?.message !== 'string') found.push('4xx body without a string message');
  }
  return found;
}

/**
 * A fingerprint of every table, in one query: its row count and the newest row version (xmin).
 * Any committed insert or update raises the newest xmin, any delete lowers the count, while a
 * rolled-back transaction leaves both as they were. Cheap enough to take after every request.
 * Left out: rate_limits, which counts failed sign-ins on purpose (that is its job).
 */
export async function databaseFingerprint(pool: pg.Pool): Promise<() => Promise<Record<string, string>>> {
  const { rows } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> all($1) order by 1`,
    [['rate_limits']],
  );
  const columns = rows.map(({ table_name: t }) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from "${t}") as "${t}"`);
  // Prepared once (named), so each call skips planning twenty subqueries.
  const query = { name: `fingerprint-${rows.length}`, text: `select ${columns.join(', ')}` };
  return async () => (await pool.query<Record<string, string>>(query)).rows[0] ?? {};
}

/** Tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
