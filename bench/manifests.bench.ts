/**
 * Manifest and reconciliation benchmark (issue 12), server time through app.inject on a scratch database:
 *   - loading scan: 2,000 parcels scanned one by one onto an AIR manifest (p50/p99 per scan),
 *     then 3 stations at once onto three manifests;
 *   - closing, departing (one email per customer) and arriving with 5,000 parcels;
 *   - the XLSX and PDF export of the 5,000-parcel manifest (wall time and the API's own CPU time);
 *   - reconciliation scans of that manifest, three clerks at once (900 scans);
 *   - the manifest list (p99 of 200 requests over 300 manifests).
 * Each row also gives the statements one request sends to PostgreSQL (BEGIN and COMMIT included).
 * Targets: scan p99 < 50 ms, close < 1 s, each export < 2 s, reconciliation scan p99 < 50 ms,
 * list p99 < 25 ms (on an idle 2-core machine: compare figures at the load average printed).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_DATABASE=<yours> npx tsx bench/manifests.bench.ts
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { users } from '../apps/api/src/db/schema/index';
import { makeCourier, makeUser, signIn } from '../apps/api/src/test/factories';
import { quantile } from './lib/load';
import { startScratchApp } from './lib/scratch-app';

const SCANS = 2000;
const BIG = 5000;
const CLERK_SCANS = 300;

interface Row { name: string; figure: string; statements: number | null; target: string; met: boolean | null }
const rows: Row[] = [];
const load = () => os.loadavg()[0]!.toFixed(1);
const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(row: Row) {
  rows.push(row);
  console.log(`  ${row.name.padEnd(58)} ${row.figure.padEnd(30)} ${row.statements ?? ''}${row.statements === null ? '' : ' statements'}  (load ${load()})`);
}

async function main() {
  const scratch = await startScratchApp('manifests');
  const { app, handle, statements } = scratch;
  try {
    const courier = await makeCourier(handle.db, { name: 'Bench Manifest Courier' });
    const auth = (await signIn(app, await makeUser(handle.db, { role: 'courier_admin', courier }))).headers;
    const q = (text: string, values: unknown[] = []) => handle.pool.query(text, values);
    // 1,000 customers and 2,000 + 3×300 + 5,000 received AIR parcels, set-based.
    await q(`insert into customers (courier_id, mailbox_number, account_type, first_name, last_name, email, phone, password_hash, trn, address, parish, city)
      select $1, 'BM-' || lpad(g::text, 6, '0'), 'individual', 'Bench', 'Customer ' || g, 'bench' || g || '@example.com', '876-555-0100', 'x', lpad(g::text, 9, '0'), '1 Bench Road', 'Kingston', 'Kingston'
      from generate_series(1, 1000) g`, [courier.id]);
    const total = SCANS + 900 + BIG;
    await q(`with cust as (select array_agg(id order by mailbox_number) as ids from customers where courier_id = $1)
      insert into packages (courier_id, package_no, tracking_number, carrier, status, customer_id, service, description, declared_value_cents, pieces, weight, volumetric_divisor, chargeable_weight)
      select $1, 'BM-P-' || lpad(g::text, 7, '0'), '1ZBENCH' || lpad(g::text, 11, '0'), 'ups', 'received', cust.ids[1 + g % 1000], 'air', 'Clothes', 2500 + g % 100, 1, 1 + (g % 40) / 4.0, 166, ceil(1 + (g % 40) / 4.0)::int
      from generate_series(1, $2::int) g, cust`, [courier.id, total]);
    await q('vacuum analyze');
    const numbers = (from: number, count: number) => Array.from({ length: count }, (_, i) => `BM-P-${String(from + i).padStart(7, '0')}`);
    const create = async (mawb: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/manifests', headers: auth, payload: { service: 'air', carrier: 'Bench Air', mawb, origin: 'MIA', destination: 'KIN' } });
      if (response.statusCode !== 201) throw new Error(response.body);
      return response.json<{ id: string; number: string }>();
    };
    const scanOnto = async (id: string, code: string, key: string) => {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: `/api/manifests/${id}/packages`, headers: { ...auth, 'idempotency-key': key }, payload: { codes: [code] } });
      if (response.statusCode !== 200) throw new Error(`${code}: ${response.statusCode} ${response.body}`);
      return performance.now() - started;
    };
    /** Statements of one request, alone (the counter sees every connection of the pool). */
    const statementsOf = async (send: () => Promise<unknown>) => {
      statements.reset();
      await send();
      const count = statements.count;
      if (process.env.BENCH_TRACE === '1') console.log(statements.texts.map((t) => `    | ${t.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n'));
      statements.reset();
      return count;
    };
    console.log(`manifest benchmark: ${os.cpus().length} CPUs, load average ${load()} at start (wall time is only meaningful on an idle machine)`);

    // Loading scans, one station.
    const loading = await create('001-12345675');
    const one: number[] = [];
    for (const [i, code] of numbers(1, SCANS - 1).entries()) {
      one.push(await scanOnto(loading.id, code, `bench-scan-${i}-${randomBytes(4).toString('hex')}`));
      if (i % 200 === 0) statements.reset();
    }
    const loadingStatements = await statementsOf(() => scanOnto(loading.id, numbers(SCANS, 1)[0]!, `bench-scan-last-${randomBytes(4).toString('hex')}`));
    const oneP99 = quantile(one, 0.99);
    report({ name: `loading scan, one station (${SCANS} scans onto one manifest)`, figure: `p50 ${ms(quantile(one, 0.5))}  p99 ${ms(oneP99)}`, statements: loadingStatements, target: 'p99 < 50 ms', met: oneP99 < 50 });

    // Three stations at once, each onto its own manifest.
    const stations = await Promise.all([create('001-12345675'), create('001-12345675'), create('001-12345675')]);
    const three: number[] = [];
    await Promise.all(stations.map(async (m, s) => {
      for (const [i, code] of numbers(SCANS + 1 + s * 300, 300).entries()) {
        three.push(await scanOnto(m.id, code, `bench-3-${s}-${i}-${randomBytes(4).toString('hex')}`));
        if (i % 100 === 0) statements.reset();
      }
    }));
    report({ name: 'loading scan, three stations at once (900 scans)', figure: `p50 ${ms(quantile(three, 0.5))}  p99 ${ms(quantile(three, 0.99))}`, statements: null, target: '—', met: null });

    // 5,000 parcels on one manifest (loaded in lists of 500), then the moves.
    const big = await create('001-12345675');
    const bigNumbers = numbers(SCANS + 901, BIG);
    for (let start = 0; start < BIG; start += 500) {
      const response = await app.inject({ method: 'POST', url: `/api/manifests/${big.id}/packages`, headers: auth, payload: { codes: bigNumbers.slice(start, start + 500) } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
    statements.reset();
    const timed = async (label: string, target: number | null, send: () => Promise<{ statusCode: number; body: string; rawPayload: Buffer }>) => {
      statements.reset();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const response = await send();
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      const size = response.rawPayload.length > 2000 ? `, ${(response.rawPayload.length / 1024).toFixed(0)} KB` : '';
      report({
        name: label, figure: `${wall.toFixed(0)} ms (API CPU ${((used.user + used.system) / 1000).toFixed(0)} ms${size})`, statements: statements.count,
        target: target ? `< ${target} ms` : '—', met: target ? wall < target : null,
      });
      statements.reset();
    };
    const move = (action: string) => () => app.inject({ method: 'POST', url: `/api/manifests/${big.id}/status`, headers: auth, payload: { action } });
    await timed(`close a ${BIG}-parcel manifest (${BIG} package events)`, 1000, move('close'));
    await timed('export XLSX', 2000, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}/export?format=xlsx`, headers: auth }));
    await timed('export PDF', 2000, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}/export?format=pdf`, headers: auth }));
    await timed('export broker CSV', null, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}/export?format=broker`, headers: auth }));
    await timed(`depart (${BIG} in transit, one email per customer: 1,000)`, null, move('depart'));
    await timed(`arrive (${BIG} arrived, 1,000 emails)`, null, move('arrive'));
    await timed('manifest detail (5,000 lines, totals, breakdowns)', null, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}`, headers: auth }));

    // Reconciliation of the arrived manifest: three clerks scanning at once, each its own parcels
    // (every tenth scan a code of no package: an extra).
    const clerks = await Promise.all([1, 2, 3].map(async () => {
      const clerk = await makeUser(handle.db, { role: 'staff', courier, permissions: ['manifests_reconcile'] });
      await handle.db.update(users).set({ roleId: null, branchId: courier.branch.id }).where(eq(users.id, clerk.id));
      return (await signIn(app, clerk)).headers;
    }));
    const started = await app.inject({ method: 'POST', url: `/api/manifests/${big.id}/reconciliation`, headers: clerks[0]!, payload: { branchId: courier.branch.id } });
    if (started.statusCode !== 201) throw new Error(`reconciliation start: ${started.statusCode} ${started.body}`);
    const reconScan = async (headers: Record<string, string>, code: string) => {
      const begun = performance.now();
      const response = await app.inject({ method: 'POST', url: `/api/manifests/${big.id}/reconciliation/scans`, headers, payload: { code, clientScanId: `bench-${randomBytes(8).toString('hex')}`, deviceId: 'bench' } });
      if (response.statusCode !== 201) throw new Error(`${code}: ${response.statusCode} ${response.body}`);
      return performance.now() - begun;
    };
    const reconStatements = await statementsOf(() => reconScan(clerks[0]!, bigNumbers[BIG - 1]!));
    const recon: number[] = [];
    await Promise.all(clerks.map(async (headers, c) => {
      for (let i = 0; i < CLERK_SCANS; i += 1) {
        const code = i % 10 === 9 ? `EXTRA${c}X${i}BENCH` : bigNumbers[c * CLERK_SCANS + i]!;
        recon.push(await reconScan(headers, code));
        if (i % 100 === 0) statements.reset();
      }
    }));
    const reconP99 = quantile(recon, 0.99);
    report({ name: `reconciliation scan, three clerks at once (${3 * CLERK_SCANS} scans)`, figure: `p50 ${ms(quantile(recon, 0.5))}  p99 ${ms(reconP99)}`, statements: reconStatements, target: 'p99 < 50 ms', met: reconP99 < 50 });

    // The list: 300 manifests of the courier.
    for (let i = 0; i < 295; i += 1) await create('001-12345675');
    const list: number[] = [];
    const listOnce = async () => {
      const begun = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/manifests?page=1&pageSize=25', headers: auth });
      if (response.statusCode !== 200) throw new Error(response.body);
      return performance.now() - begun;
    };
    for (let i = 0; i < 220; i += 1) {
      const took = await listOnce();
      if (i >= 20) list.push(took);
    }
    const listStatements = await statementsOf(listOnce);
    const listP99 = quantile(list, 0.99);
    report({ name: 'manifest list, page 1 of 300 (200 requests after 20 warm-up)', figure: `p50 ${ms(quantile(list, 0.5))}  p99 ${ms(listP99)}`, statements: listStatements, target: 'p99 < 25 ms', met: listP99 < 25 });

    console.log(`\n| row | measured | statements per request | target | met at this load (${load()}) |\n|---|---|---|---|---|`);
    for (const row of rows) console.log(`| ${row.name} | ${row.figure} | ${row.statements ?? '—'} | ${row.target} | ${row.met === null ? '—' : row.met ? 'yes' : 'no'} |`);
    await app.close();
  } finally {
    await scratch.close();
  }
}

await main();
process.exit();
