/**
 * `npm run bench` (issue 6): a report, not a test. Seeds a separate database, runs the production
 * build on 127.0.0.1 and measures it against a bare Fastify server on the same machine, then
 * cold start, memory, the login page's JavaScript and Lighthouse. Writes bench/results/latest.json
 * and prints the Markdown table the README's Performance section carries.
 *
 *   npm run bench                  BENCH_SECONDS=3 npm run bench   (a quicker, noisier pass)
 *   npm run bench -- --load-only   only the load rows (no JavaScript size, Lighthouse, cold start, bulk upload)
 *   npm run bench -- --cpu-prof    the API server writes a V8 CPU profile to bench/results/profiles/ when it stops
 *   npm run bench -- --rows profile,customers   only the load rows whose name contains one of these
 *   npm run bench -- --server /elsewhere/apps/api/dist/server.js   load-test another build (a before/after comparison)
 *   BENCH_DATABASE=parceldesk_bench_me npm run bench   a database name of your own (default parceldesk_bench; each run drops it)
 *   BENCH_REUSE=1 npm run bench    keep the seeded database after the run and reuse it next time (no new seed)
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './lib/bench-database';
import { referenceScriptBytes, scriptBytes } from './lib/browser-js';
import { runBulkUploadBench } from './lib/bulk-upload';
import { measureColdStart } from './lib/cold-start';
import { runLighthouse, type LighthouseFigures } from './lib/lighthouse';
import { measure, type LoadFigures, type LoadTarget } from './lib/load';
import { productionEnv, repoRoot, rssMb, spawnNode } from './lib/processes';
import { evaluateTargets, markdown, withRatios, type BenchResults, type LoadRow } from './lib/report';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, SEED, seedBenchData, seededFigures } from './lib/seed';
import { BENCH_SCAN_PREFIX, benchScanBodies, PACKAGE_SEED } from './lib/seed-packages';
import pg from 'pg';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const args = process.argv.slice(2);
const LOAD_ONLY = args.includes('--load-only');
const CPU_PROFILE = args.includes('--cpu-prof');
const rowsArg = args.find((arg, i) => arg.startsWith('--rows') && (arg.includes('=') || args[i + 1]));
const ROW_FILTER = rowsArg ? (rowsArg.includes('=') ? rowsArg.split('=')[1]! : args[args.indexOf(rowsArg) + 1]!).split(',').filter(Boolean) : null;
const serverArg = args.indexOf('--server');
const SERVER_SCRIPT = serverArg >= 0 && args[serverArg + 1] ? path.resolve(args[serverArg + 1]!) : path.join(repoRoot, 'apps/api/dist/server.js');
/** The limit rows (a) and (f) always run: every ratio is taken against them. */
const wanted = (name: string) => !ROW_FILTER || ROW_FILTER.some((part) => name.includes(part));
const log = (message: string) => console.log(message);

/** List endpoints in the order the issue names them; each runs when the server registers it. */
const filters = encodeURIComponent(JSON.stringify({ accountType: 'business' }));
/** A page ten from the end of a courier's rows, 25 per page. */
const deepPageOf = (rowsPerCourier: number) => Math.floor(rowsPerCourier / 25) - 10;
const deepPage = deepPageOf(SEED.customersPerCourier);
const deepTicketPage = deepPageOf(SEED.ticketsPerCourier);
const deepPackagePage = deepPageOf(PACKAGE_SEED.biggest);
/** A tracking number of the biggest courier's seeded packages (bench/lib/seed-packages.ts: BC01's package 1234). */
const BENCH_TRACKING = 'TBA000010001234';
const LIST_CANDIDATES = [
  { name: '(c) customers, page 1', path: '/api/customers', query: '?page=1&pageSize=25' },
  { name: `(c) customers, page ${deepPage}`, path: '/api/customers', query: `?page=${deepPage}&pageSize=25` },
  { name: '(c) customers, search', path: '/api/customers', query: '?page=1&pageSize=25&search=campbell' },
  { name: '(c) customers, filter', path: '/api/customers', query: `?page=1&pageSize=25&filters=${filters}` },
  { name: '(c) tickets, page 1', path: '/api/tickets', query: '?page=1&pageSize=25' },
  { name: `(c) tickets, page ${deepTicketPage}`, path: '/api/tickets', query: `?page=${deepTicketPage}&pageSize=25` },
  { name: '(c) tickets, search', path: '/api/tickets', query: '?page=1&pageSize=25&search=customs' },
  { name: '(c) tickets, filter', path: '/api/tickets', query: `?page=1&pageSize=25&filters=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}` },
  { name: '(c) packages, page 1', path: '/api/packages', query: '?page=1&pageSize=25' },
  { name: `(c) packages, page ${deepPackagePage}`, path: '/api/packages', query: `?page=${deepPackagePage}&pageSize=25` },
  { name: '(c) packages, search tracking number', path: '/api/packages', query: `?page=1&pageSize=25&search=${BENCH_TRACKING}` },
  { name: '(c) packages, search customer name', path: '/api/packages', query: '?page=1&pageSize=25&search=kemar%20campbell' },
  { name: '(c) packages, status filter', path: '/api/packages', query: `?page=1&pageSize=25&filters=${encodeURIComponent(JSON.stringify({ status: 'on_hold' }))}` },
  { name: '(c) dashboard summary', path: '/api/dashboard/summary', query: '' },
  { name: '(c) shipping rates', path: '/api/settings/shipping-rates', query: '' },
];

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`bench admin sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** An optional figure: a failure is printed and recorded as missing, and the report goes on. */
async function attempt<T>(name: string, measureIt: () => Promise<T>): Promise<T | null> {
  try {
    return await measureIt();
  } catch (error) {
    log(`  ! ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

async function run(target: LoadTarget, kind: LoadRow['kind']): Promise<LoadFigures & { kind: LoadRow['kind'] }> {
  log(`  ${target.name} ...`);
  const figures = await measure(target, { connections: CONNECTIONS, seconds: SECONDS });
  if (figures.errors || figures.timeouts || figures.non2xx) log(`    ! ${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx`);
  return { ...figures, kind };
}

/** The id of a seeded user, for the floor server's primary-key SELECT. */
async function userIdOf(url: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [email]);
    if (!rows[0]) throw new Error(`no seeded user ${email}`);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** The pages' side: the login page's JavaScript against bare React, and Lighthouse. */
async function measurePages(baseUrl: string): Promise<Pick<BenchResults, 'javascript' | 'lighthouse'>> {
  log('JavaScript downloaded by /courier/login vs bare React ...');
  const javascript = await attempt('JavaScript size', async () => {
    const login = await scriptBytes(`${baseUrl}/courier/login`);
    const bareReact = await referenceScriptBytes('bare-react');
    const withRouter = await referenceScriptBytes('bare-react-router');
    const ratioTo = (figures: typeof login) => Math.round((figures.gzipBytes / bareReact.gzipBytes) * 100) / 100;
    return { login, bareReact, withRouter, ratio: ratioTo(login), routerRatio: ratioTo(withRouter) };
  });

  log('Lighthouse ...');
  const lighthouse: LighthouseFigures[] = [];
  const pages = [
    { name: '/courier/login', url: `${baseUrl}/courier/login` },
    { name: '/courier/admin/dashboard (signed in)', url: `${baseUrl}/courier/admin/dashboard`, localStorage: { token: await signIn(baseUrl) } },
  ];
  for (const page of pages) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const figures = await runLighthouse(page, formFactor);
      if (figures.error) log(`  ! ${page.name} (${formFactor}): ${figures.error}`);
      lighthouse.push(figures);
    }
  }
  return { javascript, lighthouse };
}

const PACKAGE_ROWS = { receive: '(e) receive a scan (new package)', mine: '(e) customer\'s own packages, page 1', track: '(e) public tracking lookup' };

/**
 * Issue 11 rows: a scan saved (each request a new tracking number for a mailbox of the biggest
 * courier), a customer's own package list, and the public tracking lookup.
 */
async function packageRows(baseUrl: string, auth: Record<string, string>, databaseUrl: string, warmUp: (url: string, headers?: Record<string, string>) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: [courier] } = await client.query(`select api_key from couriers where code = 'BC01'`);
  const { rows: [customer] } = await client.query(`select c.email from customers c join couriers co on co.id = c.courier_id
    where co.code = 'BC01' and c.is_active order by c.mailbox_number limit 1`);
  await client.end();
  const signedIn = await fetch(`${baseUrl}/api/customers/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: customer.email, password: BENCH_PASSWORD, api_key: courier.api_key }),
  });
  const customerAuth = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const receive = {
    name: PACKAGE_ROWS.receive, url: `${baseUrl}/api/packages/receive`, method: 'POST' as const, headers: auth,
    bodyFor: benchScanBodies(),
  };
  const mine = { name: PACKAGE_ROWS.mine, url: `${baseUrl}/api/packages?page=1&pageSize=25`, headers: customerAuth };
  const track = { name: PACKAGE_ROWS.track, url: `${baseUrl}/api/track/${BENCH_TRACKING}?api_key=${courier.api_key}` };
  const out: (LoadFigures & { kind: LoadRow['kind'] })[] = [];
  if (wanted(receive.name)) out.push(await run(receive, 'receive'));
  if (wanted(mine.name)) {
    await warmUp(mine.url, mine.headers);
    out.push(await run(mine, 'list'));
  }
  if (wanted(track.name)) {
    await warmUp(track.url);
    out.push(await run(track, 'tracking'));
  }
  return out;
}

/** The figures of a database BENCH_REUSE kept from an earlier run (no seed this run). */
async function reusedSeed(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    // Scans earlier runs received go, so the kept database is the seed again: the biggest courier
    // back at 200,000 parcels and its deep page 10 pages from the end, as in a fresh run.
    await pool.query('delete from packages where tracking_number like $1', [`${BENCH_SCAN_PREFIX}%`]);
    return await seededFigures(pool, 0);
  } finally {
    await pool.end();
  }
}

async function main() {
  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart > 1) log(`! 1-minute load average is ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores: other work will skew the figures`);
  log('Building what is stale ...');
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');

  log('Seeding the bench database ...');
  const database = await createBenchDatabase(log);
  const seed = database.reused ? await reusedSeed(database.url) : await seedBenchData(database.url);
  log(`  ${seed.couriers} couriers, ${seed.customers} customers, ${seed.users} users, ${seed.shippingRates} rates, ${seed.tickets} tickets, ${seed.ticketMessages} messages, ${seed.packages} packages with ${seed.packageEvents} events in ${seed.seconds.toFixed(1)} s`);

  const rows: (LoadFigures & { kind: LoadRow['kind'] })[] = [];
  const skippedLists: { path: string; reason: string }[] = [];
  const warmUp = (url: string, headers: Record<string, string> = {}) => measure({ name: 'warm-up', url, headers }, { connections: CONNECTIONS, seconds: 2 });

  log(`Load: ${CONNECTIONS} connections, ${SECONDS} s each; server ${path.relative(repoRoot, SERVER_SCRIPT)}`);
  const hello = await spawnNode(path.join(repoRoot, 'bench/hello-server.mjs'), { NODE_ENV: 'production' }, '/hello');
  await warmUp(`${hello.baseUrl}/hello`);
  rows.push(await run({ name: '(a) bare Fastify hello world', url: `${hello.baseUrl}/hello` }, 'limit'));
  await hello.stop();

  // (f) the floor of a signed-in read: bare Fastify + one primary-key SELECT through pg on the bench database.
  const floorUserId = await userIdOf(database.url, BENCH_ADMIN_EMAIL);
  const floor = await spawnNode(path.join(repoRoot, 'bench/floor-server.mjs'), { NODE_ENV: 'production', DATABASE_URL: database.url, FLOOR_USER_ID: floorUserId }, '/floor');
  await warmUp(`${floor.baseUrl}/floor`);
  rows.push(await run({ name: '(f) floor: bare Fastify + one primary-key SELECT (pg)', url: `${floor.baseUrl}/floor` }, 'floor'));
  await floor.stop();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-bench-data-'));
  await chmod(dataDir, 0o755);
  const profileDir = path.join(repoRoot, 'bench/results/profiles');
  const server = await spawnNode(SERVER_SCRIPT, productionEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir }), '/api/health', 60_000,
    CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const results: Partial<BenchResults> = {};
  try {
    const token = await signIn(server.baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    if (wanted('(b) profile, signed in')) {
      await warmUp(`${server.baseUrl}/api/auth/profile`, auth);
      rows.push(await run({ name: '(b) profile, signed in', url: `${server.baseUrl}/api/auth/profile`, headers: auth }, 'profile'));
    }

    const openapi = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, { get?: unknown }> };
    for (const candidate of LIST_CANDIDATES.filter((c) => wanted(c.name))) {
      if (!openapi.paths[candidate.path]?.get) {
        skippedLists.push({ path: candidate.path + candidate.query, reason: 'route not registered' });
        continue;
      }
      const url = `${server.baseUrl}${candidate.path}${candidate.query}`;
      const probe = await fetch(url, { headers: auth });
      if (probe.status !== 200) {
        skippedLists.push({ path: candidate.path + candidate.query, reason: `answers ${probe.status}: ${(await probe.text()).slice(0, 120)}` });
        continue;
      }
      // Each endpoint is warmed up like (b): its code is compiled by the JIT before it is measured.
      await warmUp(url, auth);
      rows.push(await run({ name: candidate.name, url, headers: auth }, 'list'));
    }
    if (Object.values(PACKAGE_ROWS).some(wanted)) rows.push(...await packageRows(server.baseUrl, auth, database.url, warmUp));
    if (wanted('(d) sign-in (argon2id)')) {
      rows.push(await run({
        name: '(d) sign-in (argon2id)', url: `${server.baseUrl}/api/auth/login`, method: 'POST',
        body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD }),
      }, 'sign-in'));
    }
    results.serverRssMbAfterRun = rssMb(server.process.pid);
    if (!LOAD_ONLY) Object.assign(results, await measurePages(server.baseUrl));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (CPU_PROFILE) log(`CPU profile of the API server written to ${profileDir}`);
  }

  let coldStart = null;
  let bulkUpload = null;
  if (!LOAD_ONLY) {
    log('Cold start ...');
    coldStart = await attempt('cold start', measureColdStart);
    log('Bulk upload (bench/bulk-upload.bench.ts) ...');
    bulkUpload = await attempt('bulk upload', () => runBulkUploadBench(log));
  }
  await database.close();

  const cpus = os.cpus();
  const partial: Omit<BenchResults, 'targets'> = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length, cpuModel: cpus[0]?.model.trim() ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version,
      platform: `${os.platform()} ${os.release()}`, loadAverageAtStart: Math.round(loadAtStart * 100) / 100,
    },
    settings: { connections: CONNECTIONS, secondsPerRun: SECONDS, database: database.server },
    seed, load: withRatios(rows), skippedLists,
    serverRssMbAfterRun: results.serverRssMbAfterRun ?? null, coldStart,
    javascript: results.javascript ?? null, lighthouse: results.lighthouse ?? [], bulkUpload,
  };
  const final: BenchResults = { ...partial, targets: evaluateTargets(partial) };
  await mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
  // A partial run (--load-only, --rows) does not overwrite the full report the README quotes.
  const outputName = LOAD_ONLY || ROW_FILTER ? 'partial.json' : 'latest.json';
  await writeFile(path.join(repoRoot, 'bench/results', outputName), `${JSON.stringify(final, null, 2)}\n`);
  log(`\n${markdown(final)}\n`);
  if (skippedLists.length > 0) log(`Not measured: ${skippedLists.map((s) => `${s.path} (${s.reason})`).join('; ')}`);
  log(`Written to bench/results/${outputName}`);
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
