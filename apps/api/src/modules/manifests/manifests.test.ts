import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { ManifestAddResult, ManifestDetail, ManifestListItem } from '@parceldesk/shared/schemas/manifests';
import { packageFiles, storedFiles } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { airHeader, freshMawb, insertReceived, makeCourier, makeUser, manifestWorld, signIn, type ManifestWorld } from './manifest-test-kit';
import { jamaicaYear } from './manifest-writes.service';

let t: TestApp;
let w: ManifestWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await manifestWorld(t.app, t.database.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
async function newManifest(overrides: Record<string, unknown> = {}, headers = w.as.clerk): Promise<ManifestDetail> {
  const response = await call('POST', '/api/manifests', headers, airHeader({ mawb: freshMawb(), ...overrides }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ManifestDetail>();
}
const add = (id: string, body: object, headers: Record<string, string> = w.as.clerk) => call('POST', `/api/manifests/${id}/packages`, headers, body);
const move = (id: string, action: string, headers: Record<string, string> = w.as.clerk, note?: string) => call('POST', `/api/manifests/${id}/status`, headers, { action, note });
const statusesOf = async (ids: string[]) => (await t.database.pool.query(`select id, status from packages where id = any($1)`, [ids])).rows.map((r) => r.status as string);
const eventsOf = async (id: string) => (await t.database.pool.query(`select status, note from package_events where package_id = $1 order by created_at, id`, [id])).rows as { status: string; note: string }[];

describe('creating manifests', () => {
  it('numbers per service and year, and says what is wrong with the header', async () => {
    const year = jamaicaYear();
    const air = await newManifest();
    const air2 = await newManifest();
    const sea = await newManifest({ service: 'sea', mawb: null, billOfLading: 'ZIMU1234567', origin: 'USPEF', destination: 'JMKIN' });
    expect(air).toMatchObject({ number: `AIR-${year}-0001`, status: 'open', origin: 'MIA', destination: 'KIN', allowedActions: ['close'], canEditPackages: true });
    expect(air2.number).toBe(`AIR-${year}-0002`);
    expect(sea).toMatchObject({ number: `SEA-${year}-0001`, waybill: 'ZIMU1234567', mawb: null });
    expect(air.events.map((e) => e.toStatus)).toEqual(['open']);

    const bad = await call('POST', '/api/manifests', w.as.clerk, airHeader({ mawb: '001-12345670', origin: 'XYZ' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      mawb: 'The master air waybill check digit is wrong: for serial 1234567 the last digit must be 5 (1234567 mod 7), not 0',
      origin: 'Origin must be a known airport or port code: MIA, FLL, KIN, MBJ … for AIR, USMIA, USPEF, JMKIN … for SEA; "XYZ" is not one',
    });
    const late = await call('POST', '/api/manifests', w.as.clerk, airHeader({ departureDate: '2026-12-05' }));
    expect([late.statusCode, late.json().fieldErrors]).toEqual([400, { arrivalDate: 'The departure date must be on or before the arrival date' }]);
  });

  it('needs manifests_manage to create; a viewer reads only; the super admin reads the network but creates nothing', async () => {
    expect((await call('POST', '/api/manifests', w.as.viewer, airHeader())).statusCode).toBe(403);
    const mine = await newManifest();
    expect((await call('GET', `/api/manifests/${mine.id}`, w.as.viewer)).json<ManifestDetail>()).toMatchObject({ allowedActions: [], canEditPackages: false });
    const superAdmin = await makeUser(t.database.db, { role: 'super_admin' });
    const sa = (await signIn(t.app, superAdmin)).headers;
    expect((await call('POST', '/api/manifests', sa, airHeader())).statusCode).toBe(403);
    const list = (await call('GET', `/api/manifests?search=${encodeURIComponent(mine.number)}&filters=${encodeURIComponent(JSON.stringify({ courierName: w.courier.id }))}`, sa)).json<ListResponse<ManifestListItem>>();
    expect(list.data.map((m) => [m.number, m.courierName])).toEqual([[mine.number, w.courier.name]]);
  });
});

describe('loading parcels', () => {
  it('adds by id, package number and tracking number; refuses with the reason; a repeated scan is harmless', async () => {
    const m = await newManifest();
    const [a, b, c] = [await insertReceived(t.database.db, w.courier, w.tanya.id), await insertReceived(t.database.db, w.courier, w.tanya.id), await insertReceived(t.database.db, w.courier, w.andre.id)];
    const sea = await insertReceived(t.database.db, w.courier, w.andre.id, { service: 'sea' });
    const unknown = await insertReceived(t.database.db, w.courier, null);
    const delivered = await insertReceived(t.database.db, w.courier, w.andre.id, { status: 'delivered' });

    const first = await add(m.id, { packageIds: [a.id], codes: [b.packageNo.toLowerCase(), c.trackingNumber.replace(/(.{4})/g, '$1 ')] });
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<ManifestAddResult>();
    expect(result.added.map((x) => x.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(result.totals).toEqual({ packages: 3, pieces: 3, weight: 7.5, chargeableWeight: 9, declaredValueCents: 3 * 4599 });
    expect(await statusesOf([a.id, b.id, c.id])).toEqual(['manifested', 'manifested', 'manifested']);
    expect((await eventsOf(a.id)).at(-1)).toEqual({ status: 'manifested', note: `Loaded on manifest ${m.number}` });

    const refusal = async (code: string) => (await add(m.id, { codes: [code] })).json<{ message: string }>();
    expect((await add(m.id, { codes: [sea.packageNo] })).statusCode).toBe(422);
    expect(await refusal(sea.packageNo)).toMatchObject({ message: `${sea.packageNo} is a SEA package; this is an AIR manifest`, code: 'manifest.other_service' });
    expect((await refusal(unknown.trackingNumber)).message).toBe(`${unknown.packageNo} is an unknown package: assign it to a customer before shipping it`);
    expect((await refusal(delivered.packageNo)).message).toBe(`${delivered.packageNo} is Delivered: only received packages can be loaded`);
    expect((await refusal('NOSUCHNUMBER1')).message).toBe('No package of this courier has the number NOSUCHNUMBER1');

    const again = await add(m.id, { codes: [a.packageNo] });
    expect(again.json<ManifestAddResult>()).toMatchObject({ message: `${a.packageNo} added (3 packages on the manifest)`, refused: [] });
    expect((await eventsOf(a.id)).filter((e) => e.status === 'manifested')).toHaveLength(1);

    const other = await newManifest();
    const taken = await add(other.id, { codes: [a.packageNo] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`${a.packageNo} is already on manifest ${m.number}`);

    // Part of a list can go on while the rest is refused, each with its reason.
    const d = await insertReceived(t.database.db, w.courier, w.andre.id);
    const mixed = (await add(other.id, { packageIds: [d.id], codes: [a.packageNo] })).json<ManifestAddResult>();
    expect(mixed.added.map((x) => x.id)).toEqual([d.id]);
    expect(mixed.refused).toEqual([{ code: a.packageNo, reason: 'on_other_manifest', message: `${a.packageNo} is already on manifest ${m.number}` }]);
  });

  it('an Idempotency-Key replays the first answer; the same key for another request is 409', async () => {
    const m = await newManifest();
    const p = await insertReceived(t.database.db, w.courier, w.tanya.id);
    const headers = { ...w.as.clerk, 'idempotency-key': `scan-${p.id}` };
    const once = await add(m.id, { codes: [p.packageNo] }, headers);
    const twice = await add(m.id, { codes: [p.packageNo] }, headers);
    expect([once.statusCode, twice.statusCode]).toEqual([200, 200]);
    expect(twice.json<ManifestAddResult>().added.map((x) => x.id)).toEqual([p.id]);
    expect((await eventsOf(p.id)).filter((e) => e.status === 'manifested')).toHaveLength(1);
    expect((await add(m.id, { codes: ['SOMETHINGELSE'] }, headers)).statusCode).toBe(409);
  });

  it('a parcel loaded at two stations onto two manifests at the same moment ends up on exactly one', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [m1, m2] = [await newManifest(), await newManifest()];
      const p = await insertReceived(t.database.db, w.courier, w.tanya.id);
      const answers = await Promise.all([add(m1.id, { codes: [p.packageNo] }), add(m2.id, { packageIds: [p.id] })]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const { rows } = await t.database.pool.query(`select manifest_id from manifest_packages where package_id = $1`, [p.id]);
      expect(rows).toHaveLength(1);
      expect((await eventsOf(p.id)).filter((e) => e.status === 'manifested')).toHaveLength(1);
    }
  });

  it('removes a parcel while open (received again), never once closed', async () => {
    const m = await newManifest();
    const [p, q] = [await insertReceived(t.database.db, w.courier, w.tanya.id), await insertReceived(t.database.db, w.courier, w.tanya.id)];
    await add(m.id, { packageIds: [p.id, q.id] });
    const removed = await call('DELETE', `/api/manifests/${m.id}/packages/${p.id}`, w.as.clerk);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ManifestDetail>().totals.packages).toBe(1);
    expect(await statusesOf([p.id])).toEqual(['received']);
    expect((await eventsOf(p.id)).at(-1)).toEqual({ status: 'received', note: `Removed from manifest ${m.number}` });
    expect((await call('DELETE', `/api/manifests/${m.id}/packages/${p.id}`, w.as.clerk)).json()).toMatchObject({ message: 'This package is not on this manifest' });

    expect((await move(m.id, 'close')).statusCode).toBe(200);
    const sealed = 'This manifest is closed: its parcels can no longer be changed. A courier admin can reopen it.';
    expect((await call('DELETE', `/api/manifests/${m.id}/packages/${q.id}`, w.as.clerk)).json()).toMatchObject({ message: sealed });
    const late = await add(m.id, { packageIds: [p.id] });
    expect([late.statusCode, late.json().message]).toEqual([409, sealed]);
    const edit = await call('PATCH', `/api/manifests/${m.id}`, w.as.clerk, airHeader({ mawb: m.mawb, carrier: 'Other' }));
    expect([edit.statusCode, edit.json().message]).toEqual([409, 'This manifest is closed: its details can no longer be edited. A courier admin can reopen it.']);
  });
});

describe('status moves', () => {
  it('moves every parcel with the manifest, one event each, and emails each customer once at in transit and arrived', async () => {
    const m = await newManifest({ mawb: null });
    const parcels = [await insertReceived(t.database.db, w.courier, w.tanya.id), await insertReceived(t.database.db, w.courier, w.tanya.id), await insertReceived(t.database.db, w.courier, w.andre.id)];
    const ids = parcels.map((p) => p.id);
    expect((await move(m.id, 'close')).statusCode).toBe(409);
    expect((await move(m.id, 'depart')).json().message).toBe('An Open manifest cannot be marked departed (it must be Closed)');
    await add(m.id, { packageIds: ids });
    const noWaybill = await move(m.id, 'close');
    expect([noWaybill.statusCode, noWaybill.json().message]).toEqual([409, 'Enter the master air waybill number before closing the manifest']);
    expect((await call('PATCH', `/api/manifests/${m.id}`, w.as.clerk, airHeader({ mawb: freshMawb() }))).statusCode).toBe(200);

    const closed = await move(m.id, 'close');
    expect(closed.json()).toMatchObject({ moved: 3, skipped: 0, manifest: { status: 'closed', packageCount: 3 } });
    expect((await call('GET', `/api/manifests/${m.id}`, w.as.clerk)).json<ManifestDetail>().allowedActions).toEqual(['depart']);
    const emailsBefore = (await t.database.pool.query(`select count(*)::int as n from email_outbox where to_address in ($1, $2)`, [w.tanya.email, w.andre.email])).rows[0].n as number;
    const departed = await move(m.id, 'depart');
    expect(departed.json()).toMatchObject({ message: 'Manifest departed: 3 packages In Transit', manifest: { status: 'departed' } });
    expect(await statusesOf(ids)).toEqual(['in_transit', 'in_transit', 'in_transit']);
    expect((await move(m.id, 'arrive')).json<{ manifest: ManifestListItem }>().manifest.status).toBe('arrived');
    expect(await statusesOf(ids)).toEqual(['arrived', 'arrived', 'arrived']);
    for (const id of ids) {
      expect((await eventsOf(id)).map((e) => e.status)).toEqual(['manifested', 'manifested', 'in_transit', 'arrived']);
    }
    const { rows } = await t.database.pool.query(`select to_address, subject from email_outbox where to_address in ($1, $2) order by created_at offset $3`, [w.tanya.email, w.andre.email, emailsBefore]);
    expect(rows.filter((r) => r.to_address === w.tanya.email).map((r) => r.subject)).toEqual([
      `${w.courier.name}: 2 packages: In transit`, `${w.courier.name}: 2 packages: Arrived: in customs clearance`,
    ]);
    expect(rows.filter((r) => r.to_address === w.andre.email).map((r) => r.subject)).toEqual([
      `${w.courier.name}: ${parcels[2]!.packageNo}: In transit`, `${w.courier.name}: ${parcels[2]!.packageNo}: Arrived: in customs clearance`,
    ]);
    const detail = (await call('GET', `/api/manifests/${m.id}`, w.as.clerk)).json<ManifestDetail>();
    expect(detail.events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(['null→open', 'open→closed', 'closed→departed', 'departed→arrived']);
    expect(detail.departureDate).toBe('2026-12-01');
    expect((await move(m.id, 'arrive')).statusCode).toBe(409);
  });

  it('only a courier admin reopens, with a reason, and the reopening is audited', async () => {
    const m = await newManifest();
    const p = await insertReceived(t.database.db, w.courier, w.andre.id);
    await add(m.id, { packageIds: [p.id] });
    await move(m.id, 'close');
    const byClerk = await move(m.id, 'reopen');
    expect([byClerk.statusCode, byClerk.json().message]).toEqual([403, 'Only a courier admin can reopen a manifest']);
    expect((await move(m.id, 'reopen', w.as.admin)).json()).toMatchObject({ message: 'Give the reason for reopening the manifest' });
    const reopened = await move(m.id, 'reopen', w.as.admin, 'Two parcels missed the cut-off');
    expect(reopened.json()).toMatchObject({ manifest: { status: 'open' } });
    const { rows } = await t.database.pool.query(`select actor_id, details from audit_logs where action = 'manifest.reopen' and target_id = $1`, [m.id]);
    expect(rows).toEqual([{ actor_id: w.admin.id, details: expect.objectContaining({ note: 'Two parcels missed the cut-off', number: m.number, moved: 1 }) }]);
    const after = (await call('GET', `/api/manifests/${m.id}`, w.as.admin)).json<ManifestDetail>();
    expect(after.canEditPackages).toBe(true);
    expect(after.events.at(-1)).toMatchObject({ fromStatus: 'closed', toStatus: 'open', note: 'Two parcels missed the cut-off' });
  });
});

describe('a parcel on a manifest moves with it', () => {
  it('refuses a status move or a service change of a manifested parcel (409 naming the manifest), and allows both once it is removed', async () => {
    const manifest = await newManifest();
    const pkg = await insertReceived(t.database.db, w.courier, w.tanya.id);
    expect((await add(manifest.id, { packageIds: [pkg.id] })).statusCode).toBe(200);

    const hold = await call('POST', `/api/packages/${pkg.id}/status`, w.as.admin, { status: 'on_hold', note: 'Customs query' });
    expect(hold.statusCode, hold.body).toBe(409);
    expect(hold.json().message).toBe(`${pkg.packageNo} is on manifest ${manifest.number} (Open): its status follows the manifest; remove it from the manifest first`);
    const sea = await t.app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}`, headers: w.as.admin, payload: { service: 'sea', reason: 'Customer asked for sea' } });
    expect(sea.statusCode, sea.body).toBe(409);
    expect(sea.json().message).toBe(`The service of ${pkg.packageNo} cannot change while it is on manifest ${manifest.number}: remove it from the manifest first`);
    // Other corrections still go through while it is on the manifest.
    const note = await t.app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}`, headers: w.as.admin, payload: { notes: 'Fragile', reason: 'Noted at loading' } });
    expect(note.statusCode, note.body).toBe(200);

    expect((await move(manifest.id, 'close')).statusCode).toBe(200);
    const closed = await call('POST', `/api/packages/${pkg.id}/status`, w.as.admin, { status: 'on_hold' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(`${pkg.packageNo} is on manifest ${manifest.number} (Closed): its status follows the manifest until it is reconciled`);
    expect(await statusesOf([pkg.id])).toEqual(['manifested']);

    expect((await move(manifest.id, 'reopen', w.as.admin, 'Take one off')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/manifests/${manifest.id}/packages/${pkg.id}`, w.as.clerk)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}`, headers: w.as.admin, payload: { service: 'sea', reason: 'Customer asked for sea' } })).statusCode).toBe(200);
    expect((await call('POST', `/api/packages/${pkg.id}/status`, w.as.admin, { status: 'on_hold' })).statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  it('another courier\'s manifest is not found for reading, loading, moving or exporting', async () => {
    const m = await newManifest();
    const other = await makeCourier(t.database.db);
    const stranger = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: other }))).headers;
    const theirParcel = await insertReceived(t.database.db, other, null);
    expect((await call('GET', `/api/manifests/${m.id}`, stranger)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/manifests/${m.id}`, stranger, airHeader())).statusCode).toBe(404);
    expect((await add(m.id, { codes: ['X1234567'] }, stranger)).statusCode).toBe(404);
    expect((await move(m.id, 'close', stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/manifests/${m.id}/export?format=csv`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/manifests', stranger)).json<ListResponse<ManifestListItem>>().data.some((x) => x.id === m.id)).toBe(false);
    // Nor can a courier load another courier's parcel onto its own manifest.
    expect((await add(m.id, { packageIds: [theirParcel.id] })).json()).toMatchObject({ message: 'No package of this courier has this id' });
    expect((await add(m.id, { codes: [theirParcel.packageNo] })).json().message).toBe(`No package of this courier has the number ${theirParcel.packageNo}`);
  });
});

describe('exports', () => {
  it('XLSX, CSV and the broker file parse back with the packages\' totals; the PDF and the invoices ZIP are what they say', async () => {
    const m = await newManifest();
    const parcels = [
      await insertReceived(t.database.db, w.courier, w.tanya.id, { weight: 1.25, chargeableWeight: 2, declaredValueCents: 1999, pieces: 2, description: '=HYPERLINK("x")' }),
      await insertReceived(t.database.db, w.courier, w.andre.id, { weight: 10.4, chargeableWeight: 11, declaredValueCents: 25000 }),
      await insertReceived(t.database.db, w.courier, w.andre.id, { weight: 3, chargeableWeight: 3, declaredValueCents: null }),
    ];
    await add(m.id, { packageIds: parcels.map((p) => p.id) });
    const [file] = await t.database.db.insert(storedFiles).values({ courierId: w.courier.id, kind: 'package_document', fileName: 'amazon invoice.pdf', contentType: 'application/pdf', sizeBytes: 9, data: Buffer.from('%PDF-1.4\n') }).returning();
    await t.database.db.insert(packageFiles).values({ courierId: w.courier.id, kind: 'invoice', storedFileId: file!.id, packageId: parcels[1]!.id });
    const expected = { packages: 3, pieces: 4, weight: 14.65, chargeable: 16, value: 269.99 };
    const exportOf = (format: string) => call('GET', `/api/manifests/${m.id}/export?format=${format}`, w.as.viewer);

    const xlsx = await exportOf('xlsx');
    expect(xlsx.headers['content-disposition']).toContain(`${m.number}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Manifest')!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const lines = rows.filter((r) => parcels.some((p) => p.packageNo === r[1]));
    expect(lines).toHaveLength(3);
    const sum = (column: number) => Math.round(lines.reduce((n, r) => n + Number(r[column]), 0) * 100) / 100;
    const total = rows.find((r) => r[1] === 'TOTAL')!;
    expect([sum(7), sum(8), sum(9), sum(10)]).toEqual([expected.pieces, expected.weight, expected.chargeable, expected.value]);
    expect([total[7], total[8], total[9], total[10]]).toEqual([expected.pieces, expected.weight, expected.chargeable, expected.value]);
    expect(rows.find((r) => r[1] === 'Master air waybill')?.[2]).toBe(m.mawb);
    const byCustomer = book.getWorksheet('By customer')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(byCustomer.find((r) => r[1] === 'Andre Reid')?.slice(3, 8)).toEqual([2, 2, 13.4, 14, 250]);

    const csv = parse((await exportOf('csv')).body, { columns: true }) as Record<string, string>[];
    const csvLines = csv.filter((r) => r['Package number'] !== 'TOTAL');
    expect(csvLines.map((r) => r['Package number']).sort()).toEqual(parcels.map((p) => p.packageNo).sort());
    expect(csvLines.reduce((n, r) => n + Number(r['Weight (lb)']), 0)).toBeCloseTo(expected.weight, 5);
    expect(csv.find((r) => r['Package number'] === 'TOTAL')).toMatchObject({ Pieces: '4', 'Weight (lb)': '14.65', 'Declared value (US$)': '269.99' });
    // A cell a spreadsheet would run as a formula is kept as text.
    expect(csvLines.find((r) => r['Package number'] === parcels[0]!.packageNo)?.Description).toBe('\'=HYPERLINK("x")');

    const broker = parse((await exportOf('broker')).body, { columns: true }) as Record<string, string>[];
    expect(broker).toHaveLength(3);
    expect(broker.find((r) => r['House reference'] === parcels[1]!.packageNo)).toMatchObject({
      'Consignee name': 'Andre Reid', TRN: '987654321', 'Mailbox number': expect.any(String), Pieces: '1', 'Weight (lb)': '10.40',
      'Declared value (US$)': '250.00', 'Tracking number': parcels[1]!.trackingNumber, 'Invoice attached': 'Yes', Waybill: m.mawb,
    });
    expect(broker.filter((r) => r['Invoice attached'] === 'No')).toHaveLength(2);

    const pdf = await exportOf('pdf');
    expect([pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual(['application/pdf', '%PDF-']);
    // Three parcels fit one page; the page footer adds none.
    expect(pdf.rawPayload.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    const zip = unzipSync(new Uint8Array((await exportOf('invoices')).rawPayload));
    expect(Object.keys(zip)).toEqual([`${parcels[1]!.packageNo}-amazon invoice.pdf`]);
    expect((await exportOf('docx')).statusCode).toBe(400);
  });
});

describe('list', () => {
  it('filters by service, status and departure dates, searches by MAWB, sorts by package count', async () => {
    const mawb = freshMawb();
    const m = await newManifest({ mawb, departureDate: '2027-03-10', arrivalDate: '2027-03-11' });
    await add(m.id, { packageIds: [(await insertReceived(t.database.db, w.courier, w.tanya.id)).id] });
    const list = async (query: string) => (await call('GET', `/api/manifests?${query}`, w.as.viewer)).json<ListResponse<ManifestListItem>>();
    expect((await list(`search=${mawb.slice(4)}`)).data.map((x) => x.number)).toEqual([m.number]);
    const filters = encodeURIComponent(JSON.stringify({ service: 'air', status: 'open', departureDate: { from: '2027-03-01', to: '2027-03-31' } }));
    const found = await list(`filters=${filters}`);
    expect(found.data.map((x) => [x.number, x.packageCount, x.waybill])).toEqual([[m.number, 1, mawb]]);
    expect((await list(`filters=${encodeURIComponent(JSON.stringify({ service: 'sea', departureDate: { from: '2027-03-01' } }))}`)).data).toEqual([]);
    expect((await list('sort=packageCount&order=desc')).data[0]!.packageCount).toBeGreaterThanOrEqual(1);
  });
});
