import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../env';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { databaseUrlFor, RUN_PREFIX_ENV } from './database-url';

/**
 * Once per test run: migrate a template database; every test file then clones its own database
 * from it (CREATE DATABASE ... TEMPLATE), so no test depends on another's rows.
 * TEST_DATABASE_URL names the server; without it an embedded PostgreSQL is started.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(path.join(os.tmpdir(), 'parceldesk-test-data'));
    adminUrl = embedded.url;
  }
  const runPrefix = `pd_t${process.pid}_${Date.now().toString(36)}`;
  const templateDatabase = `${runPrefix}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${templateDatabase}"`);
  const pool = new pg.Pool({ connectionString: databaseUrlFor(adminUrl, templateDatabase), max: 1 });
  await runMigrations(pool);
  await pool.end();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('runPrefix', runPrefix);
  process.env[RUN_PREFIX_ENV] = runPrefix;

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${runPrefix}%`]);
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
    await admin.end();
    await embedded?.stop();
  };
}
