import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { createDb, type DbHandle } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { loadEnv, testDatabaseUrl, type Env } from '../../apps/api/src/env';
import { countStatements, type StatementCounter } from '../../apps/api/src/test/statement-counter';

/** The same server URL naming another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface ScratchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  handle: DbHandle;
  env: Env;
  /** The app's data directory (secrets, uploads). */
  dataDir: string;
  /** The scratch database's name. */
  name: string;
  /** Every statement the app's pool sends (BEGIN and COMMIT included): statements per request. */
  statements: StatementCounter;
  /** Closes the app's pool and drops the database (kept when `keep` is true, for EXPLAIN by hand). */
  close: (options?: { keep?: boolean }) => Promise<void>;
}

/**
 * A migrated scratch database on TEST_DATABASE_URL's server and the API built on it (no workers,
 * silent logs), for the module benches that time requests through app.inject.
 */
export async function startScratchApp(label: string): Promise<ScratchApp> {
  const server = testDatabaseUrl();
  if (!server) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server (a scratch database is made and dropped)');
  // BENCH_DATABASE (bench-database.ts) tags the name too, so whose scratch database it is shows.
  const tag = (process.env.BENCH_DATABASE ?? '').replace(/[^a-z0-9_]/gi, '').slice(0, 30);
  const name = `pd_bench_${label}${tag ? `_${tag}` : ''}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const handle = createDb(databaseUrlFor(server, name), 8);
  const statements = countStatements(handle.pool);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-bench-data-'));
  const close = async ({ keep = false } = {}) => {
    await handle.close();
    if (keep) console.log(`Kept database ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await runMigrations(handle.pool);
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), WEB_DIST_DIR: path.join(dataDir, 'none') });
    const app = await buildApp({ env, database: handle, logger: false, startWorkers: false });
    await app.ready();
    return { app, handle, env, dataDir, name, statements, close };
  } catch (error) {
    await close();
    throw error;
  }
}
