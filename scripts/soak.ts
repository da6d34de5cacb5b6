/**
 * `npm run soak` (issue 6, load): 200 concurrent connections for 60 s of a mixed signed-in
 * workload against the production build on 127.0.0.1, after a warm-up at the same load. Per
 * 20 requests on a connection: 9 profile reads, 6 dashboard reads, 4 profile updates
 * (PUT /api/users/{id}) and 1 sign-in, spread over the 20 seeded courier admins.
 * Invariants (exit 1 when one fails): zero errors, timeouts and non-2xx answers; server RSS
 * (sampled every second after the warm-up) growing less than 10% from the run's first quarter
 * to its last. p99 is reported. Bounded in time.
 *
 *   npm run soak        SOAK_SECONDS=20 SOAK_CONNECTIONS=100 npm run soak
 *   BENCH_DATABASE=parceldesk_bench BENCH_REUSE=1 npm run soak   reuse a seeded bench database (no new seed)
 *   npm run soak -- --server /elsewhere/apps/api/dist/server.js   soak another build (before/after)
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { benchDatabaseName, createBenchDatabase } from '../bench/lib/bench-database';
import { quantile } from '../bench/lib/load';
import { productionEnv, repoRoot, rssMb, spawnNode } from '../bench/lib/processes';
import { BENCH_PASSWORD, SEED, seedBenchData } from '../bench/lib/seed';

const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 15);
const MAX_RSS_GROWTH = 0.1;
const serverArg = process.argv.indexOf('--server');
const SERVER_SCRIPT = serverArg >= 0 && process.argv[serverArg + 1] ? path.resolve(process.argv[serverArg + 1]!) : path.join(repoRoot, 'apps/api/dist/server.js');
const log = (message: string) => console.log(message);
/** The server under test, killed if the time limit strikes. */
let running: ChildProcess | null = null;

interface Admin { id: string; email: string; token: string }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
}

async function signInAdmins(baseUrl: string): Promise<Admin[]> {
  const admins: Admin[] = [];
  for (let n = 1; n <= SEED.couriers; n += 1) {
    const email = `admin-${String(n).padStart(2, '0')}@bench.parceldesk.test`;
    const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
    if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
    const { token, user } = (await login.json()) as { token: string; user: { id: string } };
    admins.push({ id: user.id, email, token });
  }
  return admins;
}

/** The mixed workload: each request picks the next admin, so a write always targets its own caller. */
function workload(admins: Admin[]): Request[] {
  let next = 0;
  const as = (build: (admin: Admin, n: number) => Request): Request => ({
    setupRequest: (request) => {
      const n = next++;
      const admin = admins[n % admins.length]!;
      const built = build(admin, n);
      return { ...request, ...built, headers: { ...built.headers, authorization: `Bearer ${admin.token}` } };
    },
  });
  const json = { 'content-type': 'application/json' };
  const profile = as(() => ({ method: 'GET', path: '/api/auth/profile' }));
  const dashboard = as(() => ({ method: 'GET', path: '/api/dashboard/summary' }));
  const update = as((admin, n) => ({ method: 'PUT', path: `/api/users/${admin.id}`, headers: json, body: JSON.stringify({ firstName: 'Admin', lastName: `Soak ${n % 1000}`, email: admin.email }) }));
  const signIn = as((admin) => ({ method: 'POST', path: '/api/auth/login', headers: json, body: JSON.stringify({ email: admin.email, password: BENCH_PASSWORD }) }));
  return [
    profile, dashboard, profile, update, profile, dashboard, profile, dashboard, update, profile,
    signIn, profile, dashboard, update, profile, dashboard, profile, update, dashboard, profile,
  ];
}

interface Run { requests: number; errors: number; timeouts: number; non2xx: number; statuses: Record<string, number>; p50Ms: number; p99Ms: number; maxMs: number; requestsPerSecond: number }

async function load(baseUrl: string, admins: Admin[], seconds: number): Promise<Run> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const instance = autocannon({ url: baseUrl, connections: CONNECTIONS, duration: seconds, timeout: 10, requests: workload(admins) });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: result.requests.total, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, statuses,
    p50Ms: round(quantile(latencies, 0.5)), p99Ms: round(quantile(latencies, 0.99)), maxMs: round(latencies.at(-1) ?? NaN),
    requestsPerSecond: round(result.requests.total / result.duration),
  };
}

async function main(): Promise<boolean> {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  log('Seeding the soak database ...');
  // BENCH_DATABASE and BENCH_REUSE=1 as for the bench: a seeded database kept from an earlier run is reused.
  const database = await createBenchDatabase(log, benchDatabaseName('parceldesk_soak'));
  if (!database.reused) await seedBenchData(database.url);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-soak-'));
  await chmod(dataDir, 0o755);
  const server = await spawnNode(SERVER_SCRIPT, productionEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir }), '/api/health');
  running = server.process;
  const pid = server.process.pid;
  try {
    const admins = await signInAdmins(server.baseUrl);
    log(`Warm-up: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s ...`);
    const warmUp = await load(server.baseUrl, admins, WARMUP_SECONDS);
    const rssAfterWarmUp = rssMb(pid);
    log(`Soak: ${CONNECTIONS} connections, ${SECONDS} s (RSS after warm-up ${rssAfterWarmUp} MB) ...`);
    const samples: number[] = [];
    const sampler = setInterval(() => { const rss = rssMb(pid); if (rss !== null) samples.push(rss); }, 1000);
    const soak = await load(server.baseUrl, admins, SECONDS);
    clearInterval(sampler);
    const rssAtEnd = rssMb(pid);
    // RSS follows the garbage collector's sawtooth (tens of MB either way within seconds), so
    // single readings compare noise: growth is the median of the run's last quarter over the
    // median of its first quarter, both after the warm-up.
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    const early = median(samples.slice(0, quarter));
    const late = median(samples.slice(-quarter));
    const growth = (late - early) / early;
    const alive = server.process.exitCode === null && (await fetch(`${server.baseUrl}/api/health`)).status === 200;

    const failures = [
      ...[['warm-up', warmUp], ['soak', soak]].flatMap(([name, run]) => {
        const r = run as Run;
        return r.errors || r.timeouts || r.non2xx ? [`${name as string}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${JSON.stringify(r.statuses)})`] : [];
      }),
      ...(Number.isFinite(growth) && growth < MAX_RSS_GROWTH ? [] : [`RSS grew ${(growth * 100).toFixed(1)}% over the soak (limit ${MAX_RSS_GROWTH * 100}%)`]),
      ...(alive ? [] : ['the server is no longer healthy after the soak']),
    ];
    const report = {
      date: new Date().toISOString(), cpus: os.cpus().length, loadAverageAtEnd: os.loadavg()[0], connections: CONNECTIONS, seconds: SECONDS, warmUpSeconds: WARMUP_SECONDS,
      warmUp, soak,
      rssMb: { afterWarmUp: rssAfterWarmUp, firstQuarterMedian: early, lastQuarterMedian: late, atEnd: rssAtEnd, max: Math.max(...samples), growthPercent: Math.round(growth * 1000) / 10, everySecond: samples },
      failures,
    };
    await mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
    await writeFile(path.join(repoRoot, 'bench/results/soak.json'), `${JSON.stringify(report, null, 2)}\n`);
    log([
      '',
      `| Soak (${CONNECTIONS} connections, ${SECONDS} s) | Measured |`, '|---|---|',
      `| Requests (req/s) | ${soak.requests} (${soak.requestsPerSecond}) |`,
      `| Errors / timeouts / non-2xx | ${soak.errors} / ${soak.timeouts} / ${soak.non2xx} |`,
      `| Latency p50 / p99 / max | ${soak.p50Ms} / ${soak.p99Ms} / ${soak.maxMs} ms |`,
      `| RSS median, first / last quarter (growth) | ${early} / ${late} MB (${report.rssMb.growthPercent}%) |`,
      `| RSS after warm-up / at end / max | ${rssAfterWarmUp} / ${rssAtEnd} / ${report.rssMb.max} MB |`,
      '',
      failures.length ? `FAILED:\n- ${failures.join('\n- ')}` : 'All invariants hold. Written to bench/results/soak.json',
    ].join('\n'));
    return failures.length === 0;
  } finally {
    await server.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Bounded in time whatever happens: warm-up + soak + four minutes for seeding, start and stop.
setTimeout(() => {
  console.error('soak: time limit reached');
  running?.kill('SIGKILL');
  process.exit(2);
}, (WARMUP_SECONDS + SECONDS) * 1000 + 240_000).unref();

main().then((ok) => process.exit(ok ? 0 : 1), (error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
