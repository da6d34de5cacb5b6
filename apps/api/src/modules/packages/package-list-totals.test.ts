import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { PackageListItem, ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeUser, signIn } from '../../test/factories';
import { packageWorld, upsNumber, type PackageWorld } from './package-test-kit';

/**
 * Issue 16: a courier-wide package list's total comes from the parcel counters (migration 0027)
 * when nothing but status narrows it. Whatever path a total takes, it is the number of parcels
 * the list would page through: checked against the rows themselves after receipts, status moves,
 * unknown parcels, another courier's parcels and a deletion.
 */
let t: TestApp;
let w: PackageWorld;
let superAdmin: Record<string, string>;
let branchStaff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
  superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
  branchStaff = (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: w.courier, permissions: ['packages_view', 'packages_unknown'] }))).headers;
});
afterAll(() => t.close());

async function receive(payload: Record<string, unknown>, headers = w.as.admin) {
  const response = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers, payload: { weight: 2, trackingNumber: upsNumber(), ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReceivePackageResponse>().package;
}

async function listTotal(url: string, headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListResponse<PackageListItem>>();
}

const filter = (filters: Record<string, unknown>) => `&filters=${encodeURIComponent(JSON.stringify(filters))}`;
const rows = async (where: string, values: unknown[] = []) => Number((await t.database.pool.query(`select count(*) as n from packages where ${where}`, values)).rows[0].n);

describe('package list totals', () => {
  it('equal the parcels the list holds, from the counters or the rows, after receipts, moves, unknowns and a deletion', async () => {
    const other = await makeCourier(t.database.db);
    const otherAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: other }))).headers;
    const made: Awaited<ReturnType<typeof receive>>[] = [];
    for (let n = 0; n < 4; n += 1) made.push(await receive({ customerId: n % 2 === 0 ? w.tanya.id : w.andre.id }));
    await receive({ labelName: 'Nobody Known' }); // no customer: unknown
    await receive({ labelName: 'Nobody Either' });
    await receive({}, otherAdmin); // another courier's parcel, unknown there
    for (const pkg of made.slice(0, 2)) {
      const moved = await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/status`, headers: w.as.admin, payload: { status: 'on_hold', note: 'Customs query' } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // A parcel deleted outright (a correction made in the database) leaves the counters too.
    await t.database.pool.query('delete from packages where id = $1', [made[3]!.id]);

    const courier = [w.courier.id];
    const check = async () => {
      expect((await listTotal('/api/packages?page=1&pageSize=10', w.as.admin)).total).toBe(await rows('courier_id = $1', courier));
      expect((await listTotal(`/api/packages?page=1&pageSize=10${filter({ status: 'on_hold' })}`, w.as.admin)).total).toBe(await rows(`courier_id = $1 and status = 'on_hold'`, courier));
      expect((await listTotal(`/api/packages?page=1&pageSize=10${filter({ status: ['on_hold', 'received'] })}`, w.as.admin)).total)
        .toBe(await rows(`courier_id = $1 and status in ('on_hold', 'received')`, courier));
      // No status ticked is no status filter.
      expect((await listTotal(`/api/packages?page=1&pageSize=10${filter({ status: [] })}`, w.as.admin)).total).toBe(await rows('courier_id = $1', courier));
      expect((await listTotal('/api/packages/unknown?page=1&pageSize=10', w.as.admin)).total).toBe(await rows(`courier_id = $1 and status = 'unknown'`, courier));
      expect((await listTotal('/api/packages?page=1&pageSize=10', superAdmin)).total).toBe(await rows('true'));
      expect((await listTotal('/api/packages?page=1&pageSize=10', otherAdmin)).total).toBe(await rows('courier_id = $1', [other.id]));
      // Rows path: another filter, a search, a branch-bound reader.
      expect((await listTotal(`/api/packages?page=1&pageSize=10${filter({ status: 'on_hold', service: 'air' })}`, w.as.admin)).total)
        .toBe(await rows(`courier_id = $1 and status = 'on_hold' and service = 'air'`, courier));
      expect((await listTotal(`/api/packages?page=1&pageSize=10&search=${made[1]!.packageNumber}`, w.as.admin)).total).toBe(1);
      expect((await listTotal('/api/packages?page=1&pageSize=10', branchStaff)).total)
        .toBe(await rows('courier_id = $1 and (branch_id = $2 or customer_id is null)', [w.courier.id, w.courier.branch.id]));
    };
    await check();
    // A page past the end still carries the total.
    const past = await listTotal('/api/packages?page=50&pageSize=10', w.as.admin);
    expect(past.data).toEqual([]);
    expect(past.total).toBe(await rows('courier_id = $1', courier));

    // Status moves and an assignment keep them equal.
    const unknown = (await listTotal('/api/packages/unknown?page=1&pageSize=10', w.as.admin)).data[0]!;
    const assigned = await t.app.inject({ method: 'POST', url: `/api/packages/${unknown.id}/assign`, headers: w.as.admin, payload: { customerId: w.tanya.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await check();
  });

  it('a deep page in the back half (read from the end) holds the same rows as reading from the start would', async () => {
    const courier = await makeCourier(t.database.db);
    const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    // 1,210 parcels, many sharing a received_at (the tie breaker decides) and a weight.
    await t.database.pool.query(`insert into packages (courier_id, package_no, tracking_number, carrier, status, weight, volumetric_divisor, chargeable_weight, received_at)
      select $1, 'DEEP-P-' || lpad(g::text, 7, '0'), 'DEEP' || g, 'ups', case when g % 3 = 0 then 'on_hold' else 'received' end, 1 + g % 7, 166, 2,
        timestamptz '2026-01-01' + (g / 4) * interval '1 hour'
      from generate_series(1, 1210) g`, [courier.id]);
    const ids = async (order: string, where = 'true') => (await t.database.pool.query<{ id: string }>(
      `select id from packages where courier_id = $1 and ${where} order by ${order}`, [courier.id])).rows.map((r) => r.id);
    const page = async (query: string) => (await listTotal(`/api/packages?pageSize=100&${query}`, admin));

    const newestFirst = await ids('received_at desc, id desc');
    for (const n of [11, 12, 13]) {
      const got = await page(`page=${n}`);
      expect(got.total).toBe(1210);
      expect(got.data.map((p) => p.id)).toEqual(newestFirst.slice((n - 1) * 100, n * 100));
    }
    // Another sort (weight ascending, ties by id) and a status filter, both counted.
    const byWeight = await ids('weight asc, id asc');
    expect((await page('page=12&sort=weight&order=asc')).data.map((p) => p.id)).toEqual(byWeight.slice(1100, 1200));
    // A status filter (both statuses ticked), counted too.
    const filtered = await page(`page=11${filter({ status: ['on_hold', 'received'] })}`);
    expect(filtered.total).toBe(1210);
    expect(filtered.data.map((p) => p.id)).toEqual(newestFirst.slice(1000, 1100));
    // A search is not counted: read from the start as before, the same rows.
    const searched = await page('page=11&search=DEEP');
    expect(searched.data.map((p) => p.id)).toEqual(newestFirst.slice(1000, 1100));
  });
});
