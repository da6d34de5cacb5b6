/**
 * Manifest benchmark (issue 12), server time through app.inject on a scratch database:
 *   - loading scan: 2,000 parcels scanned one by one onto an AIR manifest (p50/p99 per scan),
 *     then 3 stations at once onto three manifests;
 *   - closing, departing (one email per customer) and arriving with 5,000 parcels;
 *   - the XLSX and PDF export of the 5,000-parcel manifest;
 *   - the manifest list (p99 of 200 requests over 300 manifests).
 * Targets: scan p99 < 50 ms, close < 1 s, each export < 2 s, list p99 < 25 ms (on an idle 2-core machine).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/manifests.bench.ts
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { makeCourier, makeUser, signIn } from '../apps/api/src/test/factories';
import { quantile } from './lib/load';
import { startScratchApp } from './lib/scratch-app';

const SCANS = 2000;
const BIG = 5000;

async function main() {
  const scratch = await startScratchApp('manifests');
  const { app, handle } = scratch;
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
    console.log(`manifest benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)} (wall time is only meaningful on an idle machine)`);

    // Loading scans, one station.
    const loading = await create('001-12345675');
    const one: number[] = [];
    for (const [i, code] of numbers(1, SCANS).entries()) one.push(await scanOnto(loading.id, code, `bench-scan-${i}-${randomBytes(4).toString('hex')}`));
    one.sort((a, b) => a - b);
    console.log(`  loading scan, one station (${SCANS} scans onto one manifest)   p50 ${quantile(one, 0.5).toFixed(1)} ms  p99 ${quantile(one, 0.99).toFixed(1)} ms  (target p99 < 50 ms)`);

    // Three stations at once, each onto its own manifest.
    const stations = await Promise.all([create('001-12345675'), create('001-12345675'), create('001-12345675')]);
    const three: number[] = [];
    await Promise.all(stations.map(async (m, s) => {
      for (const [i, code] of numbers(SCANS + 1 + s * 300, 300).entries()) three.push(await scanOnto(m.id, code, `bench-3-${s}-${i}-${randomBytes(4).toString('hex')}`));
    }));
    three.sort((a, b) => a - b);
    console.log(`  loading scan, three stations at once (900 scans)              p50 ${quantile(three, 0.5).toFixed(1)} ms  p99 ${quantile(three, 0.99).toFixed(1)} ms`);

    // 5,000 parcels on one manifest (loaded in lists of 500), then the moves.
    const big = await create('001-12345675');
    const bigNumbers = numbers(SCANS + 901, BIG);
    for (let start = 0; start < BIG; start += 500) {
      const response = await app.inject({ method: 'POST', url: `/api/manifests/${big.id}/packages`, headers: auth, payload: { codes: bigNumbers.slice(start, start + 500) } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
    const timed = async (label: string, target: number | null, send: () => Promise<{ statusCode: number; body: string; rawPayload: Buffer }>) => {
      const started = performance.now();
      const response = await send();
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      console.log(`  ${label.padEnd(62)} ${ms.toFixed(0).padStart(6)} ms${target ? `  (target < ${target} ms${ms > target ? ', NOT met' : ''})` : ''}${response.rawPayload.length > 2000 ? `  ${(response.rawPayload.length / 1024).toFixed(0)} KB` : ''}`);
      return ms;
    };
    const move = (action: string) => () => app.inject({ method: 'POST', url: `/api/manifests/${big.id}/status`, headers: auth, payload: { action } });
    await timed(`close a ${BIG}-parcel manifest (${BIG} package events)`, 1000, move('close'));
    await timed('export XLSX', 2000, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}/export?format=xlsx`, headers: auth }));
    await timed('export PDF', 2000, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}/export?format=pdf`, headers: auth }));
    await timed('export broker CSV', null, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}/export?format=broker`, headers: auth }));
    await timed(`depart (${BIG} in transit, one email per customer: 1,000)`, null, move('depart'));
    await timed(`arrive (${BIG} arrived, 1,000 emails)`, null, move('arrive'));
    await timed('manifest detail (5,000 lines, totals, breakdowns)', null, () => app.inject({ method: 'GET', url: `/api/manifests/${big.id}`, headers: auth }));

    // The list: 300 manifests of the courier.
    for (let i = 0; i < 295; i += 1) await create('001-12345675');
    const list: number[] = [];
    for (let i = 0; i < 220; i += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/manifests?page=1&pageSize=25', headers: auth });
      if (response.statusCode !== 200) throw new Error(response.body);
      if (i >= 20) list.push(performance.now() - started);
    }
    list.sort((a, b) => a - b);
    console.log(`  manifest list, page 1 of 300 (200 requests after 20 warm-up)    p50 ${quantile(list, 0.5).toFixed(1)} ms  p99 ${quantile(list, 0.99).toFixed(1)} ms  (target p99 < 25 ms)`);
    await app.close();
  } finally {
    await scratch.close();
  }
}

await main();
process.exit();
