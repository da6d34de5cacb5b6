import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

/** The app's database; `$client` is its pool, for the prepared statements of db/prepared.ts. */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle: same query API as Database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DbHandle {
  pool: pg.Pool;
  db: Database;
  close: () => Promise<void>;
}

export function createDb(url: string, poolSize: number): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
  // A client losing its connection (database restart) must not crash the process. The pool
  // handles idle clients; a checked-out client between two queries (inside a transaction, or
  // the outbox LISTEN client) emits 'error' with no listener, which would kill the process
  // (issue 6 fault test). Its next query fails and release() drops it from the pool.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}
