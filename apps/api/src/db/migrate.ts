import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/** Arbitrary constant naming the migration lock; every instance uses the same one. */
const MIGRATION_LOCK_ID = 727_001;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies committed SQL migrations while holding a session advisory lock, so several instances
 * starting at once apply them exactly once: the others wait, then find nothing left to do.
 */
export async function runMigrations(pool: pg.Pool, folder = migrationsFolder): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
