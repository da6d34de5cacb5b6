import { Jimp } from 'jimp';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryLocation, DeliveryRequest, DeliveryRequestListItem } from '@parceldesk/shared/schemas/delivery';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { branches } from '../../db/schema/index';
import { makeUser, signIn } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { payInFull, readyParcel, signatureDataUrl } from '../pickups/pickup-test-kit';
import { deliveryWorld, jamaicaDay, type DeliveryWorld } from './delivery-test-kit';

let t: TestApp;
let w: DeliveryWorld;
let other: DeliveryWorld;
let signature: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await deliveryWorld(t.app, t.database.db);
  other = await deliveryWorld(t.app, t.database.db);
  signature = await signatureDataUrl();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const detail = (response: { json: <T>() => T }) => response.json<{ request: DeliveryRequest }>().request;

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []) {
  return (await t.database.pool.query(text, values)).rows as T[];
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Tanya's ready parcel (unpaid invoice J$ 2,500 unless told) on a new request; answers the request. */
async function requested(world = w, options: { totalCents?: number; paid?: boolean } = {}) {
  const parcel = await readyParcel(t.database.db, world.courier, world.tanya.id, { totalCents: options.totalCents ?? 250_000 });
  if (options.paid && parcel.invoice) await payInFull(t.database.db, parcel.invoice.id);
  const response = await call('POST', '/delivery-requests', world.as.tanya, {
    packageIds: [parcel.pkg.id], locationId: world.location.id, address: '12 Hope Road, Kingston 6', phone: '876-555-0123', preferredDate: jamaicaDay(1),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { parcel, request: detail(response) };
}

async function scheduled(world = w) {
  const made = await requested(world);
  const response = await call('POST', `/delivery-requests/${made.request.id}/schedule`, world.as.dispatcher, { date: jamaicaDay(1), window: 'morning', driverId: world.dispatcher.id });
  expect(response.statusCode, response.body).toBe(200);
  return { ...made, request: detail(response) };
}

async function outForDelivery(world = w) {
  const made = await scheduled(world);
  const response = await call('POST', `/delivery-requests/${made.request.id}/out-for-delivery`, world.as.dispatcher);
  expect(response.statusCode, response.body).toBe(200);
  return { ...made, request: detail(response) };
}

const packageStatus = async (id: string) => (await sql<{ status: string }>('select status from packages where id = $1', [id]))[0]?.status;

describe('delivery locations', () => {
  it('the courier admin adds, edits, lists and deactivates locations; names are unique per courier', async () => {
    const created = await call('POST', '/delivery-locations', w.as.admin, { name: 'Portmore', parish: 'St. Catherine', feeCents: 200_000, notes: 'Gated communities: call ahead' });
    expect(created.statusCode).toBe(201);
    const location = created.json<{ location: DeliveryLocation }>().location;
    expect(location).toMatchObject({ name: 'Portmore', parish: 'St. Catherine', feeCents: 200_000, isActive: true });
    const duplicate = await call('POST', '/delivery-locations', w.as.admin, { name: 'portmore', parish: 'St. Catherine', feeCents: 100 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'A delivery location with this name already exists' });
    const sameNameElsewhere = await call('POST', '/delivery-locations', other.as.admin, { name: 'Portmore', parish: 'St. Catherine', feeCents: 100 });
    expect(sameNameElsewhere.statusCode).toBe(201);

    const bad = await call('POST', '/delivery-locations', w.as.admin, { name: '', parish: 'Atlantis', feeCents: -1 });
    expect(bad.statusCode).toBe(400);

    const edited = await call('PUT', `/delivery-locations/${location.id}`, w.as.admin, { feeCents: 225_000 });
    expect(edited.json<{ location: DeliveryLocation }>().location.feeCents).toBe(225_000);
    const list = await call('GET', `/delivery-locations?filters=${encodeURIComponent(JSON.stringify({ parish: 'St. Catherine' }))}`, w.as.admin);
    expect(list.json<ListResponse<DeliveryLocation>>().data.map((l) => l.name)).toEqual(['Portmore']);

    const off = await call('POST', `/delivery-locations/${location.id}/deactivate`, w.as.admin);
    expect(off.json()).toMatchObject({ message: 'Delivery location deactivated', location: { isActive: false } });
    const active = await call('GET', '/delivery-locations/active', w.as.tanya);
    expect(active.json<{ locations: DeliveryLocation[] }>().locations.map((l) => l.name)).toEqual(['Half Way Tree']);
  });

  it("another courier's location answers 404", async () => {
    expect((await call('PUT', `/delivery-locations/${other.location.id}`, w.as.admin, { feeCents: 1 })).statusCode).toBe(404);
    expect((await call('POST', `/delivery-locations/${other.location.id}/deactivate`, w.as.admin)).statusCode).toBe(404);
  });
});

describe('a customer requests delivery', () => {
  it('of their own ready parcels: the request is listed, the parcel leaves the ready list, they are notified', async () => {
    const { parcel, request } = await requested();
    expect(request).toMatchObject({ status: 'requested', feeCents: 150_000, locationName: 'Half Way Tree', parish: 'St. Andrew', packagesCount: 1 });
    expect(request.parcels.map((p) => p.packageNumber)).toEqual([parcel.pkg.packageNo]);
    const ready = await call('GET', '/delivery-requests/ready-parcels', w.as.tanya);
    expect(ready.json<{ parcels: { id: string }[] }>().parcels.map((p) => p.id)).not.toContain(parcel.pkg.id);
    const list = await call('GET', '/delivery-requests', w.as.tanya);
    expect(list.json<ListResponse<DeliveryRequestListItem>>().data.map((r) => r.requestNumber)).toContain(request.requestNumber);
    expect((await call('GET', '/delivery-requests', w.as.andre)).json<ListResponse<DeliveryRequestListItem>>().data).toEqual([]);
    const notes = await sql<{ title: string }>('select title from notifications where customer_id = $1 and type = $2', [w.tanya.id, 'delivery.status']);
    expect(notes.map((n) => n.title)).toContain(`Delivery requested: ${request.requestNumber}`);
    const mail = await sql('select 1 from email_outbox where to_address = $1 and subject like $2', [w.tanya.email, `%Delivery requested: ${request.requestNumber}`]);
    expect(mail).toHaveLength(1);
  });

  it("only their own parcels (another customer's or courier's: 404), only ready ones (409), once (409)", async () => {
    const andres = await readyParcel(t.database.db, w.courier, w.andre.id);
    const body = (packageIds: string[]) => ({ packageIds, locationId: w.location.id, address: '1 Main St', phone: '876-555-0000', preferredDate: jamaicaDay(2) });
    expect((await call('POST', '/delivery-requests', w.as.tanya, body([andres.pkg.id]))).statusCode).toBe(404);
    const foreign = await readyParcel(t.database.db, other.courier, other.tanya.id);
    expect((await call('POST', '/delivery-requests', w.as.tanya, body([foreign.pkg.id]))).statusCode).toBe(404);
    const inTransit = await readyParcel(t.database.db, w.courier, w.tanya.id, { status: 'in_transit' });
    const notReady = await call('POST', '/delivery-requests', w.as.tanya, body([inTransit.pkg.id]));
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toMatchObject({ message: `Parcel ${inTransit.pkg.packageNo} is not ready for pickup` });
    const { parcel, request } = await requested();
    const again = await call('POST', '/delivery-requests', w.as.tanya, body([parcel.pkg.id]));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: `Parcel ${parcel.pkg.packageNo} is already on delivery request ${request.requestNumber}` });
    const otherLocation = await call('POST', '/delivery-requests', w.as.tanya, { ...body([andres.pkg.id]), locationId: other.location.id });
    expect(otherLocation.statusCode).toBe(400);
    const past = await call('POST', '/delivery-requests', w.as.tanya, { ...body([parcel.pkg.id]), preferredDate: jamaicaDay(-2) });
    expect(past.json()).toMatchObject({ message: 'The date cannot be in the past' });
  });

  it('cancels until it is scheduled, then 409 naming both statuses', async () => {
    const { parcel, request } = await requested();
    expect((await call('POST', `/delivery-requests/${request.id}/cancel`, w.as.andre)).statusCode).toBe(404);
    const cancelled = await call('POST', `/delivery-requests/${request.id}/cancel`, w.as.tanya);
    expect(detail(cancelled).status).toBe('cancelled');
    const ready = await call('GET', '/delivery-requests/ready-parcels', w.as.tanya);
    expect(ready.json<{ parcels: { id: string }[] }>().parcels.map((p) => p.id)).toContain(parcel.pkg.id);

    const made = await scheduled();
    const late = await call('POST', `/delivery-requests/${made.request.id}/cancel`, w.as.tanya);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'A delivery request cannot move from Scheduled to Cancelled' });
  });
});

describe('staff handle the request', () => {
  it('schedule puts the delivery fee on the unpaid invoice through the invoices path (line, event, total)', async () => {
    const { parcel, request } = await scheduled();
    expect(request).toMatchObject({ status: 'scheduled', scheduledDate: jamaicaDay(1), timeWindow: 'morning', driverName: 'Test staff', stopOrder: expect.any(Number) });
    expect(request.feeInvoiceNumber).toBe(parcel.invoice!.invoiceNo);
    const [invoice] = await sql<{ total_cents: number }>('select total_cents from invoices where id = $1', [parcel.invoice!.id]);
    expect(invoice!.total_cents).toBe(250_000 + 150_000);
    const lines = await sql<{ code: string; amount_cents: number; description: string }>('select code, amount_cents, description from invoice_lines where invoice_id = $1', [parcel.invoice!.id]);
    expect(lines).toEqual([{ code: 'delivery_fee', amount_cents: 150_000, description: `Delivery fee: ${request.requestNumber} to Half Way Tree` }]);
    expect(request.amountDueCents).toBe(400_000);
    const events = await sql('select 1 from invoice_events where invoice_id = $1 and kind = $2', [parcel.invoice!.id, 'line_added']);
    expect(events).toHaveLength(1);
    expect(request.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'requested'], ['requested', 'scheduled']]);
  });

  it('a paid invoice takes no new charge: the fee goes on one supplementary invoice, once even when scheduled twice at once', async () => {
    const made = await requested(w, { paid: true });
    const body = { date: jamaicaDay(1), window: 'afternoon' };
    const answers = await Promise.all([
      call('POST', `/delivery-requests/${made.request.id}/schedule`, w.as.dispatcher, body),
      call('POST', `/delivery-requests/${made.request.id}/schedule`, w.as.admin, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await sql('select 1 from invoice_lines where invoice_id = $1', [made.parcel.invoice!.id])).toHaveLength(0);
    const supplementary = await sql<{ id: string; invoice_no: string; status: string; total_cents: number }>(
      `select i.id, i.invoice_no, i.status, i.total_cents from invoices i join invoice_packages ip on ip.invoice_id = i.id
       where ip.package_id = $1 and ip.supplementary`, [made.parcel.pkg.id]);
    expect(supplementary).toEqual([expect.objectContaining({ status: 'unpaid', total_cents: 150_000 })]);
    const lines = await sql<{ code: string; amount_cents: number; description: string }>('select code, amount_cents, description from invoice_lines where invoice_id = $1', [supplementary[0]!.id]);
    expect(lines).toEqual([{ code: 'delivery_fee', amount_cents: 150_000, description: expect.stringContaining(made.request.requestNumber) }]);
    expect(await sql(`select 1 from package_charges where kind = 'delivery_fee' and invoice_id = $1`, [supplementary[0]!.id])).toHaveLength(1);
    const seen = await call('GET', `/delivery-requests/${made.request.id}`, w.as.tanya);
    expect(seen.json<DeliveryRequest>()).toMatchObject({ status: 'scheduled', feeInvoiceNumber: supplementary[0]!.invoice_no });
    const notified = await sql<{ title: string }>('select title from notifications where customer_id = $1 and title like $2', [w.tanya.id, `Invoice ${supplementary[0]!.invoice_no}%`]);
    expect(notified).toHaveLength(1);
  });

  it('illegal moves are 409 naming both states; a viewer cannot act (403); another courier gets 404', async () => {
    const { request } = await requested();
    const early = await call('POST', `/delivery-requests/${request.id}/out-for-delivery`, w.as.dispatcher);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'A delivery request cannot move from Requested to Out for Delivery' });
    expect((await call('POST', `/delivery-requests/${request.id}/schedule`, w.as.viewer, { date: jamaicaDay(1), window: 'morning' })).statusCode).toBe(403);
    expect((await call('GET', `/delivery-requests/${request.id}`, w.as.viewer)).statusCode).toBe(200);
    expect((await call('GET', `/delivery-requests/${request.id}`, other.as.admin)).statusCode).toBe(404);
    expect((await call('POST', `/delivery-requests/${request.id}/schedule`, other.as.dispatcher, { date: jamaicaDay(1), window: 'morning' })).statusCode).toBe(404);
    expect((await call('GET', `/delivery-requests/${request.id}`, w.as.andre)).statusCode).toBe(404);
    const foreignDriver = await call('POST', `/delivery-requests/${request.id}/schedule`, w.as.dispatcher, { date: jamaicaDay(1), window: 'morning', driverId: other.dispatcher.id });
    expect(foreignDriver.json()).toMatchObject({ message: 'Choose an active staff member of this courier' });
    const rejected = await call('POST', `/delivery-requests/${request.id}/reject`, w.as.dispatcher, { reason: 'We do not reach that street' });
    expect(detail(rejected)).toMatchObject({ status: 'rejected', rejectionReason: 'We do not reach that street' });
  });

  it('out for delivery moves the parcels through the package status path (history, customer told)', async () => {
    const { parcel, request } = await outForDelivery();
    expect(request.status).toBe('out_for_delivery');
    expect(await packageStatus(parcel.pkg.id)).toBe('out_for_delivery');
    const events = await sql<{ status: string; note: string }>('select status, note from package_events where package_id = $1', [parcel.pkg.id]);
    expect(events).toEqual([{ status: 'out_for_delivery', note: `Delivery ${request.requestNumber}` }]);
    const told = await sql('select 1 from notifications where customer_id = $1 and title = $2', [w.tanya.id, `Out for delivery: ${request.requestNumber}`]);
    expect(told).toHaveLength(1);
  });

  it('delivered with a drawn signature and cash collected: parcels delivered, a payment recorded by the payments path, the invoice paid', async () => {
    const { parcel, request } = await outForDelivery();
    const blank = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya', signature: await signatureDataUrl({ blank: true }) });
    expect(blank.statusCode).toBe(400);
    const noProof = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya' });
    expect(noProof.json()).toMatchObject({ message: "The recipient's signature or a photo is required" });
    const response = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya Delivery', signature, collectedCents: 400_000 });
    expect(response.statusCode, response.body).toBe(200);
    const done = detail(response);
    expect(done).toMatchObject({ status: 'delivered', recipientName: 'Tanya Delivery', hasSignature: true, collectedCents: 400_000, amountDueCents: 0, paymentNumber: expect.stringMatching(/^RCT-/) });
    expect(await packageStatus(parcel.pkg.id)).toBe('delivered');
    const [invoice] = await sql<{ status: string; paid_cents: number }>('select status, paid_cents from invoices where id = $1', [parcel.invoice!.id]);
    expect(invoice).toEqual({ status: 'paid', paid_cents: 400_000 });
    const [payment] = await sql<{ method: string; reference: string; amount_cents: number }>('select method, reference, amount_cents from payments where payment_no = $1', [done.paymentNumber]);
    expect(payment).toEqual({ method: 'cash', reference: request.requestNumber, amount_cents: 400_000 });
    const png = await call('GET', `/delivery-requests/${request.id}/signature`, w.as.tanya);
    expect(png.headers['content-type']).toBe('image/png');
    const seen = await call('GET', `/delivery-requests/${request.id}`, w.as.tanya);
    expect(seen.json<DeliveryRequest>().history.map((h) => h.toStatus)).toEqual(['requested', 'scheduled', 'out_for_delivery', 'delivered']);
    expect(await sql('select 1 from notifications where customer_id = $1 and title = $2', [w.tanya.id, `Delivered: ${request.requestNumber}`])).toHaveLength(1);
  });

  it('collecting more than is due is refused and nothing changes', async () => {
    const { parcel, request } = await outForDelivery();
    const response = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya', signature, collectedCents: 9_999_999 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Amount collected cannot be more than the J$4,000.00 due' });
    expect(await packageStatus(parcel.pkg.id)).toBe('out_for_delivery');
  });

  it('a fee billed after payment on a supplementary invoice is collected at the door: shown as due, on the run sheet, paid by the cash taken', async () => {
    const made = await requested(w, { paid: true });
    const day = jamaicaDay(1);
    expect((await call('POST', `/delivery-requests/${made.request.id}/schedule`, w.as.dispatcher, { date: day, window: 'morning', driverId: w.dispatcher.id })).statusCode).toBe(200);
    const out = await call('POST', `/delivery-requests/${made.request.id}/out-for-delivery`, w.as.dispatcher);
    expect(out.statusCode, out.body).toBe(200);
    const request = detail(out);
    expect(request).toMatchObject({ amountDueCents: 150_000, feeInvoiceNumber: expect.stringMatching(/^INV-/) });
    const sheet = await pdfText((await call('GET', `/delivery-requests/run-sheet?date=${day}&driverId=${w.dispatcher.id}`, w.as.dispatcher)).rawPayload);
    expect(sheet).toContain('Amount to collect: J$1,500.00');
    const tooMuch = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya', signature, collectedCents: 150_001 });
    expect(tooMuch.json()).toMatchObject({ message: 'Amount collected cannot be more than the J$1,500.00 due' });
    const done = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya', signature, collectedCents: 150_000 });
    expect(done.statusCode, done.body).toBe(200);
    expect(detail(done)).toMatchObject({ status: 'delivered', amountDueCents: 0, collectedCents: 150_000 });
    const [fee] = await sql<{ status: string; paid_cents: number }>('select status, paid_cents from invoices where invoice_no = $1', [request.feeInvoiceNumber]);
    expect(fee).toEqual({ status: 'paid', paid_cents: 150_000 });
  });

  it('failed with a reason: the parcels go back to ready for pickup and may be requested again', async () => {
    const { parcel, request } = await outForDelivery();
    const response = await call('POST', `/delivery-requests/${request.id}/fail`, w.as.dispatcher, { reason: 'Nobody home' });
    expect(detail(response)).toMatchObject({ status: 'failed', failureReason: 'Nobody home' });
    expect(await packageStatus(parcel.pkg.id)).toBe('ready_for_pickup');
    const again = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'X', signature });
    expect(again.json()).toMatchObject({ message: 'A delivery request cannot move from Failed to Delivered' });
    const ready = await call('GET', '/delivery-requests/ready-parcels', w.as.tanya);
    expect(ready.json<{ parcels: { id: string }[] }>().parcels.map((p) => p.id)).toContain(parcel.pkg.id);
  });

  it('the run sheet lists the day\'s stops in order with parcels and the amount to collect', async () => {
    const day = jamaicaDay(3);
    const first = await requested();
    const second = await requested();
    for (const [made, window] of [[second, 'afternoon'], [first, 'morning']] as const) {
      const response = await call('POST', `/delivery-requests/${made.request.id}/schedule`, w.as.admin, { date: day, window, driverId: w.admin.id });
      expect(response.statusCode, response.body).toBe(200);
    }
    const pdf = await call('GET', `/delivery-requests/run-sheet?date=${day}&driverId=${w.admin.id}`, w.as.dispatcher);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Delivery run sheet: ${day}, driver Test courier_admin`);
    expect(text.indexOf(`Stop 1: ${first.request.requestNumber}`)).toBeGreaterThan(-1);
    expect(text.indexOf(`Stop 2: ${second.request.requestNumber}`)).toBeGreaterThan(text.indexOf('Stop 1'));
    expect(text).toContain(first.parcel.pkg.packageNo);
    expect(text).toContain('Amount to collect: J$4,000.00');
    expect(text).toContain('2 stops; to collect J$8,000.00');
  });
});

describe('two staff at once', () => {
  it('two schedules of one request: both answer, the fee is charged once', async () => {
    const { parcel, request } = await requested();
    const body = { date: jamaicaDay(1), window: 'morning' };
    const answers = await Promise.all([
      call('POST', `/delivery-requests/${request.id}/schedule`, w.as.dispatcher, body),
      call('POST', `/delivery-requests/${request.id}/schedule`, w.as.admin, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await sql('select 1 from invoice_lines where invoice_id = $1 and code = $2', [parcel.invoice!.id, 'delivery_fee'])).toHaveLength(1);
    const [invoice] = await sql<{ total_cents: number }>('select total_cents from invoices where id = $1', [parcel.invoice!.id]);
    expect(invoice!.total_cents).toBe(400_000);
  });

  it('two "delivered" at once: one succeeds, the other is 409, one payment', async () => {
    const { request } = await outForDelivery();
    const body = { recipientName: 'Tanya', signature, collectedCents: 400_000 };
    const answers = await Promise.all([
      call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, body),
      call('POST', `/delivery-requests/${request.id}/deliver`, w.as.admin, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ message: 'The delivery request is already Delivered' });
    expect(await sql('select 1 from payments where reference = $1', [request.requestNumber])).toHaveLength(1);
  });
});

describe('proof of delivery by photo', () => {
  const uploadPhoto = (id: string, headers: Headers, fileName: string, data: Buffer, contentType = 'image/jpeg') => {
    const body = multipart({}, [{ field: 'photo', fileName, data, contentType }]);
    return t.app.inject({ method: 'POST', url: `/api/delivery-requests/${id}/photo`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('a JPG taken at the door is resized and stored; delivered then needs no signature; staff and the customer see the photo', async () => {
    const { parcel, request } = await outForDelivery();
    const big = await new Jimp({ width: 2000, height: 1500, color: 0x3366ccff }).getBuffer('image/jpeg');
    const added = await uploadPhoto(request.id, w.as.dispatcher, 'IMG_0042.JPG', big);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ message: 'Photo of the delivery saved', request: { status: 'out_for_delivery', hasPhoto: true, hasSignature: false } });
    const [stored] = await sql<{ kind: string; content_type: string; data: Buffer }>('select f.kind, f.content_type, f.data from stored_files f join delivery_requests r on r.photo_file_id = f.id where r.id = $1', [request.id]);
    expect(stored).toMatchObject({ kind: 'delivery_photo', content_type: 'image/jpeg' });
    const resized = await Jimp.fromBuffer(stored!.data);
    expect([resized.width, resized.height]).toEqual([1600, 1200]);

    const response = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya Delivery' });
    expect(response.statusCode, response.body).toBe(200);
    expect(detail(response)).toMatchObject({ status: 'delivered', hasPhoto: true, hasSignature: false });
    expect(await packageStatus(parcel.pkg.id)).toBe('delivered');

    for (const headers of [w.as.viewer, w.as.tanya]) {
      const photo = await call('GET', `/delivery-requests/${request.id}/photo`, headers);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toContain('image/jpeg');
    }
    expect((await call('GET', `/delivery-requests/${request.id}/photo`, w.as.andre)).statusCode).toBe(404);
    expect((await call('GET', `/delivery-requests/${request.id}/photo`, other.as.admin)).statusCode).toBe(404);
    expect((await call('GET', `/delivery-requests/${request.id}/signature`, w.as.tanya)).statusCode).toBe(404);
    // Once delivered the proof is closed.
    expect((await uploadPhoto(request.id, w.as.dispatcher, 'late.png', await new Jimp({ width: 10, height: 10, color: 0xffffffff }).getBuffer('image/png'), 'image/png')).statusCode).toBe(409);
  });

  it('a photo as well as a signature: both kept', async () => {
    const { request } = await outForDelivery();
    const png = await new Jimp({ width: 40, height: 30, color: 0xcc9933ff }).getBuffer('image/png');
    expect((await uploadPhoto(request.id, w.as.dispatcher, 'door.png', png, 'image/png')).statusCode).toBe(200);
    const response = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya', signature });
    expect(detail(response)).toMatchObject({ status: 'delivered', hasPhoto: true, hasSignature: true });
  });

  it('a file that is not a JPG or PNG is refused by its content with a clear message and nothing changes; no photo sent is 400', async () => {
    const { request } = await outForDelivery();
    const before = await sql('select count(*)::int as n from stored_files where courier_id = $1', [w.courier.id]);
    const fake = await uploadPhoto(request.id, w.as.dispatcher, 'receipt.jpg', Buffer.from('%PDF-1.4 not a photo at all'));
    expect(fake.statusCode).toBe(415); // lib/photos' answer to a file that is not an image, as for package photos
    expect(fake.json()).toMatchObject({ message: 'Photos must be JPG or PNG images' });
    const empty = multipart({}, []);
    const none = await t.app.inject({ method: 'POST', url: `/api/delivery-requests/${request.id}/photo`, headers: { ...w.as.dispatcher, ...empty.headers }, payload: empty.payload });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Choose a photo of the delivery' });
    expect(await sql('select count(*)::int as n from stored_files where courier_id = $1', [w.courier.id])).toEqual(before);
    const still = await call('GET', `/delivery-requests/${request.id}`, w.as.dispatcher);
    expect(still.json()).toMatchObject({ status: 'out_for_delivery', hasPhoto: false });
    // Without a signature or a photo "delivered" is still refused.
    const noProof = await call('POST', `/delivery-requests/${request.id}/deliver`, w.as.dispatcher, { recipientName: 'Tanya' });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json()).toMatchObject({ message: "The recipient's signature or a photo is required" });
    // A viewer may not add one; another courier's request is not found.
    expect((await uploadPhoto(request.id, w.as.viewer, 'a.png', await new Jimp({ width: 5, height: 5, color: 0xffffffff }).getBuffer('image/png'), 'image/png')).statusCode).toBe(403);
    expect((await uploadPhoto(request.id, other.as.dispatcher, 'a.png', await new Jimp({ width: 5, height: 5, color: 0xffffffff }).getBuffer('image/png'), 'image/png')).statusCode).toBe(404);
  });
});

describe('branch scope (decision 008)', () => {
  it("branch-bound staff see only their branch's customers' requests: lists and by id (404)", async () => {
    const { request } = await scheduled();
    const [elsewhere] = await t.database.db.insert(branches).values({ courierId: w.courier.id, name: `Montego Bay ${Date.now()}` }).returning();
    const permissions = ['delivery_requests_view', 'delivery_requests_manage', 'packages_manage'];
    const away = (await signIn(t.app, await makeUser(t.database.db, { role: 'staff', courier: w.courier, permissions, branchId: elsewhere!.id }))).headers;
    const awayManager = (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier: w.courier, permissions, branchId: elsewhere!.id }))).headers;
    for (const headers of [away, awayManager]) {
      expect((await call('GET', '/delivery-requests', headers)).json<ListResponse<DeliveryRequestListItem>>().data).toEqual([]);
      expect((await call('GET', `/delivery-requests/${request.id}`, headers)).statusCode).toBe(404);
      expect((await call('POST', `/delivery-requests/${request.id}/out-for-delivery`, headers)).statusCode).toBe(404);
    }
    // Staff of the customer's branch and the courier admin (every branch) still see it.
    const home = await call('GET', '/delivery-requests', w.as.dispatcher);
    expect(home.json<ListResponse<DeliveryRequestListItem>>().data.map((r) => r.id)).toContain(request.id);
    expect((await call('GET', `/delivery-requests/${request.id}`, w.as.admin)).statusCode).toBe(200);
  });
});
