import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../apps/api/src/db/embedded';
import { repoRoot, stopProcess, waitForHttp } from '../support/server';

/**
 * The README's start command on an empty data directory, with no DATABASE_URL: the embedded
 * PostgreSQL path. It must serve the login page and a healthy API, then stop cleanly.
 */
describe('npm start on a fresh data directory', () => {
  it('serves /courier/login and /api/health, and stops the embedded database on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-smoke-'));
    // mkdtemp makes it 0700; as root, PostgreSQL runs as the postgres user and must traverse it.
    await chmod(dataDir, 0o755);
    const port = await freePort();
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    let output = '';
    // `npm start` itself: the command the README tells a newcomer to run.
    const child = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout?.on('data', (c: Buffer) => { output += c.toString(); });
    child.stderr?.on('data', (c: Buffer) => { output += c.toString(); });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/api/health`, 90_000);
      const login = await fetch(`http://127.0.0.1:${port}/courier/login`);
      expect(login.status).toBe(200);
      expect(await login.text()).toContain('<div id="root">');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
      const root = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/courier/login');
      expect(output).toContain('Super admin created');
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);
    } catch (error) {
      throw new Error(`${String(error)}\n--- npm start output ---\n${output}`);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await stopProcess(child, 'SIGTERM');
    }
    // A clean shutdown stops PostgreSQL, which removes its pid file.
    const deadline = Date.now() + 15_000;
    while (existsSync(path.join(dataDir, 'pg', 'postmaster.pid')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
