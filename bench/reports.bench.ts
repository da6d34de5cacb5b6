/**
 * Reports benchmark (issue 14, "Performance"): every report over a year of the biggest courier
 * (BC01: 200,000 of the bench seed's 1,000,000 parcels, their invoices and payments), server time
 * through app.inject on the bench database. Target: p99 < 500 ms per report.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/reports.bench.ts
 *   BENCH_REPORTS_KEEP=1 …   keep the seeded database for the next run, which then only migrates
 *                            (an index added in a migration is measured without seeding again)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPORT_KINDS } from '../packages/shared/src/schemas/reports';
import { buildApp } from '../apps/api/src/app';
import { createDb } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { loadEnv, testDatabaseUrl } from '../apps/api/src/env';
import { quantile } from './lib/load';
import { seedBilling } from './lib/seed-billing';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, seedBenchData } from './lib/seed';

// BENCH_REPORTS_DB names the kept database, so two branches measuring at once do not share one.
const NAME = process.env.BENCH_REPORTS_DB ?? 'parceldesk_bench_reports';
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const KEEP = process.env.BENCH_REPORTS_KEEP === '1';
const log = (message: string) => console.log(message);

function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function prepare(server: string): Promise<string> {
  const url = databaseUrlFor(server, NAME);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 1;
  let seeded = false;
  if (exists && KEEP) {
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    seeded = Number((await probe.query(`select count(*)::int as n from pg_tables where tablename = 'packages'`)).rows[0].n) === 1
      && Number((await probe.query('select count(*)::int as n from (select 1 from packages limit 1) p')).rows[0].n) === 1;
    await probe.end();
  }
  if (!seeded) {
    await admin.query(`drop database if exists "${NAME}" with (force)`);
    await admin.query(`create database "${NAME}"`);
  }
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await runMigrations(pool);
  await pool.end();
  if (!seeded) {
    const figures = await seedBenchData(url);
    log(`  seeded ${figures.packages} packages, ${figures.packageEvents} package events, ${figures.customers} customers in ${figures.seconds.toFixed(0)} s`);
  } else {
    log('  reusing the seeded parcels (BENCH_REPORTS_KEEP=1)');
  }
  const started = Date.now();
  const billing = await seedBilling(url);
  log(`  ${billing.invoices} invoices, ${billing.lines} invoice lines, ${billing.payments} payments (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return url;
}

async function main() {
  const server = testDatabaseUrl();
  if (!server) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server (a database named parceldesk_bench_reports, or BENCH_REPORTS_DB, is made there)');
  log(`reports benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)} (wall time is only meaningful on an idle machine)`);
  const url = await prepare(server);
  const handle = createDb(url, 8);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-bench-data-'));
  try {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), WEB_DIST_DIR: path.join(dataDir, 'none') });
    const app = await buildApp({ env, database: handle, logger: false, startWorkers: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`sign-in: ${login.body}`);
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    // A year: the seed spreads receipts over the last 365 days.
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const year = `preset=custom&from=${from}&to=${to}`;
    const time = async (label: string, target: number | null, url: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (i >= 3) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p99 = quantile(times, 0.99);
      log(`  ${label.padEnd(56)} p50 ${quantile(times, 0.5).toFixed(0).padStart(5)} ms  p99 ${p99.toFixed(0).padStart(5)} ms${target ? `  (target < ${target} ms${p99 > target ? ', NOT met' : ''})` : ''}`);
    };
    log(`  ${RUNS} requests each after 3 warm-ups, one at a time, BC01 from ${from} to ${to}:`);
    for (const report of REPORT_KINDS) await time(`${report} (a year, by month)`, 500, `/api/reports/${report}?${year}&groupBy=month`);
    await time('revenue (a year, by day: 365 rows)', 500, `/api/reports/revenue?${year}&groupBy=day`);
    await time('revenue, one branch (a year, by month)', 500, `/api/reports/revenue?${year}&groupBy=month&branchId=${(await handle.pool.query(`select b.id from branches b join couriers c on c.id = b.courier_id where c.code = 'BC01' order by b.name limit 1`)).rows[0].id}`);
    await time('revenue, one service (roll-up per service, migration 0027)', 500, `/api/reports/revenue?${year}&groupBy=month&service=air`);
    await time('revenue XLSX export (a year, by day)', null, `/api/reports/revenue/export?${year}&groupBy=day&format=xlsx`);
    log(`  load average (1 min) after timing: ${os.loadavg()[0]?.toFixed(1)}`);
    await app.close();
  } finally {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
    if (!KEEP) {
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`drop database if exists "${NAME}" with (force)`);
      await admin.end();
    }
  }
}

await main();
process.exit();
