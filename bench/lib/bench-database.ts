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
  /** True when BENCH_KEEP found this database already seeded: the caller skips its seed. */
  kept: boolean;
  /** Where it runs, for the report. */
  server: string;
  close: () => Promise<void>;
}

/**
 * A database of its own for the bench (or the soak), made afresh on every run and dropped after
 * it: on TEST_DATABASE_URL's server when set (a new database name, never the one named there),
 * else on an embedded PostgreSQL kept under the OS temp dir. Migrated before the seed.
 *
 * BENCH_DATABASE names it (two benches on one server need two names). BENCH_KEEP=1 keeps it after
 * the run and, when it is already there, only migrates it (kept: true), so a before/after or a
 * profile does not wait minutes for the million-parcel seed again.
 */
export async function createBenchDatabase(log: (message: string) => void, name = process.env.BENCH_DATABASE ?? 'parceldesk_bench'): Promise<BenchDatabase> {
  const keep = process.env.BENCH_KEEP === '1';
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
  const url = databaseUrlFor(adminUrl, name);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  let kept = false;
  if (keep && exists) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // Seeded means the seed's last table has rows (an interrupted seed is made again).
    kept = (await client.query(`select 1 from pg_tables where tablename = 'package_events'`)).rowCount === 1
      && (await client.query('select exists (select 1 from package_events) as seeded')).rows[0].seeded === true;
    await client.end();
  }
  if (!kept) {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } else {
    log(`BENCH_KEEP: reusing the seeded database ${name} (migrations only)`);
  }
  await admin.end();

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await runMigrations(pool);
  await pool.end();
  return {
    url,
    server,
    kept,
    // Dropped afterwards (unless BENCH_KEEP): the next run recreates it, and a shared server keeps no 50,000-row leftovers.
    close: async () => {
      if (keep) {
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
