import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackingManifestAnswer, PackingPackageAnswer } from '@parceldesk/shared/schemas/packing-system';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCustomer } from '../../test/factories';
import { PackingSystemDouble } from '../../test/packing-system-double';
import { packageWorld, type PackageWorld } from '../packages/package-test-kit';
import { freshMawb } from '../manifests/manifest-test-kit';
import { createKey } from './integration-test-kit';

let t: TestApp;
let w: PackageWorld;
let other: PackageWorld;
let warehouse: PackingSystemDouble;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
  other = await packageWorld(t.app, t.database.db);
  const key = await createKey(t.app, w.as.admin, ['customers:read', 'warehouse:push'], 'Tasoko');
  const connected = await t.app.inject({
    method: 'PUT', url: '/api/integrations/packing-system', headers: w.as.admin,
    payload: { profile: 'packing_v2', keyId: key.key.id, serviceMap: { 'AIR STANDARD': 'air', 'AIR EXPRESS': 'air', 'AIR PREMIUM': 'air', 'SEA STANDARD': 'sea' } },
  });
  expect(connected.json()).toMatchObject({ message: 'Packing system connection saved', connection: { keyName: 'Tasoko', endpoints: { packages: '/api/packing/v2/packages' } } });
  warehouse = new PackingSystemDouble(t.app, key.token);
});
afterAll(() => t.close());

const detail = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/packages/${id}`, headers: w.as.admin })).json();
const packageIdOf = async (houseNumber: string | null) => {
  const row = await t.database.pool.query('select id from packages where package_no = $1', [houseNumber]);
  return row.rows[0].id as string;
};

describe('the packing-system contract, driven by a packing-system double', () => {
  it('pulls the active customers page by page (UserCode = mailbox number), only of the key\'s courier', async () => {
    for (let i = 0; i < 5; i += 1) await makeCustomer(t.database.db, w.courier);
    const inactive = await makeCustomer(t.database.db, w.courier, { isActive: false });
    const pulled = await warehouse.pullCustomers(3);
    expect(pulled.pages).toBeGreaterThanOrEqual(3);
    expect(warehouse.directory.get(w.tanya.mailboxNumber)).toMatchObject({ FirstName: 'Tanya', LastName: 'Brown', UserCode: w.tanya.mailboxNumber });
    expect(warehouse.directory.has(inactive.mailboxNumber)).toBe(false);
    expect(warehouse.directory.has(other.tanya.mailboxNumber)).toBe(false);
  });

  it('a day\'s parcels arrive as our packages with the warehouse\'s ids, history and facts; a repeat is applied once', async () => {
    const parcel = warehouse.receive(w.tanya.mailboxNumber, { HSCode: '8517.12', HazmatCodeID: '9', Discrepancy: true, DiscrepancyDescription: 'Box crushed' });
    const first = await warehouse.add(parcel);
    expect(first.statusCode).toBe(201);
    const answer = first.json<PackingPackageAnswer>();
    expect(answer).toMatchObject({ Result: 'created', PackageID: parcel.PackageID, Unknown: false });
    const id = await packageIdOf(answer.HouseNumber);
    const pkg = await detail(id);
    expect(pkg).toMatchObject({ status: 'received', weight: 3.4, customerId: w.tanya.id, externalPackageId: parcel.PackageID, externalControlNumber: parcel.ControlNumber });
    const events = await t.database.pool.query("select kind, actor_type, details from package_events where package_id = $1 and kind = 'integration'", [id]);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]).toMatchObject({ actor_type: 'api_key', details: { source: 'warehouse integration', HSCode: '8517.12', HazmatCodeID: '9', Discrepancy: true, DiscrepancyDescription: 'Box crushed', ControlNumber: parcel.ControlNumber } });

    const again = await warehouse.add(parcel);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ Result: 'unchanged', code: 'packing.repeat' });
    const count = await t.database.pool.query("select count(*)::int as n from package_events where package_id = $1 and kind = 'integration'", [id]);
    expect(count.rows[0].n).toBe(1);

    // Searchable by the warehouse's house number.
    const found = await t.app.inject({ method: 'GET', url: '/api/packages', query: { search: String(parcel.ControlNumber) }, headers: w.as.admin });
    expect(found.json().data.map((p: { id: string }) => p.id)).toEqual([id]);

    const duplicate = await warehouse.add({ ...warehouse.receive(w.andre.mailboxNumber), TrackingNumber: parcel.TrackingNumber });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('packing.duplicate_tracking');
  });

  it('an update changes the package; an older update arriving late never overwrites the newer one', async () => {
    const parcel = warehouse.receive(w.andre.mailboxNumber);
    const id = await packageIdOf((await warehouse.add(parcel)).json<PackingPackageAnswer>().HouseNumber);
    const older = { ...parcel, Weight: 4.1, UpdatedDateTime: warehouse.tick() };
    const newer = { ...parcel, Weight: 5.2, Description: 'Kitchen scale and bowls', UpdatedDateTime: warehouse.tick() };
    expect((await warehouse.update(newer)).json()).toMatchObject({ Result: 'updated' });
    const late = await warehouse.update(older);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ Result: 'stale', code: 'packing.stale' });
    expect(await detail(id)).toMatchObject({ weight: 5.2, description: 'Kitchen scale and bowls' });
  });

  it('a parcel for a deactivated customer\'s UserCode is theirs, as a scan would match it (201, not unknown)', async () => {
    const gone = await makeCustomer(t.database.db, w.courier, { firstName: 'Errol', lastName: 'Gone' });
    await t.database.pool.query('update customers set is_active = false where id = $1', [gone.id]);
    const pushed = await warehouse.add(warehouse.receive(gone.mailboxNumber, { Unknown: false }));
    expect(pushed.statusCode, JSON.stringify(pushed.json())).toBe(201);
    expect(pushed.json()).toMatchObject({ Unknown: false });
    expect(await detail(await packageIdOf(pushed.json<PackingPackageAnswer>().HouseNumber))).toMatchObject({ status: 'received', customerId: gone.id });
  });

  it('a parcel for an unknown UserCode is kept as unknown (404 in the contract\'s terms), then a push with Claimed attaches it', async () => {
    const parcel = warehouse.receive('ZZZ-999999', { Unknown: false });
    const pushed = await warehouse.add(parcel);
    expect(pushed.statusCode).toBe(404);
    expect(pushed.json()).toMatchObject({ code: 'packing.user_code_not_found', Unknown: true });
    const id = await packageIdOf(pushed.json<PackingPackageAnswer>().HouseNumber);
    expect(await detail(id)).toMatchObject({ status: 'unknown', customerId: null });

    const claimed = await warehouse.update({ ...parcel, UserCode: w.tanya.mailboxNumber, Claimed: true, Unknown: false, UpdatedDateTime: warehouse.tick() });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ Result: 'claimed', Unknown: false });
    expect(await detail(id)).toMatchObject({ status: 'received', customerId: w.tanya.id });
  });

  it('a manifest loads the listed parcels, removes the ones taken off, and statuses 0–4 move ours forward, never back', async () => {
    const parcels = [warehouse.receive(w.tanya.mailboxNumber), warehouse.receive(w.andre.mailboxNumber), warehouse.receive(w.tanya.mailboxNumber)];
    for (const parcel of parcels) expect((await warehouse.add(parcel)).statusCode).toBe(201);
    const awb = freshMawb();
    const header = { ManifestID: `m-${Date.now()}`, ServiceTypeID: 'AIR EXPRESS', ManifestCode: 'DC-2026-11-20-1012', FlightDate: '2026-11-21', AWBNumber: awb, ManifestStatus: 0, EntryDateTime: warehouse.tick() };
    const created = await warehouse.manifest(header, parcels.map((p) => p.ControlNumber));
    expect(created.statusCode).toBe(201);
    const body = created.json<PackingManifestAnswer>();
    expect(body).toMatchObject({ Result: 'created', ManifestStatus: 0, NotLoaded: [] });
    expect(body.Added).toHaveLength(3);
    expect((await warehouse.manifest(header, parcels.map((p) => p.ControlNumber))).json()).toMatchObject({ Result: 'unchanged' });

    const delRefused = await warehouse.delete(parcels[0]!.PackageID);
    expect(delRefused.statusCode).toBe(409);
    expect(delRefused.json().code).toBe('packing.parcel_moved_on');

    const fewer = await warehouse.manifest({ ...header, UpdatedDateTime: warehouse.tick() }, [parcels[0]!.ControlNumber, parcels[1]!.ControlNumber], { RemoveFromManifest: [] });
    expect(fewer.json<PackingManifestAnswer>().Removed).toHaveLength(1);
    const removedId = await packageIdOf(fewer.json<PackingManifestAnswer>().Removed[0]!);
    expect(await detail(removedId)).toMatchObject({ status: 'received' });

    const departed = await warehouse.manifest({ ...header, ManifestStatus: 2, UpdatedDateTime: warehouse.tick() }, [parcels[0]!.ControlNumber, parcels[1]!.ControlNumber]);
    expect(departed.json()).toMatchObject({ Result: 'updated', ManifestStatus: 2 });
    const onIt = await packageIdOf(departed.json<PackingManifestAnswer>().ManifestNumber ? (await t.database.pool.query('select package_no from packages where external_package_id = $1', [parcels[0]!.PackageID])).rows[0].package_no : null);
    expect(await detail(onIt)).toMatchObject({ status: 'in_transit' });
    const behind = await warehouse.manifest({ ...header, ManifestStatus: 1, UpdatedDateTime: warehouse.tick() }, [parcels[0]!.ControlNumber, parcels[1]!.ControlNumber]);
    expect(behind.json()).toMatchObject({ ManifestStatus: 2 });
    const arrived = await warehouse.manifest({ ...header, ManifestStatus: 4, UpdatedDateTime: warehouse.tick() }, [parcels[0]!.ControlNumber, parcels[1]!.ControlNumber]);
    expect(arrived.json()).toMatchObject({ ManifestStatus: 3 });
    expect(await detail(onIt)).toMatchObject({ status: 'arrived' });
  });

  it('the contract\'s own AWB "810-1234567" is accepted as given with a warning; closing then waits for a valid MAWB (409 naming it)', async () => {
    const parcel = warehouse.receive(w.tanya.mailboxNumber);
    expect((await warehouse.add(parcel)).statusCode).toBe(201);
    const header = { ManifestID: `m-awb-${Date.now()}`, ServiceTypeID: 'AIR STANDARD', ManifestCode: 'DC-2026-11-24-1013', AWBNumber: '810-1234567', ManifestStatus: 0, EntryDateTime: warehouse.tick() };
    const created = await warehouse.manifest(header, [parcel.ControlNumber]);
    expect(created.statusCode).toBe(201);
    const body = created.json<PackingManifestAnswer>();
    expect(body).toMatchObject({ Result: 'created', ManifestStatus: 0, NotLoaded: [] });
    expect(body.Added).toHaveLength(1);
    expect(body.message).toContain('AWBNumber "810-1234567" is not a valid master air waybill');
    expect(body.message).toContain('the MAWB must be completed');
    const [ours] = (await t.database.pool.query<{ id: string; mawb: string | null; notes: string }>(
      'select m.id, m.mawb, m.notes from manifests m join packing_system_manifests p on p.manifest_id = m.id where p.external_id = $1', [header.ManifestID])).rows;
    expect(ours).toMatchObject({ mawb: null, notes: expect.stringContaining('AWB 810-1234567') });

    const closing = await warehouse.manifest({ ...header, ManifestStatus: 1, UpdatedDateTime: warehouse.tick() }, [parcel.ControlNumber]);
    expect(closing.statusCode).toBe(409);
    expect(closing.json()).toMatchObject({ code: 'packing.mawb_missing', message: expect.stringContaining('no valid master air waybill (MAWB)') });
    expect(closing.json().message).toContain(body.ManifestNumber);

    const mawb = freshMawb();
    const completed = await t.app.inject({
      method: 'PATCH', url: `/api/manifests/${ours!.id}`, headers: w.as.admin,
      payload: { service: 'air', carrier: 'Packing system', origin: 'MIA', destination: 'KIN', mawb, notes: ours!.notes },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const closed = await warehouse.manifest({ ...header, ManifestStatus: 1, UpdatedDateTime: warehouse.tick() }, [parcel.ControlNumber]);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ Result: 'updated', ManifestStatus: 1, message: `Manifest ${body.ManifestNumber}: Closed` });
    const [after] = (await t.database.pool.query<{ mawb: string | null }>('select mawb from manifests where id = $1', [ours!.id])).rows;
    expect(after!.mawb).not.toBeNull();
  });

  it('a delete of a parcel still only received puts ours on hold with its history; a repeat is applied once', async () => {
    const parcel = warehouse.receive(w.andre.mailboxNumber);
    const id = await packageIdOf((await warehouse.add(parcel)).json<PackingPackageAnswer>().HouseNumber);
    const deleted = await warehouse.delete(parcel.PackageID);
    expect(deleted.json()).toMatchObject({ Result: 'deleted' });
    expect(await detail(id)).toMatchObject({ status: 'on_hold' });
    expect((await warehouse.delete(parcel.PackageID)).json()).toMatchObject({ Result: 'unchanged' });
    expect((await warehouse.update({ ...parcel, UpdatedDateTime: warehouse.tick(), Weight: 9 })).statusCode).toBe(409);
    expect((await warehouse.delete('never-pushed')).statusCode).toBe(404);
  });

  it('another courier\'s key, a revoked key and a key without the scope touch nothing of this courier', async () => {
    const theirs = await createKey(t.app, other.as.admin, ['warehouse:push', 'customers:read']);
    const foreign = new PackingSystemDouble(t.app, theirs.token);
    await foreign.pullCustomers();
    expect(foreign.directory.has(w.tanya.mailboxNumber)).toBe(false);
    const mine = warehouse.receive(w.tanya.mailboxNumber);
    await warehouse.add(mine);
    // The same PackageID and Tanya's UserCode from the other courier's key: a parcel of theirs, unknown there; ours untouched.
    const crossed = await foreign.add({ ...mine, TrackingNumber: `${mine.TrackingNumber}X`, Weight: 40 });
    expect(crossed.statusCode).toBe(404);
    const ours = await t.database.pool.query('select courier_id, weight from packages where external_package_id = $1 order by created_at', [mine.PackageID]);
    expect(ours.rows.map((r) => r.courier_id)).toEqual([w.courier.id, other.courier.id]);
    expect(Number(ours.rows[0].weight)).toBe(3.4);
    expect((await foreign.delete(String(warehouse.receive(null).PackageID))).statusCode).toBe(404);

    const reader = await createKey(t.app, w.as.admin, ['customers:read']);
    const refused = await new PackingSystemDouble(t.app, reader.token).add(warehouse.receive(w.tanya.mailboxNumber));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('api_key.scope_missing');

    const revokedKey = await createKey(t.app, w.as.admin, ['warehouse:push']);
    await t.app.inject({ method: 'POST', url: `/api/integrations/api-keys/${revokedKey.key.id}/revoke`, headers: w.as.admin });
    const gone = await new PackingSystemDouble(t.app, revokedKey.token).add(warehouse.receive(w.tanya.mailboxNumber));
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('api_key.revoked');

    const session = await t.app.inject({ method: 'POST', url: '/api/packing/v2/packages', headers: w.as.admin, payload: { Package: warehouse.receive(null) } });
    expect(session.statusCode).toBe(403);
  });
});
