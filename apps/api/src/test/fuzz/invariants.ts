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

/**
 * Every invariant of issue 6's fuzzing, except the database one (see databaseFingerprint). A 5xx
 * is a violation unless the route's response schema documents that status (the 503 of /health).
 */
export function violationsOf(request: FuzzRequest, answer: Answer, documented: readonly number[] = []): string[] {
  const found: string[] = [];
  if (answer.status >= 500 && !documented.includes(answer.status)) found.push(`${answer.status} answer`);
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
 * What every table has had written to it, read in one cheap query: a row trigger on each table
 * counts the rows written (inserted, updated or deleted) in a side table, within the writing
 * transaction, so a rolled-back write counts nothing and a committed one always shows. Installed
 * in the fuzzer's own cloned database only. Left out: rate_limits, which counts failed sign-ins
 * on purpose (that is its job).
 */
export async function databaseFingerprint(pool: pg.Pool): Promise<() => Promise<Record<string, string>>> {
  const { rows } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> all($1) order by 1`,
    [['rate_limits', 'fuzz_writes']],
  );
  await pool.query(`
    create table if not exists fuzz_writes (table_name text primary key, n bigint not null);
    create or replace function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes (table_name, n) values (TG_TABLE_NAME, 1)
      on conflict (table_name) do update set n = fuzz_writes.n + 1;
      return null;
    end $$;
    ${rows.map(({ table_name: t }) => `create or replace trigger fuzz_count_write after insert or update or delete on "${t}" for each row execute function fuzz_count_write();`).join('\n')}
  `);
  const query = { name: 'fuzz-writes', text: 'select table_name, n::text as n from fuzz_writes' };
  return async () => Object.fromEntries((await pool.query<{ table_name: string; n: string }>(query)).rows.map((r) => [r.table_name, r.n]));
}

/** Tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
