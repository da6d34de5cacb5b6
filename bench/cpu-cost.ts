/**
 * CPU per request (issue 16): what one signed-in request costs the API process and its PostgreSQL
 * backends, in microseconds of CPU, against the floor server (bare Fastify + one primary-key
 * SELECT) measured the same way. Unlike req/s and latency, CPU per request barely moves when
 * other work shares the machine, so a before/after can be taken on a busy machine; on an idle
 * one, floor CPU ÷ row CPU is about the row's share of the floor's req/s (autocannon's own CPU,
 * the same for every row, left out).
 *
 * Needs a bench database kept by `BENCH_REUSE=1 BENCH_DATABASE=<name> npm run bench` (the scanperf bench options):
 *   BENCH_DATABASE=parceldesk_bench_lead npx tsx bench/cpu-cost.ts [--server other/dist/server.js] [--rows profile,customers]
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { productionEnv, repoRoot, spawnNode, type Child } from './lib/processes';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD } from './lib/seed';
import { benchScanBodies } from './lib/seed-packages';

const args = process.argv.slice(2);
const option = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const SERVERS = (option('--server') ?? path.join(repoRoot, 'apps/api/dist/server.js')).split(',').map((p) => path.resolve(p));
const ROW_FILTER = option('--rows')?.split(',') ?? null;
const REQUESTS = Number(process.env.CPU_COST_REQUESTS ?? 2000);
const CONNECTIONS = 4;
const TICK_US = 1_000_000 / 100; // /proc times are in clock ticks (USER_HZ = 100 on Linux)

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = process.env.BENCH_DATABASE ?? 'parceldesk_bench';
const databaseUrl = (() => { const url = new URL(adminUrl); url.pathname = `/${database}`; return url.toString(); })();

/** utime + stime of a process, in clock ticks (0 when it has gone). */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The backends serving the bench database, but for the one asking. */
async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  return rows.map((r) => r.pid);
}

/** A GET, or a POST whose JSON body is made afresh for each request (`body`). */
interface Target { name: string; url: string; headers?: Record<string, string>; body?: () => string }
interface Cost { name: string; apiUs: number; pgUs: number; totalUs: number; requests: number; non2xx: number }

async function fire(target: Target, amount: number) {
  const post = target.body ? {
    method: 'POST' as const, headers: { ...target.headers, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request: object) => ({ ...request, body: target.body!() }) }],
  } : { headers: target.headers };
  const result = await autocannon({ url: target.url, connections: CONNECTIONS, amount, timeout: 30, ...post });
  return { total: result.requests.total, non2xx: result.non2xx + result.errors };
}

async function costOf(target: Target, server: Child, client: pg.Client): Promise<Cost> {
  await fire(target, Math.max(200, REQUESTS / 5)); // warm-up: JIT, prepared statements, caches, pool connections
  const pids = await backendPids(client);
  const apiPid = server.process.pid!;
  const before = { api: cpuTicks(apiPid), pg: pids.map(cpuTicks) };
  const { total, non2xx } = await fire(target, REQUESTS);
  const newPids = (await backendPids(client)).filter((pid) => !pids.includes(pid));
  const apiUs = ((cpuTicks(apiPid) - before.api) * TICK_US) / total;
  const pgUs = ((pids.reduce((sum, pid, i) => sum + cpuTicks(pid) - before.pg[i]!, 0) + newPids.reduce((sum, pid) => sum + cpuTicks(pid), 0)) * TICK_US) / total;
  return { name: target.name, apiUs: Math.round(apiUs), pgUs: Math.round(pgUs), totalUs: Math.round(apiUs + pgUs), requests: total, non2xx };
}

const wanted = (name: string) => !ROW_FILTER || ROW_FILTER.some((part) => name.includes(part));

async function main() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: [admin] } = await client.query<{ id: string }>('select id from users where email = $1', [BENCH_ADMIN_EMAIL]);
  if (!admin) throw new Error(`${database} is not a seeded bench database (run npm run bench with BENCH_REUSE=1 BENCH_DATABASE=${database})`);
  const results: { server: string; costs: Cost[] }[] = [];

  const floor = await spawnNode(path.join(repoRoot, 'bench/floor-server.mjs'), { NODE_ENV: 'production', DATABASE_URL: databaseUrl, FLOOR_USER_ID: admin.id }, '/floor');
  const floorCost = await costOf({ name: '(f) floor', url: `${floor.baseUrl}/floor` }, floor, client);
  console.log(`  floor: ${floorCost.apiUs} + ${floorCost.pgUs} = ${floorCost.totalUs} µs`);
  await floor.stop();

  for (const script of SERVERS) {
    const server = await spawnNode(script, productionEnv({ DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir() }), '/api/health', 60_000);
    try {
      const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD }) });
      const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const status = encodeURIComponent(JSON.stringify({ status: 'on_hold' }));
      const targets: Target[] = [
        { name: '(b) profile', url: `${server.baseUrl}/api/auth/profile`, headers },
        { name: '(c) customers, page 1', url: `${server.baseUrl}/api/customers?page=1&pageSize=25`, headers },
        { name: '(c) customers, search', url: `${server.baseUrl}/api/customers?page=1&pageSize=25&search=campbell`, headers },
        { name: '(c) tickets, page 1', url: `${server.baseUrl}/api/tickets?page=1&pageSize=25`, headers },
        { name: '(c) packages, page 1', url: `${server.baseUrl}/api/packages?page=1&pageSize=25`, headers },
        { name: '(c) packages, page 7990', url: `${server.baseUrl}/api/packages?page=7990&pageSize=25`, headers },
        { name: '(c) packages, search tracking number', url: `${server.baseUrl}/api/packages?page=1&pageSize=25&search=TBA000010001234`, headers },
        { name: '(c) packages, search customer name', url: `${server.baseUrl}/api/packages?page=1&pageSize=25&search=kemar%20campbell`, headers },
        { name: '(c) packages, status filter', url: `${server.baseUrl}/api/packages?page=1&pageSize=25&filters=${status}`, headers },
        { name: '(c) dashboard summary', url: `${server.baseUrl}/api/dashboard/summary`, headers },
        // Issue 11: a scan saved, a new tracking number each time, for a customer of the bench courier.
        { name: '(e) receive a scan', url: `${server.baseUrl}/api/packages/receive`, headers, body: benchScanBodies() },
      ].filter((t) => wanted(t.name));
      const costs = [floorCost];
      for (const target of targets) {
        const cost = await costOf(target, server, client);
        console.log(`  ${path.basename(path.dirname(path.dirname(path.dirname(script))))}: ${cost.name}: ${cost.apiUs} + ${cost.pgUs} = ${cost.totalUs} µs`);
        costs.push(cost);
      }
      results.push({ server: path.relative(repoRoot, script) || script, costs });
    } finally {
      await server.stop();
    }
  }
  await client.end();

  console.log(`\nCPU per request (µs), ${REQUESTS} requests per row at ${CONNECTIONS} connections, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const { server, costs } of results) {
    console.log(`\nServer ${server}\n\n| Row | API µs | PostgreSQL µs | total µs | floor ÷ total | non-2xx |\n|---|---|---|---|---|---|`);
    for (const c of costs) console.log(`| ${c.name} | ${c.apiUs} | ${c.pgUs} | ${c.totalUs} | ${Math.round((floorCost.totalUs / c.totalUs) * 100)}% | ${c.non2xx} |`);
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
