import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../app';
import { createDb, type DbHandle } from '../db/client';
import { loadEnv, type Env } from '../env';
import { countStatements, type StatementCounter } from './statement-counter';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: DbHandle;
  env: Env;
  /** Statements the app has sent to PostgreSQL (issue 16, statement budget). */
  statements: StatementCounter;
  close: () => Promise<void>;
}

/**
 * An app on its own cloned database, called with app.inject. Rate limits are generous unless a
 * test overrides them; the outbox worker runs only when SMTP_URL is given (set startWorkers).
 */
export async function createTestApp(envOverrides: Record<string, string> = {}, options: { startWorkers?: boolean; startJobs?: boolean } = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    RATE_LIMIT_IP_MAX: '100000',
    RATE_LIMIT_ACCOUNT_MAX: '1000',
    OUTBOX_POLL_MS: '200',
    // app.inject waits for a response to end: live-event streams end quickly unless a test asks otherwise.
    EVENTS_STREAM_MAX_MS: '100',
    ALLOW_PRIVATE_SMTP: 'true',
    ...envOverrides,
  });
  const database = createDb(testDb.url, 5);
  const statements = countStatements(database.pool);
  const app = await buildApp({ env, database, logger: false, startWorkers: options.startWorkers ?? false, startJobs: options.startJobs });
  await app.ready();
  return {
    app,
    database,
    env,
    statements,
    close: async () => {
      await app.close();
      await database.close();
      await testDb.drop();
    },
  };
}
