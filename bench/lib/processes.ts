import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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

/** The children's log files still on disk, removed when this process ends. */
const logFiles = new Set<string>();
process.once('exit', () => { for (const file of logFiles) rmSync(file, { force: true }); });

/**
 * Spawns `node [nodeArgs] <script>` with only the given environment and waits for `readyPath` to
 * answer 200. Its output goes to a file, as a deployed server's would (a log file, journald), and
 * the last 20,000 characters of it are kept for error messages; the file is removed when the
 * child is stopped. Piped into this process instead, the server's log lines waited on a load
 * generator busy with hundreds of connections, and the server's asynchronous log destination
 * held them in memory meanwhile (the soak's RSS growth of 16-22%, against 1-7% with a file).
 */
export async function spawnNode(script: string, env: Record<string, string>, readyPath: string, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<Child> {
  const port = env.PORT ?? String(await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const logFile = path.join(os.tmpdir(), `parceldesk-${path.basename(script, path.extname(script))}-${process.pid}-${port}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  // Kept until stop() (an exit's output is still read for its error message) or this process ends.
  logFiles.add(logFile);
  const removeLog = () => {
    rmSync(logFile, { force: true });
    logFiles.delete(logFile);
  };
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-20_000);
    } catch {
      return '';
    }
  };
  try {
    await firstOk(`${baseUrl}${readyPath}`, child, timeoutMs, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const readyMs = performance.now() - started;
  return {
    process: child, baseUrl, output, readyMs,
    stop: (signal = 'SIGTERM') => new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    }).finally(removeLog),
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
