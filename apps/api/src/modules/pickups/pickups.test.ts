import { randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterLookup, CreatePickupResponse, Pickup } from '@parceldesk/shared/schemas/pickups';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/multipart';
import { counterWorld, LETTER_PDF, payInFull, readyParcel, signatureDataUrl, type CounterWorld } from './pickup-test-kit';

let t: TestApp;
let w: CounterWorld;
let other: CounterWorld;
let signature: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await counterWorld(t.app, t.database.db);
  other = await counterWorld(t.app, t.database.db);
  signature = await signatureDataUrl();
});
afterAll(() => t.close());

const lookup = (headers: Record<string, string>, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/counter/lookup', headers, query });
const release = (headers: Record<string, string>, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/pickups', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const asCustomer = (packageIds: string[], extra: object = {}) => ({ packageIds, collectorKind: 'customer', signature, ...extra });

async function auditRows(action: string, targetId: string) {
  const { rows } = await t.database.pool.query(`select actor_id, details from audit_logs where action = $1 and target_id = $2`, [action, targetId]);
  return rows as { actor_id: string; details: Record<string, unknown> }[];
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function statusOf(packageId: string) {
  const { rows } = await t.database.pool.query(`select status from packages where id = $1`, [packageId]);
  return rows[0]?.status as string;
}

describe('GET /api/counter/lookup', () => {
  it('a scanned label finds the customer\'s ready parcels with their invoices, what is paid and what is due', async () => {
    const a = await readyParcel(t.database.db, w.courier, w.tanya.id, { totalCents: 250_000, paidCents: 100_000 });
    const b = await readyParcel(t.database.db, w.courier, w.tanya.id, { totalCents: 120_050, paidCents: 120_050 });
    await readyParcel(t.database.db, w.courier, w.tanya.id, { status: 'in_transit' });

    const response = await lookup(w.as.clerk, { code: ` ${a.pkg.trackingNumber.toLowerCase()} ` });
    expect(response.statusCode).toBe(200);
    const body = response.json<CounterLookup>();
    expect(body.matchedBy).toBe('package');
    expect(body.customer).toMatchObject({ id: w.tanya.id, name: 'Tanya Counter', mailboxNumber: w.tanya.mailboxNumber });
    const mine = body.parcels.filter((p) => [a.pkg.id, b.pkg.id].includes(p.id));
    expect(mine.map((p) => [p.packageNumber, p.balanceCents, p.isScanned])).toEqual([
      [a.pkg.packageNo, 150_000, true], [b.pkg.packageNo, 0, false],
    ]);
    expect(body.parcels.every((p) => p.id !== undefined)).toBe(true);
    expect(body.invoices.find((i) => i.id === a.invoice!.id)).toMatchObject({ status: 'partially_paid', totalCents: 250_000, paidCents: 100_000, balanceCents: 150_000, packageNumbers: [a.pkg.packageNo] });

    // The invoice barcode, the package number, the mailbox and the name find the same customer.
    for (const [code, matchedBy] of [[a.invoice!.invoiceNo, 'invoice'], [b.pkg.packageNo.toLowerCase(), 'package'], [w.tanya.mailboxNumber, 'mailbox'], ['tanya counter', 'name']] as const) {
      const found = (await lookup(w.as.clerk, { code })).json<CounterLookup>();
      expect([code, found.matchedBy, found.customer?.id]).toEqual([code, matchedBy, w.tanya.id]);
    }
  });

  it('says when the scanned parcel is not ready, lists candidates for a common name, and finds nothing of another courier', async () => {
    const transit = await readyParcel(t.database.db, w.courier, w.andre.id, { status: 'in_transit' });
    const scanned = (await lookup(w.as.clerk, { code: transit.pkg.packageNo })).json<CounterLookup>();
    expect(scanned.message).toBe(`${transit.pkg.packageNo} is In Transit, not ready for pickup`);
    expect(scanned.scannedPackage).toEqual({ packageNumber: transit.pkg.packageNo, status: 'in_transit' });

    const both = (await lookup(w.as.clerk, { code: 'Counter' })).json<CounterLookup>();
    expect(both.customer).toBeNull();
    expect(both.candidates.map((c) => c.name).sort()).toEqual(['Andre Counter', 'Tanya Counter']);

    const theirs = await readyParcel(t.database.db, other.courier, other.tanya.id);
    const foreign = (await lookup(w.as.clerk, { code: theirs.pkg.packageNo })).json<CounterLookup>();
    expect(foreign).toMatchObject({ customer: null, parcels: [], message: `Nothing matches "${theirs.pkg.packageNo}": scan a label or invoice, or type a mailbox number or name` });
    expect((await lookup(w.as.clerk, { customerId: other.tanya.id })).statusCode).toBe(404);
    expect((await lookup(w.as.noSign, { code: 'x' })).statusCode).toBe(403);
  });
});

describe('POST /api/pickups', () => {
  it('refuses parcels with a balance due (409) until they are paid, then releases them: collected, one event each, signature kept, receipt emailed', async () => {
    const a = await readyParcel(t.database.db, w.courier, w.andre.id, { totalCents: 300_000, paidCents: 100_000 });
    const b = await readyParcel(t.database.db, w.courier, w.andre.id, { totalCents: 90_000, paidCents: 90_000 });

    const blocked = await release(w.as.clerk, asCustomer([a.pkg.id, b.pkg.id]));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(`${a.pkg.packageNo} has J$2,000.00 unpaid on ${a.invoice!.invoiceNo}: take the payment first, or a courier admin may release it with a reason`);
    expect(await statusOf(a.pkg.id)).toBe('ready_for_pickup');
    expect(await statusOf(b.pkg.id)).toBe('ready_for_pickup');

    await payInFull(t.database.db, a.invoice!.id);
    const released = await release(w.as.clerk, asCustomer([a.pkg.id, b.pkg.id]));
    expect(released.statusCode).toBe(201);
    const { message, pickup } = released.json<CreatePickupResponse>();
    expect(message).toBe('2 parcels released');
    expect(pickup.pickupNumber).toMatch(/^PU-\d{6}$/);
    expect(pickup).toMatchObject({
      customer: { id: w.andre.id }, collector: { kind: 'customer', name: 'Andre Counter', authorisationLetter: null },
      override: null, totals: { totalCents: 390_000, paidCents: 390_000, balanceCents: 0 }, receiptEmailedTo: w.andre.email,
    });
    expect(pickup.packages.map((p) => p.id).sort()).toEqual([a.pkg.id, b.pkg.id].sort());
    expect(pickup.invoices.map((i) => i.invoiceNumber).sort()).toEqual([a.invoice!.invoiceNo, b.invoice!.invoiceNo].sort());

    expect(await statusOf(a.pkg.id)).toBe('collected');
    const { rows: events } = await t.database.pool.query(`select package_id, kind, status, note from package_events where package_id = any($1) order by package_id`, [[a.pkg.id, b.pkg.id]]);
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.kind === 'status' && e.status === 'collected' && e.note === `Collected by Andre Counter, receipt ${pickup.pickupNumber}`)).toBe(true);

    const { rows: links } = await t.database.pool.query(`select invoice_id, balance_cents_at_release from pickup_invoices where pickup_id = $1`, [pickup.id]);
    expect(links).toHaveLength(2);

    const { rows: mail } = await t.database.pool.query(`select subject, text_body from email_outbox where to_address = $1 and subject like '%receipt%'`, [w.andre.email]);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`${w.courier.name}: parcels collected, receipt ${pickup.pickupNumber}`);
    expect(mail[0].text_body).toContain(`- ${a.pkg.packageNo} (tracking ${a.pkg.trackingNumber}): Running shoes`);
    expect(mail[0].text_body).toContain('Total J$3,900.00, paid J$3,900.00, balance due J$0.00');
    expect(mail[0].text_body).toContain('Collected by: Andre Counter (the customer)');

    const image = await t.app.inject({ method: 'GET', url: `/api/pickups/${pickup.id}/signature`, headers: w.as.clerk });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

    const again = await release(w.as.clerk, asCustomer([b.pkg.id]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${b.pkg.packageNo} has already been collected`);
  });

  it('a courier admin overrides with a reason (audited, kept on the pickup); staff cannot, and a parcel without an invoice needs the override too', async () => {
    const unpaid = await readyParcel(t.database.db, w.courier, w.tanya.id, { totalCents: 80_000 });
    const uninvoiced = await readyParcel(t.database.db, w.courier, w.tanya.id, { totalCents: null });

    const refused = await release(w.as.clerk, asCustomer([unpaid.pkg.id, uninvoiced.pkg.id], { overrideReason: 'Customer will pay tomorrow' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a courier admin can release parcels that are not paid');

    const noReason = await release(w.as.admin, asCustomer([unpaid.pkg.id, uninvoiced.pkg.id]));
    expect(noReason.statusCode).toBe(409);
    expect(noReason.json().message).toContain('(and 1 more)');

    const response = await release(w.as.admin, asCustomer([unpaid.pkg.id, uninvoiced.pkg.id], { overrideReason: 'Manager approved: pays Friday' }));
    expect(response.statusCode).toBe(201);
    const { pickup } = response.json<CreatePickupResponse>();
    expect(pickup.override).toEqual({ reason: 'Manager approved: pays Friday', byName: expect.any(String) });
    expect(pickup.totals.balanceCents).toBe(80_000);
    const audit = await auditRows('pickup.override', pickup.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(w.admin.id);
    expect(audit[0]!.details).toMatchObject({ reason: 'Manager approved: pays Friday', unpaid: expect.arrayContaining([{ packageNumber: unpaid.pkg.packageNo, balanceCents: 80_000 }]) });
    const { rows } = await t.database.pool.query(`select balance_cents_at_release from pickup_invoices where pickup_id = $1`, [pickup.id]);
    expect(rows.map((r) => r.balance_cents_at_release)).toEqual([80_000]);
    const { rows: mail } = await t.database.pool.query(`select text_body from email_outbox where to_address = $1 and subject like $2`, [w.tanya.email, `%${pickup.pickupNumber}`]);
    expect(mail[0].text_body).toContain('The balance due is still owed');
  });

  it('an authorised person collects with name, ID, relationship and the customer\'s letter, which is kept with the pickup', async () => {
    const parcel = await readyParcel(t.database.db, w.courier, w.tanya.id, { totalCents: 50_000, paidCents: 50_000 });
    const missing = await release(w.as.clerk, { packageIds: [parcel.pkg.id], collectorKind: 'authorised', collectorName: 'Marcia Counter', signature });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({
      idType: 'Choose the ID type', idNumber: 'ID number is required', relationship: 'Relationship to the customer is required', authorisationLetterFileId: "Upload the customer's authorisation letter",
    });

    const html = multipart({}, [{ field: 'letter', fileName: 'letter.pdf', data: Buffer.from('<html>not a letter</html>'), contentType: 'application/pdf' }]);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/pickups/authorisation-letters', headers: { ...w.as.clerk, ...html.headers }, payload: html.payload });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe('The authorisation letter must be a PDF, JPG or PNG file');

    const form = multipart({}, [{ field: 'letter', fileName: 'authorisation.pdf', data: LETTER_PDF, contentType: 'application/pdf' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/pickups/authorisation-letters', headers: { ...w.as.clerk, ...form.headers }, payload: form.payload });
    expect(uploaded.statusCode).toBe(201);
    const letter = uploaded.json<{ id: string }>();

    const body = {
      packageIds: [parcel.pkg.id], collectorKind: 'authorised', collectorName: 'Marcia Counter', idType: 'drivers_licence', idNumber: 'DL-889911',
      relationship: 'Sister', authorisationLetterFileId: letter.id, signature,
    };
    // Another courier's clerk cannot use this courier's letter.
    const theirParcel = await readyParcel(t.database.db, other.courier, other.tanya.id, { totalCents: 1000, paidCents: 1000 });
    const stolen = await release(other.as.clerk, { ...body, packageIds: [theirParcel.pkg.id] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('Upload the authorisation letter again');

    const response = await release(w.as.clerk, body);
    expect(response.statusCode).toBe(201);
    const { pickup } = response.json<CreatePickupResponse>();
    expect(pickup.collector).toMatchObject({ kind: 'authorised', name: 'Marcia Counter', idType: 'drivers_licence', idNumber: 'DL-889911', relationship: 'Sister', authorisationLetter: { id: letter.id, fileName: 'authorisation.pdf' } });
    const file = await t.app.inject({ method: 'GET', url: `/api/pickups/${pickup.id}/authorisation-letter`, headers: w.as.clerk });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    const { rows: mail } = await t.database.pool.query(`select text_body from email_outbox where to_address = $1 and subject like $2`, [w.tanya.email, `%${pickup.pickupNumber}`]);
    expect(mail[0].text_body).toContain("Collected by: Marcia Counter, Sister, for Tanya Counter (Driver's licence DL-889911), with the customer's authorisation letter");

    // The printable receipt reads back with the collector, the parcels and the figures.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/pickups/${pickup.id}/receipt`, headers: w.as.clerk });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [w.courier.name, `Pickup receipt ${pickup.pickupNumber}`, parcel.pkg.packageNo, parcel.invoice!.invoiceNo, 'Marcia Counter', 'DL-889911', 'Balance due J$0.00']) {
      expect(text).toContain(expected);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/pickups/${pickup.id}/receipt`, headers: other.as.admin })).statusCode).toBe(404);

    // A letter serves one pickup.
    const second = await readyParcel(t.database.db, w.courier, w.tanya.id, { totalCents: 1000, paidCents: 1000 });
    const reused = await release(w.as.clerk, { ...body, packageIds: [second.pkg.id] });
    expect(reused.statusCode).toBe(409);
  });

  it('two releases of the same parcel at once: exactly one succeeds', async () => {
    const parcel = await readyParcel(t.database.db, w.courier, w.andre.id, { totalCents: 10_000, paidCents: 10_000 });
    const extra = await readyParcel(t.database.db, w.courier, w.andre.id, { totalCents: 10_000, paidCents: 10_000 });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => release(w.as.clerk, asCustomer([parcel.pkg.id]))),
      release(w.as.admin, asCustomer([extra.pkg.id, parcel.pkg.id])),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from pickup_packages where package_id = $1`, [parcel.pkg.id]);
    expect(rows[0].n).toBe(1);
    const { rows: events } = await t.database.pool.query(`select count(*)::int as n from package_events where package_id = $1 and status = 'collected'`, [parcel.pkg.id]);
    expect(events[0].n).toBe(1);
  });

  it('Idempotency-Key: a retried release answers the first pickup and records nothing twice', async () => {
    const parcel = await readyParcel(t.database.db, w.courier, w.andre.id, { totalCents: 10_000, paidCents: 10_000 });
    const key = `pickup-${randomUUID()}`;
    const first = await release(w.as.clerk, asCustomer([parcel.pkg.id]), key);
    const retry = await release(w.as.clerk, asCustomer([parcel.pkg.id]), key);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    expect(retry.json<CreatePickupResponse>().pickup.id).toBe(first.json<CreatePickupResponse>().pickup.id);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from email_outbox where subject like $1`, [`%${first.json<CreatePickupResponse>().pickup.pickupNumber}`]);
    expect(rows[0].n).toBe(1);
  });

  it('a blank or fake signature is refused with a clear message', async () => {
    const parcel = await readyParcel(t.database.db, w.courier, w.andre.id, { totalCents: 10_000, paidCents: 10_000 });
    const blank = await release(w.as.clerk, asCustomer([parcel.pkg.id], { signature: await signatureDataUrl({ blank: true }) }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('The person collecting must sign');
    const fake = await release(w.as.clerk, asCustomer([parcel.pkg.id], { signature: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` }));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('The signature could not be read. Please sign again.');
    expect(await statusOf(parcel.pkg.id)).toBe('ready_for_pickup');
  });

  it('another courier\'s parcels and pickups answer 404; release needs packages_sign', async () => {
    const mine = await readyParcel(t.database.db, w.courier, w.tanya.id, { totalCents: 10_000, paidCents: 10_000 });
    expect((await release(other.as.clerk, asCustomer([mine.pkg.id]))).statusCode).toBe(404);
    expect((await release(other.as.admin, asCustomer([mine.pkg.id]))).statusCode).toBe(404);
    expect((await release(w.as.noSign, asCustomer([mine.pkg.id]))).statusCode).toBe(403);
    const { pickup } = (await release(w.as.clerk, asCustomer([mine.pkg.id]))).json<CreatePickupResponse>();
    for (const path of ['', '/signature']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/pickups/${pickup.id}${path}`, headers: other.as.admin })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/pickups/${pickup.id}${path}`, headers: w.as.admin })).statusCode).toBe(200);
    }
    const read = (await t.app.inject({ method: 'GET', url: `/api/pickups/${pickup.id}`, headers: w.as.clerk })).json<Pickup>();
    expect(read.packages.map((p) => p.packageNumber)).toEqual([mine.pkg.packageNo]);
  });
});
