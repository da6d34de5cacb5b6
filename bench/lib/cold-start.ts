import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { productionEnv, repoRoot, spawnNode } from './processes';

export interface ColdStartFigures {
  /** First start: initdb, migrations, super admin. For information. */
  firstStartMs: number;
  /** Second start on the existing data dir: spawn to first 200 of /api/health. */
  coldStartMs: number;
}

/**
 * Cold start the way `npm start` runs on a machine that has run it before: the production build
 * with the embedded PostgreSQL (no DATABASE_URL) on a data dir initialised by a first start,
 * stopped with SIGTERM, then timed from spawn to the first 200 of /api/health.
 */
export async function measureColdStart(): Promise<ColdStartFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-bench-cold-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user and must traverse it
  const script = path.join(repoRoot, 'apps/api/dist/server.js');
  const env = productionEnv({ DATA_DIR: dataDir });
  try {
    const first = await spawnNode(script, env, '/api/health', 120_000);
    const firstStartMs = first.readyMs;
    const code = await first.stop('SIGTERM');
    if (code !== 0) throw new Error(`the first server exited with ${code}\n${first.output()}`);
    const second = await spawnNode(script, env, '/api/health', 60_000);
    await second.stop('SIGTERM');
    return { firstStartMs: Math.round(firstStartMs), coldStartMs: Math.round(second.readyMs) };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
