import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationFinishResult, ReconciliationScanResult, ReconciliationView } from '@parceldesk/shared/schemas/reconciliation';
import type { PackageDetail } from '@parceldesk/shared/schemas/packages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertManifest, insertPackage, reconciliationWorld, type ReconciliationWorld } from './reconciliation-test-kit';

let t: TestApp;
let w: ReconciliationWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await reconciliationWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const url = (manifestId: string, tail = '') => `/api/manifests/${manifestId}/reconciliation${tail}`;
const start = (headers: Record<string, string>, manifestId: string, payload: object = {}) => t.app.inject({ method: 'POST', url: url(manifestId), headers, payload });
const scan = (headers: Record<string, string>, manifestId: string, code: string, clientScanId = `scan-${randomUUID()}`) =>
  t.app.inject({ method: 'POST', url: url(manifestId, '/scans'), headers, payload: { code, clientScanId, deviceId: 'dock-1' } });
const view = async (headers: Record<string, string>, manifestId: string) => (await t.app.inject({ method: 'GET', url: url(manifestId), headers })).json<ReconciliationView>();

/** An arrived manifest of three Kingston parcels of Tanya's and one Montego Bay parcel of Andre's, started by clerk A. */
async function arrivedManifest() {
  const db = t.database.db;
  const kingston = await Promise.all([1, 2, 3].map(() => insertPackage(db, w.courier, { customerId: w.tanya.id, branchId: w.courier.branch.id })));
  const montego = await insertPackage(db, w.courier, { customerId: w.andre.id, branchId: w.montego.id });
  const manifest = await insertManifest(db, w.courier, [...kingston, montego]);
  expect((await start(w.as.clerkA, manifest.id)).statusCode).toBe(201);
  return { manifest, kingston, montego };
}

describe('starting a reconciliation', () => {
  it('refuses a manifest that has not arrived (409 naming its status), and resumes one under way', async () => {
    const pkg = await insertPackage(t.database.db, w.courier, { customerId: w.tanya.id, branchId: w.courier.branch.id, status: 'in_transit' });
    const departed = await insertManifest(t.database.db, w.courier, [pkg], 'departed');
    const refused = await start(w.as.clerkA, departed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A Departed manifest cannot be reconciled (it must be Arrived)');
    expect((await scan(w.as.clerkA, departed.id, pkg.packageNo)).json().message).toBe('Start the reconciliation of this manifest first');

    const { manifest } = await arrivedManifest();
    const again = await start(w.as.clerkB, manifest.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<ReconciliationView>()).toMatchObject({ reconciliation: { status: 'in_progress', branchId: w.courier.branch.id }, counts: { expected: 4, received: 0, missing: 4 } });
  });

  it("answers 404 for another courier's manifest, to read, start, scan and finish alike", async () => {
    const { manifest } = await arrivedManifest();
    for (const request of [
      { method: 'GET' as const, url: url(manifest.id) }, { method: 'POST' as const, url: url(manifest.id), payload: {} },
      { method: 'POST' as const, url: url(manifest.id, '/scans'), payload: { code: 'X1234567', clientScanId: 'scan-12345678' } },
      { method: 'POST' as const, url: url(manifest.id, '/damaged') },
      { method: 'POST' as const, url: url(manifest.id, '/finish') }, { method: 'GET' as const, url: url(manifest.id, '/report?format=pdf') },
    ]) {
      expect((await t.app.inject({ ...request, headers: w.as.otherAdmin })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: url(manifest.id), headers: w.as.viewer })).statusCode).toBe(403);
  });
});

describe('scanning', () => {
  it('applies identical scans fired at once exactly once: every answer is the first scan', async () => {
    const { manifest, kingston } = await arrivedManifest();
    const clientScanId = `scan-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => scan(w.as.clerkA, manifest.id, kingston[0]!.packageNo, clientScanId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = answers.map((a) => a.json<ReconciliationScanResult>());
    expect(new Set(bodies.map((b) => b.scan.id)).size).toBe(1);
    expect(bodies.filter((b) => b.result === 'recorded')).toHaveLength(1);
    expect(bodies.filter((b) => b.result === 'replayed')).toHaveLength(7);
    const { rows } = await t.database.pool.query('select count(*)::int as n from reconciliation_scans s join reconciliations r on r.id = s.reconciliation_id where r.manifest_id = $1', [manifest.id]);
    expect(rows[0].n).toBe(1);
    expect((await view(w.as.admin, manifest.id)).counts).toEqual({ expected: 4, received: 1, damaged: 0, missing: 3, extra: 0 });
  });

  it('counts a parcel once when three people scan the manifest at once, the same parcel among them', async () => {
    const { manifest, kingston, montego } = await arrivedManifest();
    const heads = [w.as.clerkA, w.as.clerkB, w.as.clerkC];
    const codes = [kingston[0]!.packageNo, kingston[0]!.trackingNumber, kingston[1]!.packageNo, kingston[2]!.trackingNumber.toLowerCase(), montego.packageNo, kingston[1]!.packageNo];
    const answers = await Promise.all(codes.map((code, i) => scan(heads[i % 3]!, manifest.id, code)));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    const results = answers.map((a) => a.json<ReconciliationScanResult>());
    expect(results.filter((r) => r.result === 'recorded')).toHaveLength(4);
    const repeat = results.find((r) => r.result === 'already_scanned');
    expect(repeat?.message).toMatch(/was already scanned by .+ at \d/);
    const live = await view(w.as.clerkB, manifest.id);
    expect(live.counts).toEqual({ expected: 4, received: 4, damaged: 0, missing: 0, extra: 0 });
    expect(live.lastScans).toHaveLength(4);
    const { rows } = await t.database.pool.query('select count(distinct scanned_by)::int as n from reconciliation_scans where id = any($1)', [live.lastScans.map((s) => s.id)]);
    expect(rows[0].n).toBeGreaterThan(1);
  });

  it('records a parcel of another manifest as extra with the manifest it belongs to, and an unknown code as extra', async () => {
    const { manifest } = await arrivedManifest();
    const stray = await insertPackage(t.database.db, w.courier, { customerId: w.tanya.id, branchId: w.courier.branch.id, status: 'in_transit' });
    const home = await insertManifest(t.database.db, w.courier, [stray], 'departed');
    const extra = (await scan(w.as.clerkA, manifest.id, stray.trackingNumber)).json<ReconciliationScanResult>();
    expect(extra.scan).toMatchObject({ outcome: 'extra', packageNumber: stray.packageNo, belongsTo: { manifestId: home.id, manifestNumber: home.number } });
    expect(extra.message).toBe(`${stray.packageNo} is not on this manifest: it belongs to ${home.number}. Recorded as extra`);
    const unknown = (await scan(w.as.clerkB, manifest.id, '1ZNOTOURS00000001')).json<ReconciliationScanResult>();
    expect(unknown.scan).toMatchObject({ outcome: 'extra', packageId: null, belongsTo: null });
    expect(unknown.message).toBe('1ZNOTOURS00000001 is not a package of ours: recorded as extra');
    expect(unknown.counts).toMatchObject({ extra: 2, received: 0, missing: 4 });
    expect((await view(w.as.admin, manifest.id)).extras.map((s) => s.code)).toEqual([stray.trackingNumber, '1ZNOTOURS00000001']);
  });

  it('reads a USPS label with its 420+ZIP routing prefix as its tracking number', async () => {
    const db = t.database.db;
    const usps = await insertPackage(db, w.courier, { customerId: w.tanya.id, branchId: w.courier.branch.id });
    const tracking = `9400${String(Date.now()).padStart(18, '0')}`;
    await t.database.pool.query('update packages set tracking_number = $1 where id = $2', [tracking, usps.id]);
    const manifest = await insertManifest(db, w.courier, [usps]);
    await start(w.as.clerkA, manifest.id);
    const result = (await scan(w.as.clerkA, manifest.id, `42033198${tracking}`)).json<ReconciliationScanResult>();
    expect(result.scan).toMatchObject({ outcome: 'received', packageId: usps.id });
  });

  it('marks a parcel damaged with a note and a photo checked by its content', async () => {
    const { manifest, kingston } = await arrivedManifest();
    await scan(w.as.clerkA, manifest.id, kingston[0]!.packageNo);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = (photo: Buffer, name: string) => {
      const boundary = `----recon${randomUUID()}`;
      const field = (key: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(field('code', kingston[0]!.packageNo) + field('clientScanId', `dmg-${randomUUID()}`) + field('note', 'Box crushed on one corner')),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), photo, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { headers: { ...w.as.clerkB, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
    };
    const fake = await t.app.inject({ method: 'POST', url: url(manifest.id, '/damaged'), ...form(Buffer.from('not an image at all'), 'crushed.png') });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Photos must be JPG or PNG images');
    const marked = await t.app.inject({ method: 'POST', url: url(manifest.id, '/damaged'), ...form(png, 'crushed.png') });
    expect(marked.statusCode).toBe(201);
    const result = marked.json<ReconciliationScanResult>();
    expect(result.scan).toMatchObject({ outcome: 'damaged', note: 'Box crushed on one corner', packageId: kingston[0]!.id });
    expect(result.scan.photoFileId).toBeTruthy();
    expect(result.counts).toMatchObject({ received: 1, damaged: 1 });
    const photo = await t.app.inject({ method: 'GET', url: `/api/package-files/${result.scan.photoFileId}`, headers: w.as.admin });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
  });
});

describe('finishing', () => {
  it('moves every parcel in one go: ready at this branch, in transit to another, missing told to customers and staff; the manifest is reconciled', async () => {
    const { manifest, kingston, montego } = await arrivedManifest();
    for (const p of [kingston[0]!, kingston[1]!, montego]) await scan(w.as.clerkA, manifest.id, p.packageNo);
    const done = await t.app.inject({ method: 'POST', url: url(manifest.id, '/finish'), headers: w.as.clerkB });
    expect(done.statusCode).toBe(200);
    expect(done.json<ReconciliationFinishResult>()).toMatchObject({ readyForPickup: 2, forwarded: 1, missing: 1, leftAsTheyWere: 0, extra: 0 });
    const { rows } = await t.database.pool.query<{ id: string; status: string }>('select id, status from packages where id = any($1)', [[...kingston.map((p) => p.id), montego.id]]);
    const statusOf = (id: string) => rows.find((r) => r.id === id)?.status;
    expect([statusOf(kingston[0]!.id), statusOf(kingston[1]!.id), statusOf(kingston[2]!.id), statusOf(montego.id)]).toEqual(['ready_for_pickup', 'ready_for_pickup', 'missing', 'in_transit']);
    const { rows: events } = await t.database.pool.query('select package_id, status from package_events where kind = $1 and package_id = any($2)', ['reconciliation', [...kingston.map((p) => p.id), montego.id]]);
    expect(events).toHaveLength(4);
    const { rows: manifestRow } = await t.database.pool.query('select status, reconciled_at from manifests where id = $1', [manifest.id]);
    expect(manifestRow[0].status).toBe('reconciled');
    const missingDetail = (await t.app.inject({ method: 'GET', url: `/api/packages/${kingston[2]!.id}`, headers: w.as.tanya })).json<PackageDetail>();
    expect(missingDetail.status).toBe('missing');
    expect(missingDetail.events.at(-1)?.customerLabel).toBe('Delayed: being located');
    const { rows: notes } = await t.database.pool.query('select title from notifications where customer_id = $1 and title like $2', [w.tanya.id, `${kingston[2]!.packageNo}%`]);
    expect(notes.map((n) => n.title)).toEqual([`${kingston[2]!.packageNo}: Delayed: being located`]);
    const { rows: staff } = await t.database.pool.query('select user_id, title from notifications where type = $1 and body like $2', ['reconciliation.missing', `%${manifest.number}%`]);
    expect(staff.map((s) => s.user_id)).toEqual(expect.arrayContaining([w.admin.id, w.clerkA.id, w.clerkB.id]));
    const { rows: mail } = await t.database.pool.query('select subject from email_outbox where to_address = $1 and subject like $2', [w.tanya.email, '%Delayed: being located%']);
    expect(mail.length).toBeGreaterThan(0);
    const { rows: audit } = await t.database.pool.query('select action from audit_logs where target_id = $1', [manifest.id]);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['reconciliation.started', 'reconciliation.scan', 'reconciliation.finished']));

    expect((await scan(w.as.clerkA, manifest.id, kingston[2]!.packageNo)).json().message).toBe('This reconciliation is finished: scans can no longer be added');
    expect((await t.app.inject({ method: 'POST', url: url(manifest.id, '/finish'), headers: w.as.clerkA })).json().message).toBe('This manifest is already reconciled');

    // The Montego Bay branch receives Andre's parcel later: ready for pickup there; a repeat answers already.
    const receipt = await t.app.inject({ method: 'POST', url: '/api/packages/branch-receipt', headers: w.as.admin, payload: { code: montego.trackingNumber } });
    expect(receipt.json()).toMatchObject({ result: 'received', status: 'ready_for_pickup', branchName: w.montego.name });
    expect((await t.app.inject({ method: 'POST', url: '/api/packages/branch-receipt', headers: w.as.admin, payload: { code: montego.packageNo } })).json().result).toBe('already');
    const notForwarded = await t.app.inject({ method: 'POST', url: '/api/packages/branch-receipt', headers: w.as.admin, payload: { code: kingston[2]!.packageNo } });
    expect(notForwarded.statusCode).toBe(409);
  });

  it('the report lists counts, the missing and who scanned what, as PDF and XLSX', async () => {
    const { manifest, kingston } = await arrivedManifest();
    await scan(w.as.clerkA, manifest.id, kingston[0]!.packageNo);
    const pdf = await t.app.inject({ method: 'GET', url: url(manifest.id, '/report?format=pdf'), headers: w.as.admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await t.app.inject({ method: 'GET', url: url(manifest.id, '/report?format=xlsx'), headers: w.as.admin });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Missing')!.rowCount).toBe(4);
    const scans = book.getWorksheet('Scans')!;
    expect(scans.getRow(2).getCell(5).value).toBe(kingston[0]!.packageNo);
    expect(String(scans.getRow(2).getCell(2).value)).toContain(w.clerkA.firstName);
  });
});

describe('switching the pickup branch', () => {
  it("moves the branch and charges the courier's switching fee on the package", async () => {
    await t.app.inject({ method: 'PUT', url: '/api/settings/additional-fees', headers: w.as.admin, payload: { gct: 15, unknownFee: 0, uncollectedFee: 0, switchingFee: 350.5 } });
    const pkg = await insertPackage(t.database.db, w.courier, { customerId: w.tanya.id, branchId: w.courier.branch.id, status: 'ready_for_pickup' });
    const moved = await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/switch-branch`, headers: w.as.admin, payload: { branchId: w.montego.id, note: 'Customer called' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ branchId: w.montego.id, feeCents: 35050 });
    const { rows } = await t.database.pool.query('select kind, amount_cents, invoice_id from package_charges where package_id = $1', [pkg.id]);
    expect(rows).toEqual([{ kind: 'switching', amount_cents: 35050, invoice_id: null }]);
    const same = await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/switch-branch`, headers: w.as.admin, payload: { branchId: w.montego.id } });
    expect(same.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/switch-branch`, headers: w.as.otherAdmin, payload: { branchId: w.montego.id } })).statusCode).toBe(404);
  });
});
