import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { insertRow } from '../test/access-matrix/fixture-rows';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, type TestCourier } from '../test/factories';

/**
 * Issue 11 with docs/decisions/008 ("Packages"): a branch manager or staff member without
 * branches_all sees the packages whose pickup branch is theirs, the unknown ones (nobody's yet,
 * every branch may match them) and those they received themselves; another branch's package is
 * not found (404) in lists, by id and for its label. Pre-alerts follow their customer's branch.
 */
let t: TestApp;
let courier: TestCourier;
let otherBranchId: string;
let receiver: Awaited<ReturnType<typeof makeUser>>;
const pkg = { here: '', there: '', unknown: '', receivedThere: '' };
const preAlert = { here: '', there: '' };
let mine = '';
let theirs = '';

async function insertPackage(options: { customerId: string | null; branchId: string | null; receivedBy?: string }) {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into packages (courier_id, package_no, tracking_number, carrier, status, customer_id, branch_id, weight, volumetric_divisor, chargeable_weight, received_by)
     values ($1, $2, $3, 'other', $4, $5, $6, 2.5, 166, 3, $7) returning id`,
    [courier.id, `BS-P-${randomInt(1, 9_999_999)}`, `BRANCH${randomInt(1, 2 ** 40)}`, options.customerId ? 'received' : 'unknown', options.customerId, options.branchId, options.receivedBy ?? null],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  courier = await makeCourier(t.database.db);
  const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
  otherBranchId = (await t.app.inject({ method: 'POST', url: '/api/branches', headers: admin, payload: { name: 'Montego Bay' } })).json().id;
  mine = (await makeCustomer(t.database.db, courier)).id;
  theirs = (await makeCustomer(t.database.db, courier, { branchId: otherBranchId })).id;
  receiver = await makeUser(t.database.db, { role: 'staff', courier, permissions: ['packages_view', 'packages_scan', 'packages_unknown'] });
  pkg.here = await insertRow(t.database.db, 'package', { courier, userId: '', customerId: mine });
  pkg.there = await insertRow(t.database.db, 'package', { courier, userId: '', customerId: theirs });
  pkg.unknown = await insertPackage({ customerId: null, branchId: otherBranchId });
  pkg.receivedThere = await insertPackage({ customerId: theirs, branchId: otherBranchId, receivedBy: receiver.id });
  preAlert.here = await insertRow(t.database.db, 'pre_alert', { courier, userId: '', customerId: mine });
  preAlert.there = await insertRow(t.database.db, 'pre_alert', { courier, userId: '', customerId: theirs });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const ids = async (url: string, headers: Record<string, string>) =>
  ((await get(url, headers)).json() as { data: { id: string }[] }).data.map((row) => row.id).sort();
const sorted = (...values: string[]) => [...values].sort();

async function manager(extra: string[] = []) {
  return (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier, permissions: extra }))).headers;
}

describe('branch scope of packages', () => {
  it("shows a branch manager their branch's packages and the unknown ones, never another branch's, in lists and by id", async () => {
    const headers = await manager();
    expect(await ids('/packages?pageSize=100', headers)).toEqual(sorted(pkg.here, pkg.unknown));
    expect(await ids('/packages/unknown?pageSize=100', headers)).toEqual([pkg.unknown]);
    expect((await get(`/packages/${pkg.here}`, headers)).statusCode).toBe(200);
    expect((await get(`/packages/${pkg.unknown}`, headers)).statusCode).toBe(200);
    expect((await get(`/packages/${pkg.there}`, headers)).statusCode).toBe(404);
    expect((await get(`/packages/${pkg.there}/label?format=zpl`, headers)).statusCode).toBe(404);
    const move = await t.app.inject({ method: 'POST', url: `/api/packages/${pkg.there}/status`, headers, payload: { status: 'on_hold', note: 'Customs' } });
    expect(move.statusCode).toBe(404);
    // A search by the other branch's package number finds nothing either.
    const number = (await get(`/packages/${pkg.here}`, await manager(['branches_all']))).json().packageNumber as string;
    expect(await ids(`/packages?search=${encodeURIComponent(number)}`, headers)).toEqual([pkg.here]);
  });

  it('lets the person who received a package of another branch still open it and print its label', async () => {
    const headers = (await signIn(t.app, receiver)).headers;
    expect(await ids('/packages?pageSize=100', headers)).toEqual(sorted(pkg.here, pkg.unknown, pkg.receivedThere));
    expect((await get(`/packages/${pkg.receivedThere}/label?format=zpl`, headers)).statusCode).toBe(200);
    expect((await get(`/packages/${pkg.there}`, headers)).statusCode).toBe(404);
  });

  it("keeps pre-alerts to their customer's branch", async () => {
    const headers = await manager();
    expect(await ids('/pre-alerts?pageSize=100', headers)).toEqual([preAlert.here]);
  });

  it('lets branches_all and the courier admin see every branch', async () => {
    const all = sorted(pkg.here, pkg.there, pkg.unknown, pkg.receivedThere);
    expect(await ids('/packages?pageSize=100', await manager(['branches_all']))).toEqual(all);
    const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    expect(await ids('/packages?pageSize=100', admin)).toEqual(all);
    expect(await ids('/pre-alerts?pageSize=100', admin)).toEqual(sorted(preAlert.here, preAlert.there));
  });

  it("keeps a package's documents and claims to the package's branch (a pre-alert's documents to its customer's)", async () => {
    const owner = (customerId: string) => ({ courier, userId: '', customerId });
    const fileHere = await insertRow(t.database.db, 'package_file', owner(mine));
    const fileThere = await insertRow(t.database.db, 'package_file', owner(theirs));
    const claim = async (packageId: string, customerId: string) => (await t.database.pool.query<{ id: string }>(
      `insert into package_claims (courier_id, customer_id, package_id, tracking_number) select courier_id, $2, id, tracking_number from packages where id = $1 returning id`,
      [packageId, customerId])).rows[0]!.id;
    const claimThere = await claim(pkg.there, theirs);
    const claimOfUnknown = await claim(pkg.unknown, theirs);
    // Created last in this file: the package lists above count the packages of beforeAll.
    const headers = await manager(['packages_unknown']);
    expect((await get(`/package-files/${fileHere}`, headers)).statusCode).toBe(200);
    expect((await get(`/package-files/${fileThere}`, headers)).statusCode).toBe(404);
    const claims = await ids('/package-claims?pageSize=100', headers);
    expect(claims).toContain(claimOfUnknown);
    expect(claims).not.toContain(claimThere);
    const decide = await t.app.inject({ method: 'PUT', url: `/api/package-claims/${claimThere}`, headers, payload: { decision: 'reject', reason: 'Not theirs' } });
    expect(decide.statusCode).toBe(404);
    const all = await manager(['packages_unknown', 'branches_all']);
    expect((await get(`/package-files/${fileThere}`, all)).statusCode).toBe(200);
    expect(await ids('/package-claims?pageSize=100', all)).toEqual(expect.arrayContaining([claimThere, claimOfUnknown]));
  });
});
