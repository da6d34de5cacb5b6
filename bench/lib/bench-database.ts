import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/api/src/db/embedded';
import { runMigrations } from '../../apps/api/src/db/migrate';

/** The same server URL naming another database. */
function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface BenchDatabase {
  url: string;
  /** The database's name (BENCH_DATABASE, default parceldesk_bench). */
  name: string;
  /** True when BENCH_REUSE kept an already seeded database: the caller skips the seed. */
  reused: boolean;
  /** Where it runs, for the report. */
  server: string;
  close: () => Promise<void>;
}

/**
 * The bench database's name: BENCH_DATABASE when set, so two people benching on one server (each
 * run drops and recreates its database) do not destroy each other's run.
 */
export const benchDatabaseName = (fallback = 'parceldesk_bench') => process.env.BENCH_DATABASE || fallback;

/** Whether a database of this name exists and holds the bench seed (its first courier). */
async function isSeeded(admin: pg.Client, adminUrl: string, name: string): Promise<boolean> {
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (rows.length === 0) return false;
  const client = new pg.Client({ connectionString: databaseUrlFor(adminUrl, name) });
  await client.connect();
  try {
    const seeded = await client.query(`select 1 from information_schema.tables where table_name = 'couriers'`);
    return seeded.rows.length > 0 && (await client.query(`select 1 from couriers where code = 'BC20'`)).rows.length > 0;
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for the bench (or the soak), made afresh on every run and dropped after
 * it: on TEST_DATABASE_URL's server when set (a new database name, never the one named there),
 * else on an embedded PostgreSQL kept under the OS temp dir. Migrated before the seed.
 * BENCH_REUSE=1 keeps it after the run and, when it is already seeded, reuses it (pending
 * migrations applied) instead of seeding a million packages again: for measuring before/after.
 */
export async function createBenchDatabase(log: (message: string) => void, name = benchDatabaseName()): Promise<BenchDatabase> {
  const reuse = process.env.BENCH_REUSE === '1';
  let embedded: EmbeddedDatabase | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let server = 'TEST_DATABASE_URL server';
  if (!adminUrl) {
    const dataDir = path.join(os.tmpdir(), 'parceldesk-bench-pg');
    log(`No TEST_DATABASE_URL: embedded PostgreSQL in ${dataDir}`);
    embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = databaseUrlFor(embedded.url, 'postgres');
    server = 'embedded PostgreSQL';
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const reused = reuse && await isSeeded(admin, adminUrl, name);
  if (reused) {
    log(`BENCH_REUSE: reusing the seeded database ${name}`);
  } else {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  }
  await admin.end();

  const url = databaseUrlFor(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await runMigrations(pool);
  await pool.end();
  return {
    url,
    name,
    reused,
    server,
    // Dropped afterwards: the next run recreates it, and a shared server keeps no 50,000-row leftovers.
    close: async () => {
      if (reuse) {
        log(`BENCH_REUSE: kept the database ${name}`);
        await embedded?.stop();
        return;
      }
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
      await embedded?.stop();
    },
  };
}
