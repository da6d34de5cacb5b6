import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import type { ScanCustomer, ScanLookup } from '@parceldesk/shared/schemas/package-scan';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeCustomer } from '../../../test/factories';
import { readLabelPdf } from '../labels/label-test-kit';
import { insertPreAlert, packageWorld, upsNumber, uspsNumber, type PackageWorld } from '../package-test-kit';

let t: TestApp;
let w: PackageWorld;
let other: PackageWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
  other = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
const lookup = (headers: Record<string, string>, trackingNumber: string) =>
  get(headers, `/api/packages/scan-lookup?trackingNumber=${encodeURIComponent(trackingNumber)}`);
const receive = async (world: PackageWorld, payload: object) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: world.as.clerk, payload });
  expect(response.statusCode).toBe(201);
  return response.json<ReceivePackageResponse>().package;
};

describe('scan station lookup', () => {
  it('finds the pre-alert of a scanned USPS barcode (420 + ZIP prefix) with its customer and details', async () => {
    const tracking = uspsNumber();
    const preAlert = await insertPreAlert(t.database.db, w.courier, w.tanya.id, tracking);
    const response = await lookup(w.as.clerk, `42033198${tracking}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ScanLookup>()).toEqual({
      trackingNumber: tracking, carrier: 'usps', existing: null,
      preAlert: {
        id: preAlert.id, store: 'Amazon', description: 'Running shoes', declaredValue: 89.99, service: 'sea', carrier: 'usps',
        customer: { id: w.tanya.id, name: 'Tanya Brown', mailboxNumber: w.tanya.mailboxNumber, branchId: w.courier.branch.id, branchName: w.courier.branch.name },
      },
    });
    // Another courier's station does not see it.
    expect((await lookup(other.as.clerk, tracking)).json<ScanLookup>().preAlert).toBeNull();
  });

  it('answers an existing package instead of a second receive, and nothing for a new number', async () => {
    const tracking = upsNumber();
    const pkg = await receive(w, { trackingNumber: tracking, mailboxNumber: w.andre.mailboxNumber, weight: 2 });
    expect((await lookup(w.as.clerk, tracking.toLowerCase())).json<ScanLookup>().existing).toEqual({
      id: pkg.id, packageNumber: pkg.packageNumber, status: 'received', customerName: 'Andre Reid', mailboxNumber: w.andre.mailboxNumber,
    });
    expect((await lookup(other.as.clerk, tracking)).json<ScanLookup>().existing).toBeNull();
    expect((await lookup(w.as.clerk, upsNumber())).json<ScanLookup>()).toMatchObject({ carrier: 'ups', existing: null, preAlert: null });
  });

  it('matches no one when two customers pre-alerted the same number, as receiving does', async () => {
    const tracking = upsNumber();
    await insertPreAlert(t.database.db, w.courier, w.tanya.id, tracking);
    await insertPreAlert(t.database.db, w.courier, w.andre.id, tracking);
    expect((await lookup(w.as.clerk, tracking)).json<ScanLookup>().preAlert).toBeNull();
  });

  it('refuses a malformed number (400) and staff without packages_scan (403)', async () => {
    const bad = await lookup(w.as.clerk, '12-3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Tracking number must be 6 to 40 letters or digits');
    expect((await lookup(w.as.noPackages, upsNumber())).statusCode).toBe(403);
  });

  it('finds customers by exact mailbox number first, else by name, only within the courier', async () => {
    const search = (headers: Record<string, string>, text: string) => get(headers, `/api/packages/scan-customers?search=${encodeURIComponent(text)}`);
    const exact = (await search(w.as.clerk, w.tanya.mailboxNumber.toLowerCase())).json<{ customers: ScanCustomer[] }>().customers;
    expect(exact.map((c) => c.id)).toEqual([w.tanya.id]);
    const marcia = await makeCustomer(t.database.db, w.courier, { firstName: 'Marcia', lastName: 'Campbell-Scan' });
    expect((await search(w.as.clerk, 'campbell-sc')).json<{ customers: ScanCustomer[] }>().customers.map((c) => c.name)).toEqual(['Marcia Campbell-Scan']);
    expect((await search(other.as.clerk, w.tanya.mailboxNumber)).json<{ customers: ScanCustomer[] }>().customers).toEqual([]);
    expect((await search(other.as.clerk, 'Campbell-Scan')).json<{ customers: ScanCustomer[] }>().customers).toEqual([]);
    expect(marcia.id).toBeTruthy();
  });
});

describe('package labels', () => {
  it('GET /packages/{id}/label: a 4×6 PDF per piece whose Code 128 and QR decode to the package number', async () => {
    const pkg = await receive(w, { trackingNumber: upsNumber(), mailboxNumber: w.tanya.mailboxNumber, weight: 7.25, pieces: 2, service: 'sea' });
    const response = await get(w.as.clerk, `/api/packages/${pkg.id}/label?format=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${pkg.packageNumber}-label.pdf`);
    const pages = await readLabelPdf(response.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => [p.code128, p.qr])).toEqual([[pkg.packageNumber, pkg.packageNumber], [pkg.packageNumber, pkg.packageNumber]]);
    for (const text of ['Tanya Brown', w.tanya.mailboxNumber, `Pickup: ${w.courier.branch.name}`, 'SEA', '7.25 lb', w.courier.name]) expect(pages[0]?.text).toContain(text);
    expect(pages[0]?.text).toContain('1 of 2');
    expect(pages[1]?.text).toContain('2 of 2');
  });

  it('format=zpl: ZPL text for a 203 dpi Zebra with the same content', async () => {
    const pkg = await receive(w, { trackingNumber: upsNumber(), customerId: w.andre.id, weight: 1.5 });
    const response = await get(w.as.admin, `/api/packages/${pkg.id}/label?format=zpl`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const zpl = response.body;
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).toContain(`^FD${pkg.packageNumber}^FS`);
    expect(zpl).toContain(`^FDQA,${pkg.packageNumber}^FS`);
    for (const text of ['Andre Reid', w.andre.mailboxNumber, '1.50 lb', '1 of 1', 'AIR']) expect(zpl).toContain(text);
  });

  it('POST /packages/labels: one PDF of the selected packages, in the order chosen', async () => {
    const a = await receive(w, { trackingNumber: upsNumber(), mailboxNumber: w.tanya.mailboxNumber, weight: 2 });
    const b = await receive(w, { trackingNumber: upsNumber(), labelName: 'J. Nobody', weight: 3 });
    const response = await t.app.inject({ method: 'POST', url: '/api/packages/labels?format=pdf', headers: w.as.clerk, payload: { ids: [b.id, a.id] } });
    expect(response.statusCode).toBe(200);
    const pages = await readLabelPdf(response.rawPayload);
    expect(pages.map((p) => p.code128)).toEqual([b.packageNumber, a.packageNumber]);
    expect(pages[0]?.text).toContain('UNKNOWN: J. Nobody');
    const empty = await t.app.inject({ method: 'POST', url: '/api/packages/labels', headers: w.as.clerk, payload: { ids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Choose at least one package');
  });

  it("another courier's package is 404, alone or among others; staff without packages_scan get 403", async () => {
    const mine = await receive(w, { trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 2 });
    const theirs = await receive(other, { trackingNumber: upsNumber(), customerId: other.tanya.id, weight: 2 });
    expect((await get(w.as.clerk, `/api/packages/${theirs.id}/label`)).statusCode).toBe(404);
    expect((await get(w.as.clerk, `/api/packages/${theirs.id}/label?format=zpl`)).statusCode).toBe(404);
    const mixed = await t.app.inject({ method: 'POST', url: '/api/packages/labels', headers: w.as.clerk, payload: { ids: [mine.id, theirs.id] } });
    expect(mixed.statusCode).toBe(404);
    expect((await get(w.as.noPackages, `/api/packages/${mine.id}/label`)).statusCode).toBe(403);
    expect((await get(w.as.tanya, `/api/packages/${mine.id}/label`)).statusCode).toBe(403);
  });
});
