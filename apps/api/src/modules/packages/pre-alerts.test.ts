import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreAlert, ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, signInCustomer } from '../../test/factories';
import { multipart, SAMPLE } from '../../test/multipart';
import { packageWorld, upsNumber, uspsNumber, type PackageWorld } from './package-test-kit';

let t: TestApp;
let w: PackageWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const fields = (trackingNumber: string) => ({ trackingNumber, store: 'Amazon', description: 'Running shoes', declaredValue: '89.99', service: 'sea' });
const createWithInvoice = (headers: Record<string, string>, trackingNumber: string, file = { fileName: 'invoice.pdf', data: SAMPLE.pdf }) => {
  const form = multipart(fields(trackingNumber), [{ field: 'invoice', ...file }]);
  return t.app.inject({ method: 'POST', url: '/api/pre-alerts', headers: { ...headers, ...form.headers }, payload: form.payload });
};

describe('pre-alerts', () => {
  it('a customer pre-alerts with an invoice; the scan matches it; the customer sees it received with the invoice on the package', async () => {
    const tracking = uspsNumber();
    const created = await createWithInvoice(w.as.tanya, tracking);
    expect(created.statusCode).toBe(201);
    const preAlert = created.json<PreAlert>();
    expect(preAlert).toMatchObject({ trackingNumber: tracking, carrier: 'usps', declaredValue: 89.99, service: 'sea', status: 'pending', invoice: { fileName: 'invoice.pdf', contentType: 'application/pdf' } });
    const invoice = await t.app.inject({ method: 'GET', url: preAlert.invoice!.url, headers: w.as.tanya });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: preAlert.invoice!.url, headers: w.as.andre })).statusCode).toBe(404);

    const scan = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: `42033198${tracking}`, weight: 4.5 } });
    expect(scan.json<ReceivePackageResponse>()).toMatchObject({ outcome: 'matched_pre_alert', package: { customerId: w.tanya.id, status: 'received' } });
    const pkg = scan.json<ReceivePackageResponse>().package;
    expect(pkg.files.map((f) => f.kind)).toEqual(['invoice']);

    const mine = await t.app.inject({ method: 'GET', url: '/api/packages', headers: w.as.tanya });
    expect(mine.json<{ data: { id: string; status: string; weight: number }[] }>().data).toContainEqual(expect.objectContaining({ id: pkg.id, status: 'received', weight: 4.5 }));
    const list = await t.app.inject({ method: 'GET', url: '/api/pre-alerts', headers: w.as.tanya });
    expect(list.json<{ data: PreAlert[] }>().data.find((p) => p.id === preAlert.id)).toMatchObject({ status: 'received', packageNumber: pkg.packageNumber });
    // Received: no more changes.
    const edit = await t.app.inject({ method: 'PUT', url: `/api/pre-alerts/${preAlert.id}`, headers: w.as.tanya, payload: fields(tracking) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This pre-alert has already been received and can no longer be changed');
  });

  it('checks the invoice by its content and size', async () => {
    const fake = await createWithInvoice(w.as.tanya, upsNumber(), { fileName: 'invoice.pdf', data: Buffer.from('MZ this is an exe') });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('The file must be a PDF, JPG or PNG');
    const big = await createWithInvoice(w.as.tanya, upsNumber(), { fileName: 'scan.png', data: Buffer.concat([SAMPLE.png, Buffer.alloc(5 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);
    const png = await createWithInvoice(w.as.tanya, upsNumber(), { fileName: 'order.png', data: SAMPLE.png });
    expect(png.statusCode).toBe(201);
  });

  it('edits and cancels until received; a duplicate or bad input is refused; another customer\'s is 404; staff read them', async () => {
    const tracking = upsNumber();
    const created = await t.app.inject({ method: 'POST', url: '/api/pre-alerts', headers: w.as.andre, payload: { ...fields(tracking), declaredValue: 10 } });
    expect(created.statusCode).toBe(201);
    const id = created.json<PreAlert>().id;
    const dup = await t.app.inject({ method: 'POST', url: '/api/pre-alerts', headers: w.as.andre, payload: fields(tracking.toLowerCase()) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('You have already pre-alerted this tracking number');
    const bad = await t.app.inject({ method: 'POST', url: '/api/pre-alerts', headers: w.as.andre, payload: { ...fields('12'), declaredValue: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ trackingNumber: 'Tracking number must be 6 to 40 letters or digits', declaredValue: 'Declared value must be between 0 and 1,000,000 US$' });

    expect((await t.app.inject({ method: 'PUT', url: `/api/pre-alerts/${id}`, headers: w.as.tanya, payload: fields(tracking) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/pre-alerts/${id}`, headers: w.as.tanya })).statusCode).toBe(404);
    const other = await makeCourier(t.database.db);
    const stranger = (await signInCustomer(t.app, await makeCustomer(t.database.db, other), other.apiKey)).headers;
    expect((await t.app.inject({ method: 'PUT', url: `/api/pre-alerts/${id}`, headers: stranger, payload: fields(tracking) })).statusCode).toBe(404);

    const edited = await t.app.inject({ method: 'PUT', url: `/api/pre-alerts/${id}`, headers: w.as.andre, payload: { ...fields(tracking), store: 'eBay', declaredValue: 12.5 } });
    expect(edited.json<PreAlert>()).toMatchObject({ store: 'eBay', declaredValue: 12.5 });
    const staffList = await t.app.inject({ method: 'GET', url: `/api/pre-alerts?search=${tracking}`, headers: w.as.clerk });
    expect(staffList.json<{ data: PreAlert[] }>().data.map((p) => p.id)).toEqual([id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/pre-alerts', headers: w.as.noPackages })).statusCode).toBe(403);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/pre-alerts/${id}`, headers: w.as.andre })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/pre-alerts/${id}`, headers: w.as.andre })).statusCode).toBe(409);
    // A cancelled pre-alert matches nothing: the scan leaves the parcel unknown.
    const scan = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: tracking, weight: 1 } });
    expect(scan.json<ReceivePackageResponse>().outcome).toBe('unknown');
  });
});
