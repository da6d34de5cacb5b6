import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { executeSqlNamed } from './prepared';
import { createTestDatabase } from '../test/test-database';

/** Issue 16: a hot `sql` statement is prepared once per connection and answers as db.execute does. */
let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  // One connection: the statement's second run must find its first run's preparation.
  handle = createDb(database.url, 1);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

const statement = (courier: string) => sql`select ${courier}::text as courier, now() as at, current_date as day,
  (select count(*)::int from pg_prepared_statements where statement like '%courier, now() as at%') as prepared`;

describe('executeSqlNamed', () => {
  it('prepares a statement once per connection and runs it again with other values', async () => {
    const [first] = await executeSqlNamed<{ courier: string; prepared: number }>(handle.db, statement('one'));
    const [second] = await executeSqlNamed<{ courier: string; prepared: number }>(handle.db, statement('two'));
    expect([first?.courier, second?.courier]).toEqual(['one', 'two']);
    expect([first?.prepared, second?.prepared]).toEqual([1, 1]);
  });

  it('gives rows as db.execute does (timestamps and dates as text), also inside a transaction', async () => {
    const viaExecute = (await handle.db.execute(statement('x'))).rows[0] as Record<string, unknown>;
    const [named] = await executeSqlNamed<Record<string, unknown>>(handle.db, statement('x'));
    expect(typeof named?.at).toBe(typeof viaExecute.at);
    expect(typeof named?.day).toBe('string');
    expect(named?.day).toBe(viaExecute.day);
    const [inTx] = await handle.db.transaction((tx) => executeSqlNamed<Record<string, unknown>>(tx, statement('tx')));
    expect(inTx?.courier).toBe('tx');
  });
});
