import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { runAsOneStatement } from './one-statement';
import { isUniqueViolation } from '../lib/pg-errors';
import { inTransactionCommittedByLast } from '../lib/transaction';
import { createTestDatabase } from '../test/test-database';

/**
 * Issue 11: receive's last statement carries its COMMIT, so the courier's counter lock is released
 * when PostgreSQL has run it, whatever the API's event loop is doing.
 */
let handle: DbHandle;
let url: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  url = database.url;
  drop = database.drop;
  // One connection: a transaction left open or a broken client would block or fail the next test.
  handle = createDb(database.url, 1);
  await handle.db.execute(sql`create table counter_probe (id int primary key, n int not null, at timestamptz, details jsonb, tags text[])`);
  await handle.db.execute(sql`insert into counter_probe (id, n) values (1, 0)`);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

const bump = (details: unknown = null) => sql`update counter_probe set n = n + 1, at = ${new Date('2026-11-27T12:00:00Z')}, details = ${JSON.stringify(details)}::jsonb, tags = array[${'a'}, ${'b'}] where id = 1`;
const counter = async () => (await handle.db.execute<{ n: number; at: Date | string; details: unknown; tags: string[] }>(sql`select n, at, details, tags from counter_probe where id = 1`)).rows[0]!;

/** Another process takes the counter's row lock with a 2 s lock timeout: the count it saw, or 'locked' if it could not. */
function otherSessionUpdates(): string {
  const script = `
    const pg = require('pg');
    const client = new pg.Client({ connectionString: process.argv[1] });
    client.connect()
      .then(() => client.query("set lock_timeout = '2s'"))
      .then(() => client.query('update counter_probe set n = n where id = 1 returning n'))
      .then((result) => console.log('saw ' + result.rows[0].n), (error) => console.log(error.code === '55P03' ? 'locked' : 'error ' + error.message))
      .finally(() => client.end());`;
  const run = spawnSync(process.execPath, ['-e', script, url], { encoding: 'utf8', timeout: 20_000, cwd: process.cwd() });
  return run.stdout.trim();
}

describe('inTransactionCommittedByLast', () => {
  it('commits with the last statement: the lock is free before the API reads the answer', async () => {
    const before = (await counter()).n;
    let seenByOther = '';
    await inTransactionCommittedByLast(handle.db, async (tx) => {
      await tx.execute(sql`select 1`);
      const last = runAsOneStatement(tx, { writes: [bump({ step: 'last' })], last: true });
      // The statement and its COMMIT are on the wire; this blocks the event loop, so the API
      // cannot read the answer or send anything more until the other session is done.
      seenByOther = otherSessionUpdates();
      await last;
    });
    // It saw the write committed: not before it (the statement was on the wire), not locked out.
    expect(seenByOther).toBe(`saw ${before + 1}`);
    const after = await counter();
    expect(after.n).toBe(before + 1);
    expect(new Date(after.at).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(after.details).toEqual({ step: 'last' });
    expect(after.tags).toEqual(['a', 'b']);
  });

  it('without it the lock is held until the API sends COMMIT (what the test above rules out)', async () => {
    let seenByOther = '';
    await handle.db.transaction(async (tx) => {
      await runAsOneStatement(tx, { writes: [bump()], last: true });
      // The answer is read and COMMIT not yet sent: the event loop's turn the lock waited for.
      seenByOther = otherSessionUpdates();
    });
    expect(seenByOther).toBe('locked');
  });

  it('a failing last statement rolls back everything the command wrote and leaves the connection usable', async () => {
    const before = (await counter()).n;
    await expect(inTransactionCommittedByLast(handle.db, async (tx) => {
      await tx.execute(bump());
      await runAsOneStatement(tx, { writes: [sql`insert into counter_probe (id, n) values (1, 0)`], last: true });
    })).rejects.toSatisfy(isUniqueViolation);
    expect((await counter()).n).toBe(before);
    const status = await handle.db.execute<{ open: boolean }>(sql`select now() <> statement_timestamp() as open`);
    expect(status.rows[0]?.open).toBe(false);
  });

  it('a command that throws before its last statement is rolled back; one that never sends it commits', async () => {
    const before = (await counter()).n;
    await expect(inTransactionCommittedByLast(handle.db, async (tx) => {
      await tx.execute(bump());
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect((await counter()).n).toBe(before);
    const answer = await inTransactionCommittedByLast(handle.db, async (tx) => {
      await tx.execute(bump());
      return 'done';
    });
    expect(answer).toBe('done');
    expect((await counter()).n).toBe(before + 1);
  });

  it('the last statement is prepared once per connection and runs again with other values', async () => {
    const before = (await counter()).n;
    const prepared = async () => Number((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements where statement like 'with w0 as (update counter_probe%'`)).rows[0]?.n);
    const already = await prepared();
    for (const step of ['first', 'second', 'third']) {
      await inTransactionCommittedByLast(handle.db, (tx) => runAsOneStatement(tx, { writes: [bump({ step })], last: true }));
    }
    expect(await prepared()).toBe(Math.max(already, 1));
    expect(await counter()).toMatchObject({ n: before + 3, details: { step: 'third' } });
  });

  it('outside such a transaction the last statement is an ordinary one', async () => {
    const before = (await counter()).n;
    await expect(handle.db.transaction(async (tx) => {
      await runAsOneStatement(tx, { writes: [bump()], last: true });
      throw new Error('the enclosing command fails');
    })).rejects.toThrow('enclosing');
    expect((await counter()).n).toBe(before);
  });
});
