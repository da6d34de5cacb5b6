// Builds a workspace only when its output is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const TARGETS = {
  'apps/web': { output: 'apps/web/dist/index.html', sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/shared/src'] },
  'apps/api': { output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src'] },
};

export function buildIfStale(workspace) {
  const { output, sources } = TARGETS[workspace];
  const outputPath = path.join(root, output);
  const built = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (built >= changed) return;
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  buildIfStale('apps/web');
  buildIfStale('apps/api');
}
