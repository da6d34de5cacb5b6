/**
 * Billing benchmark (issue 13, "Performance"), server time through app.inject on a scratch database:
 *   (a) a 5,000-parcel manifest arriving (moves, events, emails and the 5,000 invoices it issues), end to end;
 *   (b) GET /invoices as a courier admin at 1,000,000 invoices (the biggest courier holds 200,000):
 *       page 1, a deep page, a search by invoice number, by customer name, a status filter;
 *   (c) GET /invoices/{no}/pdf (courier logo, bank details, barcode);
 *   (d) POST /payments with an Idempotency-Key.
 * Targets (idle 2-core machine): arrival < 3 s, list p99 < 25 ms, PDF p99 < 200 ms, payment p99 < 50 ms.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/billing.bench.ts
 *   ... -- --skip-list          everything but the 1,000,000-invoice seed and list
 *   ... -- --only list,pdf      only the parts named (arrival, list, pdf, payment; pdf and payment need the arrival)
 *   ... -- --trace              the arrival's and one payment's statements with their server-side times, slowest first
 *   ... -- --keep               keep the scratch database (for EXPLAIN by hand)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createCanvas } from '@napi-rs/canvas';
import pg from 'pg';
import { makeCourier, makeUser, signIn, type TestCourier } from '../apps/api/src/test/factories';
import { quantile } from './lib/load';
import { startScratchApp } from './lib/scratch-app';

const ARRIVAL = 5000;
const CUSTOMERS = 1000;
const BIG_COURIER_INVOICES = 200_000;
const OTHER_COURIERS = 8;
const OTHER_COURIER_INVOICES = 100_000;

const args = process.argv.slice(2);
const only = args.includes('--only') ? new Set((args[args.indexOf('--only') + 1] ?? '').split(',')) : null;
const runs = (part: string) => (only ? only.has(part) : !(part === 'list' && args.includes('--skip-list')));

interface Row { label: string; p50?: number; p99?: number; ms?: number; target: string; met?: boolean }
const rows: Row[] = [];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A courier logo as counters upload them: a 600×600 RGBA PNG with a gradient and text. */
function logoPng(): Buffer {
  const canvas = createCanvas(600, 600);
  const g = canvas.getContext('2d');
  const gradient = g.createLinearGradient(0, 0, 600, 600);
  gradient.addColorStop(0, '#0a6');
  gradient.addColorStop(1, '#036');
  g.fillStyle = gradient;
  g.beginPath();
  g.arc(300, 300, 290, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#fff';
  g.font = 'bold 120px sans-serif';
  g.fillText('BBX', 150, 340);
  return canvas.toBuffer('image/png');
}

/** --trace: every statement sent through pg while `traced` is on, with its time to answer. */
const traced: { text: string; ms: number }[] = [];
let tracing = false;
if (args.includes('--trace')) {
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const result = query.apply(this, a);
    if (!tracing || !(result instanceof Promise)) return result;
    const first = a[0];
    const text = typeof first === 'string' ? first : (first as { text?: string }).text ?? '?';
    const started = performance.now();
    return result.then((value: unknown) => {
      traced.push({ text: text.replace(/\s+/g, ' ').slice(0, 160), ms: performance.now() - started });
      return value;
    });
  } as typeof pg.Client.prototype.query;
}
function printTrace(label: string) {
  if (!tracing) return;
  tracing = false;
  const total = traced.reduce((sum, row) => sum + row.ms, 0);
  console.log(`    ${label}: ${traced.length} statements, ${total.toFixed(0)} ms waiting on PostgreSQL; slowest:`);
  for (const row of [...traced].sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`      ${row.ms.toFixed(1).padStart(8)} ms  ${row.text}`);
  traced.length = 0;
}
const startTrace = () => { tracing = args.includes('--trace'); traced.length = 0; };

async function timeRequests(count: number, warmup: number, send: (i: number) => Promise<{ statusCode: number; body: string }>, expect = 200): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count + warmup; i += 1) {
    const started = performance.now();
    const response = await send(i);
    const ms = performance.now() - started;
    if (response.statusCode !== expect) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
    if (i >= warmup) times.push(ms);
  }
  return times;
}

function percentiles(label: string, times: number[], targetMs: number) {
  const p50 = quantile(times, 0.5);
  const p99 = quantile(times, 0.99);
  rows.push({ label, p50, p99, target: `p99 < ${targetMs} ms`, met: p99 < targetMs });
  console.log(`  ${label.padEnd(58)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  (target p99 < ${targetMs} ms; load ${load()})`);
}

async function main() {
  const scratch = await startScratchApp('billperf');
  const { app, handle } = scratch;
  const q = (text: string, values: unknown[] = []) => handle.pool.query(text, values);
  console.log(`billing benchmark: ${os.cpus().length} CPUs, load average ${load()} (wall time is only meaningful on an idle machine); database ${scratch.name}`);
  try {
    const courier = await makeCourier(handle.db, { name: 'Bench Billing Courier' });
    const admin = await makeUser(handle.db, { role: 'courier_admin', courier });
    const auth = (await signIn(app, admin)).headers;
    await seedSettings(q, courier);
    let arrived = false;

    if (runs('arrival') || runs('pdf') || runs('payment')) {
      await seedArrival(q, courier.id);
      const manifest = await app.inject({ method: 'POST', url: '/api/manifests', headers: auth, payload: { service: 'air', carrier: 'Bench Air', mawb: '001-12345675', origin: 'MIA', destination: 'KIN' } });
      if (manifest.statusCode !== 201) throw new Error(manifest.body);
      const { id } = manifest.json<{ id: string }>();
      for (let start = 1; start <= ARRIVAL; start += 500) {
        const codes = Array.from({ length: 500 }, (_, i) => `BB-P-${String(start + i).padStart(7, '0')}`);
        const response = await app.inject({ method: 'POST', url: `/api/manifests/${id}/packages`, headers: auth, payload: { codes } });
        if (response.statusCode !== 200) throw new Error(response.body);
      }
      const move = (action: string) => app.inject({ method: 'POST', url: `/api/manifests/${id}/status`, headers: auth, payload: { action } });
      for (const action of ['close', 'depart']) if ((await move(action)).statusCode !== 200) throw new Error(`${action} failed`);
      await q('vacuum analyze packages, package_events, invoices, invoice_lines, customers');
      startTrace();
      const started = performance.now();
      const response = await move('arrive');
      const ms = performance.now() - started;
      printTrace('arrive');
      if (response.statusCode !== 200) throw new Error(`arrive: ${response.statusCode} ${response.body}`);
      const invoiced = Number((await q('select count(*) as n from invoices where courier_id = $1', [courier.id])).rows[0].n);
      if (invoiced !== ARRIVAL) throw new Error(`arrival issued ${invoiced} invoices, not ${ARRIVAL}: ${response.body}`);
      rows.push({ label: `(a) arrival of ${ARRIVAL} parcels, ${ARRIVAL} invoices issued`, ms, target: '< 3,000 ms', met: ms < 3000 });
      console.log(`  (a) arrive: ${ARRIVAL} parcels arrived, ${invoiced} invoices, ${CUSTOMERS} customers told   ${ms.toFixed(0)} ms  (target < 3,000 ms; load ${load()})`);
      arrived = true;
    }

    if (runs('pdf') && arrived) {
      const numbers = (await q('select invoice_no from invoices where courier_id = $1 order by invoice_no limit 100', [courier.id])).rows.map((r) => r.invoice_no as string);
      const times = await timeRequests(100, 10, (i) => app.inject({ method: 'GET', url: `/api/invoices/${numbers[i % numbers.length]}/pdf`, headers: auth }));
      percentiles('(c) invoice PDF (logo, bank details, barcode), 100 requests', times, 200);
    }

    if (runs('payment') && arrived) {
      const customerIds = (await q('select id from customers where courier_id = $1 order by mailbox_number limit 300', [courier.id])).rows.map((r) => r.id as string);
      const times = await timeRequests(300, 10, (i) => app.inject({
        method: 'POST', url: '/api/payments', headers: { ...auth, 'idempotency-key': `bench-pay-${i}-${randomBytes(4).toString('hex')}` },
        payload: { customerId: customerIds[i % customerIds.length], method: i % 2 ? 'cash' : 'card', reference: i % 2 ? null : `T-${i}`, amountCents: 1000 },
      }), 201);
      percentiles('(d) POST /payments (Idempotency-Key), 300 requests', times, 50);
      startTrace();
      await app.inject({ method: 'POST', url: '/api/payments', headers: { ...auth, 'idempotency-key': `bench-pay-trace-${randomBytes(4).toString('hex')}` }, payload: { customerId: customerIds[0], method: 'cash', amountCents: 1000 } });
      printTrace('one payment');
    }

    if (runs('list')) {
      const seedStarted = performance.now();
      await seedInvoices(q, handle.db, courier);
      console.log(`  seeded ${Number((await q('select count(*) as n from invoices')).rows[0].n).toLocaleString('en')} invoices in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s (load ${load()})`);
      const list = (query: string) => (i: number) => app.inject({ method: 'GET', url: `/api/invoices?pageSize=25&${query.replace('{i}', String(i))}`, headers: auth });
      const cases: [string, string][] = [
        ['page 1 (newest first)', 'page=1'],
        ['deep page (4,000 of 8,000)', 'page=4000'],
        ['search by invoice number', 'search=INV-1{i}345'],
        ['search by customer name', 'search=Campbell%201{i}'],
        ['status filter (unpaid), page 1', `filters=${encodeURIComponent('{"status":"unpaid"}')}`],
      ];
      for (const [label, query] of cases) {
        const times = await timeRequests(200, 20, (i) => list(query)(i % 10));
        percentiles(`(b) invoice list, 1M invoices: ${label}`, times, 25);
      }
    }

    console.log(`\nBilling bench (load average ${load()} at the end; targets are for an idle 2-core machine)`);
    console.log('| Measure | p50 ms | p99 ms / total ms | Target | Met here |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) {
      const figure = row.ms !== undefined ? row.ms.toFixed(0) : row.p99!.toFixed(1);
      console.log(`| ${row.label} | ${row.p50 === undefined ? '' : row.p50.toFixed(1)} | ${figure} | ${row.target} | ${row.met ? 'yes' : 'no'} |`);
    }
    await app.close();
  } finally {
    await scratch.close({ keep: args.includes('--keep') });
  }
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** AIR rates 1–100 lb (J$650 + J$175/lb), a processing fee, GCT, bank details and a logo. */
async function seedSettings(q: Query, courier: TestCourier) {
  await q(`insert into shipping_rates (courier_id, weight, weight_lbs, cost)
    select $1, g || 'lb', g, 650 + 175 * g from generate_series(1, 100) g`, [courier.id]);
  await q(`insert into processing_fees (courier_id, weight_range, min_lbs, max_lbs, fee) values ($1, '0.1lb to 100lbs', 0.1, 100, 230)`, [courier.id]);
  const logo = logoPng();
  const [file] = (await q(`insert into stored_files (courier_id, kind, file_name, content_type, size_bytes, data) values ($1, 'logo', 'logo.png', 'image/png', $2, $3) returning id`,
    [courier.id, logo.length, logo])).rows;
  await q(`update couriers set logo_url = $2, bank_details = $3 where id = $1`,
    [courier.id, `/api/files/${String(file!.id)}`, 'National Commercial Bank\nAccount name: Bench Billing Courier Ltd\nAccount no. 354-123-456\nBranch: Half Way Tree\nSWIFT: JNCBJMKX']);
}

/** 1,000 customers and 5,000 received AIR parcels of 1–11 lb, set-based. */
async function seedArrival(q: Query, courierId: string) {
  await q(`insert into customers (courier_id, mailbox_number, account_type, first_name, last_name, email, phone, password_hash, trn, address, parish, city)
    select $1, 'BB-' || lpad(g::text, 6, '0'), 'individual', 'Bench', 'Customer ' || g, 'bench' || g || '@example.com', '876-555-0100', 'x', lpad(g::text, 9, '0'), '1 Bench Road', 'Kingston', 'Kingston'
    from generate_series(1, $2::int) g`, [courierId, CUSTOMERS]);
  await q(`with cust as (select array_agg(id order by mailbox_number) as ids from customers where courier_id = $1)
    insert into packages (courier_id, package_no, tracking_number, carrier, status, customer_id, service, description, declared_value_cents, pieces, weight, volumetric_divisor, chargeable_weight)
    select $1, 'BB-P-' || lpad(g::text, 7, '0'), '1ZBENCH' || lpad(g::text, 11, '0'), 'ups', 'received', cust.ids[1 + g % $3::int], 'air', 'Clothes', 2500 + g % 100, 1, 1 + (g % 40) / 4.0, 166, ceil(1 + (g % 40) / 4.0)::int
    from generate_series(1, $2::int) g, cust`, [courierId, ARRIVAL, CUSTOMERS]);
}

/**
 * 1,000,000 invoices: the bench courier 200,000 over 20,000 customers, eight other couriers
 * 100,000 each over 5,000, issued over the last two years; 70 % paid, 18 % unpaid, 10 % part paid, 2 % void.
 */
async function seedInvoices(q: Query, db: Parameters<typeof makeCourier>[0], courier: TestCourier) {
  const others: TestCourier[] = [];
  // The couriers are made through the app's own onboarding (branches, roles).
  for (let i = 0; i < OTHER_COURIERS; i += 1) others.push(await makeCourier(db, { name: `Other Courier ${i}` }));
  const surnames = `'{Campbell,Brown,Williams,Smith,Thompson,Johnson,Grant,Reid,Clarke,Morgan,Stewart,Francis}'::text[]`;
  const firsts = `'{Andre,Kerry-Ann,Shanice,Damion,Tanya,Marlon,Nadine,Oneil,Kadian,Romario,Sherika,Dwayne}'::text[]`;
  const seedCourier = async (courierId: string, branchId: string, prefix: string, customerCount: number, invoiceCount: number) => {
    await q(`insert into customers (courier_id, branch_id, mailbox_number, account_type, first_name, last_name, email, phone, password_hash, trn, address, parish, city)
      select $1, $2, $3 || lpad(g::text, 6, '0'), 'individual', (${firsts})[1 + g % 12], (${surnames})[1 + (g / 12) % 12] || ' ' || g, $3 || g || '@example.com', '876-555-' || lpad((g % 10000)::text, 4, '0'), 'x', lpad(g::text, 9, '0'), '1 Bench Road', 'Kingston', 'Kingston'
      from generate_series(1, $4::int) g`, [courierId, branchId, prefix, customerCount]);
    const last = Number((await q(`select coalesce(max(substr(invoice_no, 5)::int), 0) as n from invoices where courier_id = $1`, [courierId])).rows[0]!.n);
    await q(`with cust as (select array_agg(id order by mailbox_number) as ids from customers where courier_id = $1 and mailbox_number like $3 || '%'),
      raw as (select g, 65000 + (g % 40) * 17500 as freight, abs(hashint4(g)) % 100 as r from generate_series(1, $2::int) g)
      insert into invoices (courier_id, customer_id, branch_id, invoice_no, status, subtotal_cents, gct_cents, total_cents, paid_cents, pricing_snapshot, issued_at, void_reason, voided_at, created_at, updated_at)
      select $1, cust.ids[1 + g % array_length(cust.ids, 1)], $4, 'INV-' || lpad(($5::int + g)::text, 6, '0'),
        case when r < 70 then 'paid' when r < 88 then 'unpaid' when r < 98 then 'partially_paid' else 'void' end,
        freight + 23000, freight * 15 / 100, freight + 23000 + freight * 15 / 100,
        case when r < 70 then freight + 23000 + freight * 15 / 100 when r < 98 and r >= 88 then 10000 else 0 end,
        '{}'::jsonb, now() - interval '730 days' * (1 - g::float8 / $2::int), case when r >= 98 then 'Bench void' end, case when r >= 98 then now() end, now(), now()
      from raw, cust`, [courierId, invoiceCount, prefix, branchId, last]);
    await q(`insert into courier_counters (courier_id, kind, last_no) values ($1, 'invoice', $2) on conflict (courier_id, kind) do update set last_no = excluded.last_no`, [courierId, last + invoiceCount]);
  };
  await seedCourier(courier.id, courier.branch.id, 'BBL-', 20_000, BIG_COURIER_INVOICES);
  for (const [i, other] of others.entries()) await seedCourier(other.id, other.branch.id, `OC${i}-`, 5000, OTHER_COURIER_INVOICES);
  await q('vacuum analyze invoices, customers');
}

await main();
process.exit();
