import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Child {
  process: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Milliseconds from spawn to the first 200. */
  readyMs: number;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Polls a URL every 20 ms until it answers 200; throws when the child exits first. */
async function firstOk(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms\n${output()}`);
}

/**
 * Spawns `node [nodeArgs] <script>` with only the given environment and waits for `readyPath` to
 * answer 200. Its output is kept (the last 20,000 characters) for error messages.
 */
export async function spawnNode(script: string, env: Record<string, string>, readyPath: string, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<Child> {
  const port = env.PORT ?? String(await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { log = (log + chunk.toString()).slice(-20_000); });
  child.stderr?.on('data', (chunk: Buffer) => { log = (log + chunk.toString()).slice(-20_000); });
  const output = () => log;
  try {
    await firstOk(`${baseUrl}${readyPath}`, child, timeoutMs, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const readyMs = performance.now() - started;
  return {
    process: child, baseUrl, output, readyMs,
    stop: (signal = 'SIGTERM') => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    }),
  };
}

/** Resident set size of a process in MB, from /proc/<pid>/status (Linux). */
export function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * The production server's environment: built server, loopback, sign-in limits out of the way.
 * Logging stays at the server's default (info: a line per request in and out), as `npm start`
 * runs it (issue 16).
 */
export function productionEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
    RATE_LIMIT_IP_MAX: '100000000',
    RATE_LIMIT_ACCOUNT_MAX: '100000000',
    TRACK_RATE_LIMIT_PER_MINUTE: '100000000',
    SUPERADMIN_EMAIL: 'root@bench.parceldesk.test',
    SUPERADMIN_PASSWORD: 'Bench-Super-Admin-1',
    ...extra,
  };
}
