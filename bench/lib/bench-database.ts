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
  /** Where it runs, for the report. */
  server: string;
  close: () => Promise<void>;
}

/**
 * A database of its own for the bench (or the soak), made afresh on every run and dropped after
 * it: on TEST_DATABASE_URL's server when set (a new database name, never the one named there),
 * else on an embedded PostgreSQL kept under the OS temp dir. Migrated before the seed.
 */
export async function createBenchDatabase(log: (message: string) => void, name = 'parceldesk_bench'): Promise<BenchDatabase> {
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
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = databaseUrlFor(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await runMigrations(pool);
  await pool.end();
  return {
    url,
    server,
    // Dropped afterwards: the next run recreates it, and a shared server keeps no 50,000-row leftovers.
    close: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
      await embedded?.stop();
    },
  };
}
