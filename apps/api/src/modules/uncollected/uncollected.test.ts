import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SweepResult, UncollectedListItem } from '@parceldesk/shared/schemas/uncollected';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, type TestCourier } from '../../test/factories';
import { courierFeeSettings, courierPricingSettings } from '../../db/schema/index';
import { payInFull, readyParcel } from '../pickups/pickup-test-kit';
import { runUncollectedSweep } from './uncollected-sweep.service';

let t: TestApp;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A courier with an admin, a clerk holding packages_uncollected, one without it, a customer, an uncollected fee and storage rules. */
async function world(options: { feeJmd?: number; feeMode?: 'once' | 'per_day'; capCents?: number | null; threshold?: number; reminders?: number[]; abandonment?: number } = {}) {
  const db = t.database.db;
  const courier: TestCourier = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const clerk = await makeUser(db, { role: 'staff', courier, permissions: ['packages_uncollected'] });
  const plain = await makeUser(db, { role: 'staff', courier, permissions: ['packages_view'] });
  const customer = await makeCustomer(db, courier, { firstName: 'Marcia', lastName: 'Waiting' });
  // A new courier already has both rows (copied from the platform defaults); the test sets its own values.
  const fees = { uncollectedFee: options.feeJmd ?? 500 };
  await db.insert(courierFeeSettings).values({ courierId: courier.id, ...fees }).onConflictDoUpdate({ target: courierFeeSettings.courierId, set: fees });
  const rules = {
    storageThresholdDays: options.threshold ?? 15, storageReminderDays: options.reminders ?? [7, 14],
    storageFeeMode: options.feeMode ?? 'once', storageFeeCapCents: options.capCents ?? null, abandonmentDays: options.abandonment ?? 60,
  };
  await db.insert(courierPricingSettings).values({ courierId: courier.id, ...rules }).onConflictDoUpdate({ target: courierPricingSettings.courierId, set: rules });
  return {
    courier, customer,
    as: { admin: (await signIn(t.app, admin)).headers, clerk: (await signIn(t.app, clerk)).headers, plain: (await signIn(t.app, plain)).headers },
  };
}

/** The sweep as the daily job runs it, at `days` days after now (the parcel became ready now). */
const sweep = (courierId: string, days: number, hours = 0) => runUncollectedSweep(t.database.db, { now: new Date(Date.now() + days * DAY + hours * 3_600_000), courierId });

async function chargesOf(packageId: string) {
  const { rows } = await t.database.pool.query(`select charge_day::text as day, amount_cents, invoice_id from storage_charges where package_id = $1 order by charge_day`, [packageId]);
  return rows as { day: string; amount_cents: number; invoice_id: string | null }[];
}
async function invoiceOf(invoiceId: string) {
  const { rows: [invoice] } = await t.database.pool.query(`select total_cents, status from invoices where id = $1`, [invoiceId]);
  const { rows: lines } = await t.database.pool.query(`select code, description, amount_cents from invoice_lines where invoice_id = $1 and added_after_issue order by position`, [invoiceId]);
  const { rows: events } = await t.database.pool.query(`select kind, actor_type, amount_cents from invoice_events where invoice_id = $1 and kind = 'line_added'`, [invoiceId]);
  return { invoice: invoice as { total_cents: number; status: string }, lines, events };
}
async function emailsTo(email: string, subject: string) {
  const { rows } = await t.database.pool.query(`select subject from email_outbox where to_address = $1 and subject like $2`, [email, `%${subject}%`]);
  return rows.length;
}
async function notificationsOf(customerId: string, title: string) {
  const { rows } = await t.database.pool.query(`select title from notifications where customer_id = $1 and title like $2`, [customerId, `%${title}%`]);
  return rows.length;
}

describe('runUncollectedSweep: storage fees', () => {
  it('run twice on the same day charges once, on the parcel\'s unpaid invoice, audited and told', async () => {
    const w = await world({ feeJmd: 500 });
    const { pkg, invoice } = await readyParcel(t.database.db, w.courier, w.customer.id, { totalCents: 250_000 });

    expect((await sweep(w.courier.id, 15)).charges).toBe(0); // 15 days: not yet over the threshold
    const first = await sweep(w.courier.id, 16);
    const again = await sweep(w.courier.id, 16, 2);
    expect([first.charges, first.chargedCents, again.charges]).toEqual([1, 50_000, 0]);
    // A later day in 'once' mode does not charge again either.
    expect((await sweep(w.courier.id, 20)).charges).toBe(0);

    const charges = await chargesOf(pkg.id);
    expect(charges).toEqual([expect.objectContaining({ amount_cents: 50_000, invoice_id: invoice!.id })]);
    const billed = await invoiceOf(invoice!.id);
    expect(billed.invoice.total_cents).toBe(300_000);
    expect(billed.lines).toEqual([expect.objectContaining({ code: 'storage_fee', amount_cents: 50_000 })]);
    expect(billed.events).toEqual([{ kind: 'line_added', actor_type: 'system', amount_cents: 50_000 }]);
    expect(await notificationsOf(w.customer.id, 'storage fee added')).toBe(1);
    expect(await emailsTo(w.customer.email, 'storage fee added')).toBe(1);
  });

  it('two sweeps at once (two instances) still charge the day once', async () => {
    const w = await world({ feeJmd: 300 });
    const { pkg, invoice } = await readyParcel(t.database.db, w.courier, w.customer.id);
    const results = await Promise.all([sweep(w.courier.id, 16), sweep(w.courier.id, 16), sweep(w.courier.id, 16)]);
    expect(results.reduce((sum, r) => sum + r.charges, 0)).toBe(1);
    expect(await chargesOf(pkg.id)).toHaveLength(1);
    expect((await invoiceOf(invoice!.id)).invoice.total_cents).toBe(280_000);
  });

  it('per_day mode charges each day after the threshold up to the cap, missed days caught up, never a day twice', async () => {
    const w = await world({ feeJmd: 200, feeMode: 'per_day', capCents: 70_000 });
    const { pkg, invoice } = await readyParcel(t.database.db, w.courier, w.customer.id, { totalCents: 100_000 });

    expect((await sweep(w.courier.id, 16)).chargedCents).toBe(20_000); // day 16
    expect((await sweep(w.courier.id, 16)).charges).toBe(0);
    expect((await sweep(w.courier.id, 18)).chargedCents).toBe(40_000); // days 17 and 18 (one missed run)
    expect((await sweep(w.courier.id, 25)).chargedCents).toBe(10_000); // day 19: only J$100 left under the cap
    expect((await sweep(w.courier.id, 30)).charges).toBe(0);

    const charges = await chargesOf(pkg.id);
    expect(charges.map((c) => c.amount_cents)).toEqual([20_000, 20_000, 20_000, 10_000]);
    expect(new Set(charges.map((c) => c.day)).size).toBe(4);
    expect(charges.reduce((sum, c) => sum + c.amount_cents, 0)).toBe(70_000);
    expect((await invoiceOf(invoice!.id)).invoice.total_cents).toBe(170_000);
  });

  it('a paid invoice is not changed: the charge goes on a supplementary invoice', async () => {
    const w = await world({ feeJmd: 500 });
    const { pkg, invoice } = await readyParcel(t.database.db, w.courier, w.customer.id, { totalCents: 100_000 });
    await payInFull(t.database.db, invoice!.id);
    const result = await sweep(w.courier.id, 16);
    expect([result.charges, result.pendingCharges]).toEqual([1, 0]);
    const [charge] = await chargesOf(pkg.id);
    expect(charge).toMatchObject({ amount_cents: 50_000 });
    expect(charge!.invoice_id).not.toBe(invoice!.id);
    const billed = await invoiceOf(invoice!.id);
    expect([billed.invoice.total_cents, billed.invoice.status, billed.lines.length]).toEqual([100_000, 'paid', 0]);
    const supplementary = await invoiceOf(charge!.invoice_id!);
    expect([supplementary.invoice.total_cents, supplementary.invoice.status]).toEqual([50_000, 'unpaid']);
    expect(supplementary.events).toEqual([{ kind: 'line_added', actor_type: 'system', amount_cents: 50_000 }]);
  });

  it('a parcel without an invoice keeps its charge pending until the invoice is issued', async () => {
    const w = await world({ feeJmd: 500 });
    const { pkg } = await readyParcel(t.database.db, w.courier, w.customer.id, { totalCents: null });
    const result = await sweep(w.courier.id, 16);
    expect([result.charges, result.pendingCharges]).toEqual([1, 1]);
    expect(await chargesOf(pkg.id)).toEqual([expect.objectContaining({ amount_cents: 50_000, invoice_id: null })]);
  });
});

describe('runUncollectedSweep: reminders and abandonment', () => {
  it('reminds once at 7 and once at 14 days, by email and in-app', async () => {
    const w = await world({ feeJmd: 0 });
    await readyParcel(t.database.db, w.courier, w.customer.id);
    const counts: number[] = [];
    for (const day of [6, 7, 7, 8, 14, 14, 15]) counts.push((await sweep(w.courier.id, day)).reminders);
    expect(counts).toEqual([0, 1, 0, 0, 1, 0, 0]);
    expect(await emailsTo(w.customer.email, 'Reminder:')).toBe(2);
    expect(await notificationsOf(w.customer.id, 'Reminder:')).toBe(2);
  });

  it('abandons after the period, only after a final notice at least 7 days old, with a history row and the customer told', async () => {
    const w = await world({ feeJmd: 0, abandonment: 60 });
    const { pkg } = await readyParcel(t.database.db, w.courier, w.customer.id);
    expect((await sweep(w.courier.id, 53)).finalNotices).toBe(1);
    expect((await sweep(w.courier.id, 54)).finalNotices).toBe(0);
    expect((await sweep(w.courier.id, 59)).abandoned).toBe(0);
    expect((await sweep(w.courier.id, 60)).abandoned).toBe(1);
    expect((await sweep(w.courier.id, 61)).abandoned).toBe(0);
    const { rows: [row] } = await t.database.pool.query(`select status from packages where id = $1`, [pkg.id]);
    expect(row.status).toBe('abandoned');
    const { rows: events } = await t.database.pool.query(`select status, actor_type from package_events where package_id = $1`, [pkg.id]);
    expect(events).toEqual([{ status: 'abandoned', actor_type: 'system' }]);
    expect(await emailsTo(w.customer.email, 'Final notice')).toBe(1);
    expect(await notificationsOf(w.customer.id, 'Abandoned')).toBe(1);
  });

  it('a parcel first swept past the period gets its final notice first and is abandoned 7 days later', async () => {
    const w = await world({ feeJmd: 0, abandonment: 60 });
    const { pkg } = await readyParcel(t.database.db, w.courier, w.customer.id);
    const late = await sweep(w.courier.id, 70);
    expect([late.finalNotices, late.abandoned]).toEqual([1, 0]);
    expect((await sweep(w.courier.id, 76)).abandoned).toBe(0);
    expect((await sweep(w.courier.id, 77)).abandoned).toBe(1);
    const { rows: [row] } = await t.database.pool.query(`select status from packages where id = $1`, [pkg.id]);
    expect(row.status).toBe('abandoned');
  });

  it('sweeping one courier leaves another courier\'s parcels alone', async () => {
    const a = await world({ feeJmd: 500 });
    const b = await world({ feeJmd: 500 });
    const mine = await readyParcel(t.database.db, a.courier, a.customer.id);
    const theirs = await readyParcel(t.database.db, b.courier, b.customer.id);
    const result = await sweep(a.courier.id, 16);
    expect(result.charges).toBe(1);
    expect(await chargesOf(mine.pkg.id)).toHaveLength(1);
    expect(await chargesOf(theirs.pkg.id)).toHaveLength(0);
  });
});

describe('GET /api/uncollected and POST /api/uncollected/sweep', () => {
  /** Makes the parcel ready `days` days ago, as its history and its stored clock (migration 0027) would say. */
  async function readyDaysAgo(packageId: string, courierId: string, days: number) {
    await t.database.pool.query(`insert into package_events (courier_id, package_id, kind, status, actor_type, created_at) values ($1, $2, 'status', 'ready_for_pickup', 'system', now() - make_interval(days => $3))`, [courierId, packageId, days]);
    await t.database.pool.query(`update packages set ready_since = now() - make_interval(days => $2) where id = $1`, [packageId, days]);
  }

  it('lists parcels waiting longer than the threshold with days waiting and fees so far; 403 without the permission; another courier\'s not shown', async () => {
    const w = await world({ feeJmd: 500 });
    const other = await world({ feeJmd: 500 });
    const old = await readyParcel(t.database.db, w.courier, w.customer.id);
    await readyDaysAgo(old.pkg.id, w.courier.id, 20);
    const recent = await readyParcel(t.database.db, w.courier, w.customer.id);
    await readyDaysAgo(recent.pkg.id, w.courier.id, 3);
    const theirs = await readyParcel(t.database.db, other.courier, other.customer.id);
    await readyDaysAgo(theirs.pkg.id, other.courier.id, 30);

    const run = await t.app.inject({ method: 'POST', url: '/api/uncollected/sweep', headers: w.as.admin });
    expect(run.statusCode).toBe(200);
    expect(run.json<SweepResult & { message: string }>()).toMatchObject({ message: 'Uncollected sweep finished', charges: 1, chargedCents: 50_000, reminders: 1 });

    const list = await t.app.inject({ method: 'GET', url: '/api/uncollected', headers: w.as.clerk });
    expect(list.statusCode).toBe(200);
    const body = list.json<ListResponse<UncollectedListItem>>();
    expect(body.data.map((row) => [row.packageNumber, row.customerName, row.daysWaiting, row.feesCents])).toEqual([[old.pkg.packageNo, 'Marcia Waiting', 20, 50_000]]);
    expect(body.data[0]!.lastReminderAt).not.toBeNull();

    const search = await t.app.inject({ method: 'GET', url: '/api/uncollected', headers: w.as.admin, query: { search: 'marcia', filters: JSON.stringify({ daysWaiting: { from: 21, to: 90 } }) } });
    expect(search.json<ListResponse<UncollectedListItem>>().total).toBe(0);

    expect((await t.app.inject({ method: 'GET', url: '/api/uncollected', headers: w.as.plain })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/uncollected/sweep', headers: w.as.clerk })).statusCode).toBe(403);
    // The other courier's parcel was not swept by this admin's run.
    expect(await chargesOf(theirs.pkg.id)).toHaveLength(0);
  });
});
