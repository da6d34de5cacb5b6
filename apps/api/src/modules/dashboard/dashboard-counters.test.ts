import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueInvoicesResponse } from '@parceldesk/shared/schemas/invoices';
import { branches } from '../../db/schema/index';
import { makeCourier, makeCustomer, makeUser, signIn, type TestCourier } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { priceCourier, receiveFor } from '../invoices/invoice-test-kit';

/**
 * Migration 0027: packages.ready_since and the dashboards' counters are kept by triggers on every
 * write path; after the writes that matter (several fired at once, on several connections) the
 * stored values equal what the history and the source rows say, and the dashboard shows them.
 */
let t: TestApp;
type Headers = Record<string, string>;
const query = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;
let courier: TestCourier;
let admin: Headers;
let kingstonId: string;
let montegoId: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  courier = await makeCourier(db);
  await priceCourier(t.database.pool, courier.id);
  kingstonId = (await query('select id from branches where courier_id = $1 limit 1', [courier.id]))[0]!.id as string;
  const [montego] = await db.insert(branches).values({ courierId: courier.id, name: 'Montego Bay' }).returning();
  montegoId = montego!.id;
  admin = (await signIn(t.app, await makeUser(db, { role: 'courier_admin', courier }))).headers;
  customerId = (await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Brown' })).id;
  // Another courier's parcels and invoices must land in its own counters only.
  const other = await makeCourier(db);
  await priceCourier(t.database.pool, other.id);
});
afterAll(() => t.close());

async function move(packageId: string, status: string) {
  const response = await t.app.inject({ method: 'POST', url: `/api/packages/${packageId}/status`, headers: admin, payload: { status } });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

/** The stored clock and the rule lib/ready-since.ts used to read from the history on every request. */
async function readySince(packageId: string) {
  const [row] = await query(`
    select p.status, p.ready_since as stored,
      case when p.status = 'ready_for_pickup' then coalesce((select min(pe.created_at) from package_events pe where pe.package_id = p.id and pe.status = 'ready_for_pickup'
        and pe.created_at > coalesce((select max(po.created_at) from package_events po where po.package_id = p.id and po.status <> 'ready_for_pickup'), '-infinity'::timestamptz)),
        p.updated_at) end as from_history
    from packages p where p.id = $1`, [packageId]);
  return row as { status: string; stored: Date | null; from_history: Date | null };
}

/** Every counter (slots summed) against the same grouping recomputed from the source rows. */
async function countersMatchSources() {
  const pairs = [
    [`select courier_id, branch_id, status, sum(packages)::int as n from dashboard_package_counts group by 1, 2, 3 having sum(packages) <> 0`,
      `select courier_id, branch_id, status, count(*)::int as n from packages group by 1, 2, 3`],
    [`select courier_id, day, sum(invoices)::int as n, sum(balance_cents)::bigint as cents from dashboard_open_invoices group by 1, 2 having sum(invoices) <> 0 or sum(balance_cents) <> 0`,
      `select courier_id, (issued_at at time zone 'America/Jamaica')::date as day, count(*)::int as n, sum(balance_cents)::bigint as cents
        from invoices where status in ('unpaid', 'partially_paid') group by 1, 2`],
    // Migration 0032: parcels waiting for pickup with a customer, by the Jamaica day they became ready.
    [`select courier_id, day::text as day, sum(packages)::int as n from dashboard_ready_days group by 1, 2 having sum(packages) <> 0`,
      `select courier_id, ((ready_since at time zone 'America/Jamaica')::date)::text as day, count(*)::int as n
        from packages where status = 'ready_for_pickup' and customer_id is not null group by 1, 2`],
  ] as const;
  for (const [counter, source] of pairs) {
    const sorted = async (text: string) => (await query(text)).map((row) => JSON.stringify(row)).sort();
    const expected = await sorted(source);
    expect(expected.length).toBeGreaterThan(0);
    expect(await sorted(counter)).toEqual(expected);
  }
}

describe('packages.ready_since (migration 0027)', () => {
  it('equals what the history says after ready, an edit, out for delivery, back to ready, on hold and ready again; null at other statuses', async () => {
    const pkg = await receiveFor(t.app, admin, customerId);
    expect((await readySince(pkg.id)).stored).toBeNull();
    await move(pkg.id, 'on_hold');
    await move(pkg.id, 'ready_for_pickup');
    const first = await readySince(pkg.id);
    expect(first.stored).not.toBeNull();
    expect(first.stored).toEqual(first.from_history);

    // An edit while it waits keeps the clock.
    const edit = await t.app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}`, headers: admin, payload: { notes: 'Shelf B', reason: 'Shelved' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await readySince(pkg.id)).stored).toEqual(first.stored);

    // Out for delivery, failed (back to ready): a new clock, from that move's history row.
    await move(pkg.id, 'out_for_delivery');
    expect((await readySince(pkg.id)).stored).toBeNull();
    await move(pkg.id, 'ready_for_pickup');
    const second = await readySince(pkg.id);
    expect(second.stored).toEqual(second.from_history);
    expect(second.stored!.getTime()).toBeGreaterThan(first.stored!.getTime());

    await move(pkg.id, 'on_hold');
    await move(pkg.id, 'ready_for_pickup');
    const third = await readySince(pkg.id);
    expect(third.stored).toEqual(third.from_history);
    expect(third.stored!.getTime()).toBeGreaterThan(second.stored!.getTime());

    // Any write path, not only the packages module: a bulk statement as reconciliation and pickups run.
    await query(`update packages set status = 'collected', updated_at = now() where id = $1`, [pkg.id]);
    expect((await readySince(pkg.id)).stored).toBeNull();
  });

  it('the uncollected figure, list and report count a parcel by its stored clock', async () => {
    const waiting = await receiveFor(t.app, admin, customerId);
    await move(waiting.id, 'on_hold');
    await move(waiting.id, 'ready_for_pickup');
    const fresh = await receiveFor(t.app, admin, customerId);
    await move(fresh.id, 'on_hold');
    await move(fresh.id, 'ready_for_pickup');
    // Ready 20 days ago (past the default 15-day threshold), as a correction would record it.
    await query(`update packages set ready_since = now() - interval '20 days' where id = $1`, [waiting.id]);
    expect((await readySince(waiting.id)).status).toBe('ready_for_pickup');

    const summary = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: admin });
    const figures = Object.fromEntries(summary.json<{ figures: { key: string; value: number }[] }>().figures.map((f) => [f.key, f.value]));
    expect(figures.packages_uncollected).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/uncollected', headers: admin });
    expect(list.json<{ data: { id: string; daysWaiting: number }[] }>().data.map((i) => [i.id, i.daysWaiting])).toEqual([[waiting.id, 20]]);
    const report = await t.app.inject({ method: 'GET', url: '/api/reports/unknown_uncollected?preset=this_month', headers: admin });
    const table = report.json<{ tables: { key: string; totals: Record<string, unknown> }[] }>().tables.find((x) => x.key === 'uncollected');
    expect(table?.totals.parcels).toBe(1);
  });
});

describe('dashboard counters (migrations 0027, 0032)', () => {
  it('equal the parcels and open invoices after inserts, status moves, branch changes, deletes, payments and voids, several at once', async () => {
    // Received at once through the API (several connections, several slots), and a bulk insert.
    const received = await Promise.all([1, 2, 3, 4, 5, 6].map((w) => receiveFor(t.app, admin, customerId, { weight: w, ...(w % 2 ? { branchId: montegoId } : {}) })));
    await query(`insert into packages (courier_id, package_no, tracking_number, carrier, status, customer_id, branch_id, weight, volumetric_divisor, chargeable_weight)
      select $1, 'CNT-' || g, 'CNTTRACK' || g, 'other', (array['received', 'unknown', 'ready_for_pickup', 'in_transit'])[1 + g % 4], $2, case when g % 3 = 0 then null else $3::uuid end, 1, 166, 1
      from generate_series(1, 40) g`, [courier.id, customerId, kingstonId]);
    const ids = received.map((p) => p.id);

    // Status moves at once, a branch change through the API and by SQL, a delete of several rows.
    await Promise.all([move(ids[0]!, 'on_hold'), move(ids[1]!, 'on_hold'), move(ids[2]!, 'manifested'), move(ids[3]!, 'missing'),
      query(`update packages set status = 'arrived' where courier_id = $1 and package_no like 'CNT-%' and status = 'in_transit'`, [courier.id]),
      query(`delete from packages where courier_id = $1 and package_no in ('CNT-1', 'CNT-5', 'CNT-9')`, [courier.id])]);
    await Promise.all([move(ids[0]!, 'ready_for_pickup'), move(ids[1]!, 'ready_for_pickup'),
      t.app.inject({ method: 'PUT', url: `/api/packages/${ids[4]!}`, headers: admin, payload: { branchId: kingstonId, reason: 'Wrong counter' } }),
      query(`update packages set branch_id = $2 where courier_id = $1 and package_no like 'CNT-%' and branch_id is null`, [courier.id, montegoId])]);
    // A branch deleted: its parcels' ON DELETE SET NULL is an update the trigger sees.
    const [closing] = await t.database.db.insert(branches).values({ courierId: courier.id, name: 'Closing' }).returning();
    await query(`update packages set branch_id = $2 where courier_id = $1 and package_no in ('CNT-2', 'CNT-3')`, [courier.id, closing!.id]);
    await query('delete from branches where id = $1', [closing!.id]);
    // Waiting parcels re-dated (a correction) and one left without its customer, at once.
    await Promise.all([
      query(`update packages set ready_since = ready_since - interval '3 days' where courier_id = $1 and package_no in ('CNT-2', 'CNT-6')`, [courier.id]),
      query(`update packages set customer_id = null where courier_id = $1 and package_no = 'CNT-10'`, [courier.id]),
    ]);

    // Invoices: issued at once, one paid in part, one paid in full, one voided.
    const issue = async (packageId: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/invoices', headers: admin, payload: { packageIds: [packageId] } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
    };
    const invoiceNos = await Promise.all(ids.slice(0, 4).map(issue));
    const [payment] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/payments', headers: { ...admin, 'idempotency-key': crypto.randomUUID() }, payload: { customerId, method: 'cash', amountCents: 50_000 } }),
      query(`update invoices set status = 'void', void_reason = 'Mistake' where courier_id = $1 and invoice_no = $2`, [courier.id, invoiceNos[3]]),
    ]);
    expect(payment.statusCode, payment.body).toBe(201);
    await query(`update invoices set issued_at = issued_at - interval '40 days' where courier_id = $1 and invoice_no = $2`, [courier.id, invoiceNos[2]]);
    await countersMatchSources();

    // The dashboard reads them: by status and the unpaid total equal the rows.
    const summary = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: admin });
    expect(summary.statusCode, summary.body).toBe(200);
    const body = summary.json<{ figures: { key: string; value: number }[]; packagesByStatus: { status: string; count: number }[]; unpaidAging: { count: number; balanceCents: number }[] }>();
    const byStatus = await query(`select status, count(*)::int as count from packages where courier_id = $1 group by status`, [courier.id]);
    expect(Object.fromEntries(body.packagesByStatus.map((s) => [s.status, s.count]))).toEqual(Object.fromEntries(byStatus.map((r) => [r.status, r.count])));
    const [open] = await query(`select count(*)::int as n, coalesce(sum(balance_cents), 0)::int as cents from invoices where courier_id = $1 and status in ('unpaid', 'partially_paid')`, [courier.id]);
    const figures = Object.fromEntries(body.figures.map((f) => [f.key, f.value]));
    expect(figures.invoices_unpaid_total).toBe(open!.cents);
    expect(figures.invoices_unpaid_count).toBe(open!.n);
    expect(body.unpaidAging.reduce((sum, b) => sum + b.count, 0)).toBe(open!.n);
    expect(open!.n).toBeGreaterThan(1);
  });
});
