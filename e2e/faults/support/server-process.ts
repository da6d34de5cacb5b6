import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../apps/api/src/db/embedded';
import { repoRoot, SUPERADMIN, waitForHttp } from '../../support/server';

export { SUPERADMIN };

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A data directory PostgreSQL (run as the postgres user under root) can traverse. */
export async function makeDataDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `parceldesk-fault-${label}-`));
  await chmod(dir, 0o755);
  return dir;
}

/**
 * The production build (apps/api/dist/server.js) as its own process, unlike the shared
 * startServer(): the fault tests kill it, restart it on the same port and database, and run it
 * without DATABASE_URL (embedded PostgreSQL). Waits for /api/health to answer 200.
 */
export async function spawnServer(options: { env: Record<string, string>; port?: number; dataDir?: string; healthTimeoutMs?: number }): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await makeDataDir('server'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      OUTBOX_POLL_MS: '200',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_IP_MAX: '100000',
      RATE_LIMIT_ACCOUNT_MAX: '1000',
      ALLOW_PRIVATE_SMTP: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  try {
    await Promise.race([
      waitForHttp(`${baseUrl}/api/health`, options.healthTimeoutMs ?? 60_000),
      exited.then(({ code, signal }) => { throw new Error(`server exited during start (code ${code}, signal ${signal})`); }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\nserver output:\n${log}`);
  }
  return { child, baseUrl, port, dataDir, output: () => log, exited };
}

/** Ends a server this test started, if it is still running. */
export async function killServer(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

/** fetch + JSON body (text kept for assertions about what a body must not contain). */
export async function call<T = Record<string, unknown>>(baseUrl: string, method: string, url: string, init: { token?: string; json?: unknown } = {}): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body: body as T, text };
}

export async function signInSuperAdmin(baseUrl: string): Promise<string> {
  const response = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/super-admin/login', { json: SUPERADMIN });
  if (response.status !== 200) throw new Error(`super admin sign-in: ${response.status} ${response.text}`);
  return response.body.token;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns true or the time is up. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** One request on its own new connection (no keep-alive pool), so "refused" means refused. */
export function freshRequest(baseUrl: string, method: string, url: string, json?: unknown): Promise<{ status: number; text: string }> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${url}`, {
      method,
      agent: false,
      headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
