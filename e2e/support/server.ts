import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/db/embedded';
import { createDb, type DbHandle } from '../../apps/api/src/db/client';
import { createTestDatabase } from '../../apps/api/src/test/test-database';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const SUPERADMIN = { email: 'root@parceldesk.test', password: 'Super-Admin-Pass-1' };

export interface RunningServer {
  baseUrl: string;
  database: DbHandle;
  output: () => string;
  stop: () => Promise<void>;
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${lastError})`);
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

/**
 * The production build (apps/api/dist) on its own cloned database and a free port, as the
 * browser tests' server. SMTP_URL points at the test's SMTP receiver when given.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const testDb = await createTestDatabase();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      OUTBOX_POLL_MS: '200',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_IP_MAX: '100000',
      ALLOW_PRIVATE_SMTP: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  try {
    await waitForHttp(`${baseUrl}/api/health`, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\nserver output:\n${log}`);
  }
  const database = createDb(testDb.url, 2);
  return {
    baseUrl,
    database,
    output: () => log,
    stop: async () => {
      await stopProcess(child);
      await database.close();
      await testDb.drop();
    },
  };
}
