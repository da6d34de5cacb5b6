// `npm run fuzz [-- --requests 20000] [-- --seed 123]`: the long fuzzing pass of issue 6. It runs
// the same test as `npm test`'s short pass (apps/api/src/test/fuzz) with more requests and a fresh
// seed, and prints the answers counted by status and every distinct violation with an example.
// Uses TEST_DATABASE_URL when set, else an embedded PostgreSQL (like the test suites).
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { root } from './build-if-stale.mjs';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : process.env[`FUZZ_${name.toUpperCase()}`];
  return value === undefined ? fallback : Number(value);
}

const requests = option('requests', 20_000);
const seed = option('seed', randomInt(1, 2 ** 31 - 1));
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--requests N] [--seed N]');
  process.exit(2);
}
console.log(`Fuzzing every /api route: ${requests} requests, seed ${seed}`);

const child = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', 'apps/api/src/test/fuzz/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_REQUESTS: String(requests), FUZZ_SEED: String(seed) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
