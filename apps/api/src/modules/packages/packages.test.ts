import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { PackageClaim, PackageDetail, PackageListItem, ReceivePackageResponse, TrackingResult } from '@parceldesk/shared/schemas/packages';
import { packages, packageSearch, packageSearchText } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer } from '../../test/factories';
import { multipart, SAMPLE } from '../../test/multipart';
import { packageWorld, upsNumber, type PackageWorld } from './package-test-kit';

let t: TestApp;
let w: PackageWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
  await t.database.pool.query(`insert into courier_fee_settings (courier_id, unknown_fee) values ($1, 500) on conflict (courier_id) do update set unknown_fee = 500`, [w.courier.id]);
});
afterAll(() => t.close());

async function received(payload: Record<string, unknown>): Promise<PackageDetail> {
  const response = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { weight: 2, ...payload } });
  expect(response.statusCode).toBe(201);
  return response.json<ReceivePackageResponse>().package;
}
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const emailsTo = async (to: string) => (await t.database.pool.query(`select subject from email_outbox where to_address = $1 order by created_at`, [to])).rows.map((r) => r.subject as string);

describe('status moves', () => {
  it('follows the journey, records each step, refuses a jump with both statuses named, and tells the customer at notifying statuses', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.andre.id });
    const move = (status: string, note?: string) => inject('POST', `/api/packages/${pkg.id}/status`, w.as.admin, { status, note, location: 'KIN' });
    const jump = await move('delivered');
    expect(jump.statusCode).toBe(409);
    expect(jump.json()).toMatchObject({ message: 'A package cannot move from Received to Delivered', fieldErrors: { status: 'A package cannot move from Received to Delivered' } });
    expect((await move('received')).json().message).toBe('The package is already Received');
    for (const status of ['manifested', 'in_transit', 'arrived', 'ready_for_pickup']) expect((await move(status)).statusCode).toBe(200);
    const detail = (await move('collected', 'Collected by Andre')).json<PackageDetail>();
    expect(detail.status).toBe('collected');
    expect(detail.events.map((e) => e.status)).toEqual(['received', 'manifested', 'in_transit', 'arrived', 'ready_for_pickup', 'collected']);
    expect(detail.allowedStatuses).toEqual([]);
    expect(detail.events[5]).toMatchObject({ kind: 'status', note: 'Collected by Andre', location: 'KIN', by: expect.stringContaining('courier_admin') });
    const subjects = await emailsTo(w.andre.email);
    // received, in transit, arrived (issue 12: customers hear their shipment landed), ready for pickup, collected: not manifested.
    expect(subjects.filter((s) => s.includes(pkg.packageNumber))).toHaveLength(5);
    expect(subjects.some((s) => s.includes('Ready for pickup'))).toBe(true);
    // The customer reads the same timeline in their words, without staff names.
    const mine = (await inject('GET', `/api/packages/${pkg.id}`, w.as.andre)).json<PackageDetail>();
    expect(mine.events.map((e) => e.customerLabel)).toContain('Arrived: in customs clearance');
    expect(mine.events.every((e) => e.by === null && e.location === null)).toBe(true);
  });

  it('respects the customer\'s package-email switch (in-app notifications stay)', async () => {
    const quiet = await makeCustomer(t.database.db, w.courier, { packageEmails: false });
    const pkg = await received({ trackingNumber: upsNumber(), customerId: quiet.id });
    expect(await emailsTo(quiet.email)).toEqual([]);
    const { rows } = await t.database.pool.query(`select title from notifications where customer_id = $1`, [quiet.id]);
    expect(rows.map((r) => r.title)).toEqual([`Package received: ${pkg.packageNumber}`]);
  });

  it('staff need packages_manage to move or edit; a customer cannot', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.tanya.id });
    expect((await inject('POST', `/api/packages/${pkg.id}/status`, w.as.clerk, { status: 'on_hold' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/packages/${pkg.id}/status`, w.as.tanya, { status: 'on_hold' })).statusCode).toBe(403);
    expect((await inject('PUT', `/api/packages/${pkg.id}`, w.as.clerk, { weight: 3, reason: 'Reweighed' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/packages/${pkg.id}/status`, w.as.admin, { status: 'flying' })).statusCode).toBe(400);
  });
});

describe('corrections', () => {
  it('an edit recomputes weights and records what changed and why', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 2 });
    const response = await inject('PUT', `/api/packages/${pkg.id}`, w.as.admin, { weight: 3.5, length: 20, width: 10, height: 10, description: 'Shoes', reason: 'Scale was off' });
    expect(response.statusCode).toBe(200);
    const detail = response.json<PackageDetail>();
    expect(detail).toMatchObject({ weight: 3.5, volumetricWeight: 12.05, chargeableWeight: 13, description: 'Shoes' });
    const edit = detail.events.find((e) => e.kind === 'edit');
    expect(edit).toMatchObject({ note: 'Scale was off', status: 'received' });
    const { rows } = await t.database.pool.query(`select details from audit_logs where target_id = $1 and action = 'package.updated'`, [pkg.id]);
    expect(rows[0].details.changes.weight).toEqual({ from: 2, to: 3.5 });
    expect((await inject('PUT', `/api/packages/${pkg.id}`, w.as.admin, { weight: 3.5 })).json().message).toBe('Give a reason for the change');
    expect((await inject('PUT', `/api/packages/${pkg.id}`, w.as.admin, { weight: 3.5, reason: 'again' })).json().message).toBe('Nothing to change');
    await t.database.pool.query(
      `with issued as (insert into invoices (courier_id, customer_id, invoice_no, subtotal_cents, total_cents, pricing_snapshot)
         select courier_id, customer_id, 'INV-LOCK-1', 0, 0, '{}'::jsonb from packages where id = $1 returning id)
       update packages set invoice_id = (select id from issued) where id = $1`, [pkg.id]);
    const locked = await inject('PUT', `/api/packages/${pkg.id}`, w.as.admin, { weight: 4, reason: 'late' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('This package is on an invoice; its weights and description can no longer be edited');
  });
});

describe('unknown packages', () => {
  it('are listed for packages_unknown, and assigning one makes it the customer\'s with the unknown fee', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), labelName: 'Tanya B', mailboxNumber: 'XX-1' });
    expect(pkg.status).toBe('unknown');
    expect((await inject('GET', '/api/packages/unknown', w.as.clerk)).statusCode).toBe(403);
    const list = (await inject('GET', '/api/packages/unknown?search=Tanya%20B', w.as.admin)).json<ListResponse<{ id: string; labelName: string }>>();
    expect(list.data.map((p) => p.id)).toContain(pkg.id);
    expect((await inject('POST', `/api/packages/${pkg.id}/status`, w.as.admin, { status: 'received' })).json().message).toBe('Assign the package to a customer first');
    const assigned = await inject('POST', `/api/packages/${pkg.id}/assign`, w.as.admin, { customerId: w.tanya.id, note: 'Name on label' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<PackageDetail>()).toMatchObject({ status: 'received', customerId: w.tanya.id, unknownFee: 500, branchId: w.courier.branch.id });
    expect((await inject('POST', `/api/packages/${pkg.id}/assign`, w.as.admin, { customerId: w.andre.id })).statusCode).toBe(409);
    const other = await makeCourier(t.database.db);
    const stranger = await makeCustomer(t.database.db, other);
    const next = await received({ trackingNumber: upsNumber() });
    expect((await inject('POST', `/api/packages/${next.id}/assign`, w.as.admin, { customerId: stranger.id })).statusCode).toBe(404);
  });

  it('a claim with proof is approved: the package becomes the claimant\'s; claims never show another customer\'s data', async () => {
    const tracking = upsNumber();
    const pkg = await received({ trackingNumber: tracking });
    const claim = (headers: Record<string, string>, number: string, withProof = true) => {
      const form = multipart({ trackingNumber: number, note: 'My order' }, withProof ? [{ field: 'proof', fileName: 'order.png', data: SAMPLE.png }] : []);
      return t.app.inject({ method: 'POST', url: '/api/package-claims', headers: { ...headers, ...form.headers }, payload: form.payload });
    };
    expect((await claim(w.as.andre, tracking, false)).json().message).toBe('Upload a proof of purchase (invoice or order screenshot)');
    const mine = await received({ trackingNumber: upsNumber(), customerId: w.tanya.id });
    const notUnknown = await claim(w.as.andre, mine.trackingNumber);
    expect(notUnknown.statusCode).toBe(404);
    expect(notUnknown.json().message).toBe('We found no unknown package with this tracking number. Check the number, or contact us.');
    const andreClaim = await claim(w.as.andre, tracking.toLowerCase());
    expect(andreClaim.statusCode).toBe(201);
    expect(andreClaim.json<PackageClaim>()).toMatchObject({ status: 'pending', packageId: null, packageNumber: null });
    expect((await claim(w.as.andre, tracking)).statusCode).toBe(409);
    const tanyaClaim = (await claim(w.as.tanya, tracking)).json<PackageClaim>();
    const { rows: told } = await t.database.pool.query(`select title, link from notifications where user_id = $1 and type = 'package.claim'`, [w.admin.id]);
    expect(told).toContainEqual({ title: `New claim for ${tracking}`, link: '/admin/unknown-packages' });

    const tanyaList = (await inject('GET', '/api/package-claims', w.as.tanya)).json<ListResponse<PackageClaim>>();
    expect(tanyaList.data.map((c) => c.customer.id)).toEqual([w.tanya.id]);
    expect((await inject('PUT', `/api/package-claims/${tanyaClaim.id}`, w.as.clerk, { decision: 'approve' })).statusCode).toBe(403);
    expect((await inject('PUT', `/api/package-claims/${tanyaClaim.id}`, w.as.admin, { decision: 'reject' })).json().message).toBe('Give the reason for rejecting the claim');

    const approved = await inject('PUT', `/api/package-claims/${andreClaim.json<PackageClaim>().id}`, w.as.admin, { decision: 'approve', reason: 'Order matches' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<PackageClaim>()).toMatchObject({ status: 'approved', packageId: pkg.id });
    const detail = (await inject('GET', `/api/packages/${pkg.id}`, w.as.andre)).json<PackageDetail>();
    expect(detail).toMatchObject({ status: 'received', customerId: w.andre.id, unknownFee: 500 });
    const rejected = (await inject('GET', '/api/package-claims', w.as.tanya)).json<ListResponse<PackageClaim>>().data.find((c) => c.id === tanyaClaim.id);
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'Another claim for this package was approved', packageId: null });
    expect((await emailsTo(w.tanya.email)).some((s) => s.includes('Claim not approved'))).toBe(true);
    expect((await inject('GET', `/api/packages/${pkg.id}`, w.as.tanya)).statusCode).toBe(404);
  });
});

describe('lists, detail and tracking', () => {
  it('staff search by package number, tracking, customer name and mailbox, and filter; a customer sees only their own', async () => {
    const tracking = upsNumber();
    const pkg = await received({ trackingNumber: tracking, customerId: w.tanya.id, service: 'sea' });
    const search = async (term: string) => {
      const response = await inject('GET', `/api/packages?pageSize=100&search=${encodeURIComponent(term)}`, w.as.clerk);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListResponse<PackageListItem>>().data.map((p) => p.id);
    };
    expect(await search(pkg.packageNumber)).toEqual([pkg.id]);
    expect(await search(tracking.slice(-10).toLowerCase())).toEqual([pkg.id]);
    expect(await search('Tanya Bro')).toContain(pkg.id);
    expect(await search(w.tanya.mailboxNumber)).toContain(pkg.id);
    expect(await search('Andre Reid')).not.toContain(pkg.id);
    const filtered = (await inject('GET', `/api/packages?pageSize=100&filters=${encodeURIComponent(JSON.stringify({ service: 'sea', status: 'received' }))}`, w.as.clerk)).json<ListResponse<PackageListItem>>();
    expect(filtered.data.every((p) => p.service === 'sea' && p.status === 'received')).toBe(true);
    expect(filtered.data.map((p) => p.id)).toContain(pkg.id);
    const andreList = (await inject('GET', '/api/packages?pageSize=100', w.as.andre)).json<ListResponse<PackageListItem>>();
    expect(andreList.data.every((p) => p.customerId === w.andre.id)).toBe(true);
    expect((await inject('GET', `/api/packages/${pkg.id}`, w.as.andre)).statusCode).toBe(404);
    expect((await inject('GET', '/api/packages', w.as.noPackages)).statusCode).toBe(403);

    const other = await makeCourier(t.database.db);
    const otherAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: other }))).headers;
    expect((await inject('GET', `/api/packages/${pkg.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await inject('POST', `/api/packages/${pkg.id}/status`, otherAdmin, { status: 'on_hold' })).statusCode).toBe(404);
    expect((await inject('GET', '/api/packages?pageSize=100', otherAdmin)).json<ListResponse<PackageListItem>>().total).toBe(0);
    const superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
    const network = (await inject('GET', `/api/packages?search=${pkg.packageNumber}`, superAdmin)).json<ListResponse<PackageListItem>>();
    expect(network.data[0]).toMatchObject({ id: pkg.id, courierName: w.courier.name });
    const stranger = await makeCustomer(t.database.db, other);
    expect((await inject('GET', `/api/packages/${pkg.id}`, (await signInCustomer(t.app, stranger, other.apiKey)).headers)).statusCode).toBe(404);
  });

  it('a whole tracking or package number finds that package alone; part of one finds every package containing it', async () => {
    // A 12-digit number that is also the tail of a 22-digit one (a USPS number of another parcel).
    const short = `77${String(Date.now()).slice(-10)}`;
    const inner = await received({ trackingNumber: short, customerId: w.tanya.id });
    const outer = await received({ trackingNumber: `9400111${short}999`, customerId: w.andre.id });
    const other = await makeCourier(t.database.db);
    const otherAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: other }))).headers;
    const theirs = (await inject('POST', '/api/packages/receive', otherAdmin, { trackingNumber: short, weight: 1 })).json<ReceivePackageResponse>().package;
    const search = async (term: string, headers = w.as.clerk) => {
      const response = await inject('GET', `/api/packages?pageSize=100&search=${encodeURIComponent(term)}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListResponse<PackageListItem>>().data.map((p) => p.id).sort();
    };
    expect(await search(short)).toEqual([inner.id]);
    expect(await search(` ${short.slice(0, 6)} ${short.slice(6)} `)).toEqual([inner.id]); // as typed with spaces
    expect(await search(short.slice(1))).toEqual([inner.id, outer.id].sort());
    expect(await search(outer.packageNumber.toLowerCase())).toEqual([outer.id]);
    expect(await search(short, otherAdmin)).toEqual([theirs.id]);
    // Across the network: each courier's package of the number, and a package number in its own courier.
    const superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
    expect(await search(short, superAdmin)).toEqual([inner.id, theirs.id].sort());
    expect(await search(theirs.packageNumber, superAdmin)).toEqual([theirs.id]);
  });

  it('a number a parcel gets later (the packing system\'s house number) is found by part of it; a status move leaves the search as it was', async () => {
    const pkg = await received({ trackingNumber: upsNumber(), customerId: w.tanya.id });
    const house = `HN${String(Date.now()).slice(-9)}`;
    const search = async (term: string) => (await inject('GET', `/api/packages?pageSize=100&search=${encodeURIComponent(term)}`, w.as.clerk))
      .json<ListResponse<PackageListItem>>().data.map((p) => p.id);
    expect(await search(house.slice(1))).toEqual([]);
    await t.database.pool.query(`update packages set external_control_number = $2 where id = $1`, [pkg.id, house]);
    expect(await search(house.slice(1))).toEqual([pkg.id]);
    expect((await inject('POST', `/api/packages/${pkg.id}/status`, w.as.admin, { status: 'on_hold', note: 'Held for inspection' })).statusCode).toBe(200);
    expect(await search(house.slice(1))).toEqual([pkg.id]);
    // The triggers of migration 0035 write what packageSearchText (db/schema/packages.ts) says, for every parcel.
    const [astray] = await t.database.db.select({ n: count() }).from(packages).leftJoin(packageSearch, eq(packageSearch.packageId, packages.id))
      .where(sql`${packageSearch.text} is distinct from ${packageSearchText(packages)} or ${packageSearch.courierId} is distinct from ${packages.courierId}`);
    expect(astray?.n).toBe(0);
  });

  it('public tracking shows the timeline in customer words and only a first-name initial, within the api_key\'s courier', async () => {
    const tracking = upsNumber();
    const pkg = await received({ trackingNumber: tracking, customerId: w.tanya.id });
    const response = await t.app.inject({ method: 'GET', url: `/api/track/${encodeURIComponent(tracking.toLowerCase())}?api_key=${w.courier.apiKey}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<TrackingResult>();
    expect(body).toMatchObject({ packageNumber: pkg.packageNumber, statusLabel: 'Received', recipientInitial: 'T.', courierName: w.courier.name });
    expect(JSON.stringify(body)).not.toContain('Brown');
    expect(JSON.stringify(body)).not.toContain(w.tanya.mailboxNumber);
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${pkg.packageNumber}?api_key=${w.courier.apiKey}` })).json<TrackingResult>().trackingNumber).toBe(tracking);
    const other = await makeCourier(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${tracking}?api_key=${other.apiKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${tracking}` })).statusCode).toBe(400);
  });

  it('public tracking is rate-limited per IP', async () => {
    const limited = await createTestApp({ TRACK_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await limited.app.inject({ method: 'GET', url: '/api/track/123456?api_key=nope' })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
