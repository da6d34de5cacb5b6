import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, SAMPLE } from '../../test/multipart';
import { makeCustomer, signInCustomer } from '../../test/factories';
import { auditActions, makeAdminOfNewCourier, makeSettingsWorld, UNKNOWN_ID, type Headers, type SettingsWorld } from './test-kit';
import { rateTemplate } from './rate-template';

let t: TestApp;
let w: SettingsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeSettingsWorld(t);
});
afterAll(() => t.close());

const MB = 1024 * 1024;

const uploadLogo = (headers: Headers, courierId: string, file?: { fileName: string; data: Buffer; contentType?: string }, field = 'logo') => {
  const body = multipart({}, file ? [{ field, ...file }] : []);
  return t.app.inject({ method: 'POST', url: `/api/couriers/${courierId}/logo`, headers: { ...headers, ...body.headers }, payload: body.payload });
};

const uploadRateSheet = (headers: Headers, fields: Record<string, string>, file?: { fileName: string; data: Buffer; contentType?: string }) => {
  const body = multipart(fields, file ? [{ field: 'rate_sheet', ...file }] : []);
  return t.app.inject({ method: 'POST', url: '/api/rate-sheet', headers: { ...headers, ...body.headers }, payload: body.payload });
};

const courierRow = async (id: string) =>
  (await t.database.pool.query<{ logo_url: string | null; rate_sheet_file_id: string | null }>(`select logo_url, rate_sheet_file_id from couriers where id = $1`, [id])).rows[0];
const fileCount = async (courierId: string, kind: string) =>
  (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from stored_files where courier_id = $1 and kind = $2`, [courierId, kind])).rows[0]?.n;

describe('POST /api/couriers/{id}/logo', () => {
  it('stores a PNG, points logo_url at a public URL and serves it to anyone with safe headers', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const response = await uploadLogo(headers, courier.id, { fileName: 'brand.png', data: SAMPLE.png, contentType: 'image/png' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; message: string; logo_url: string }>();
    expect(body).toEqual({ success: true, message: SETTINGS_MSG.logoUpdated, logo_url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/) });
    expect((await courierRow(courier.id))?.logo_url).toBe(body.logo_url);

    const served = await t.app.inject({ method: 'GET', url: body.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SAMPLE.png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="brand.png"/);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const again = await t.app.inject({ method: 'GET', url: body.logo_url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);

    // The courier's public branding shows the new logo.
    const branding = await t.app.inject({ method: 'GET', url: `/api/couriers/validate/${courier.apiKey}` });
    expect(branding.json().data.logo_url).toBe(body.logo_url);
    expect(await auditActions(t, courier.id, 'settings.logo_updated')).toHaveLength(1);
  });

  it('judges the type by content, not by the name or the browser: JPEG and GIF pass, a disguised file does not', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const jpeg = await uploadLogo(headers, courier.id, { fileName: 'logo.jpg', data: SAMPLE.jpeg, contentType: 'application/octet-stream' });
    expect(jpeg.statusCode).toBe(200);
    const gif = await uploadLogo(headers, courier.id, { fileName: 'logo.gif', data: SAMPLE.gif });
    expect(gif.statusCode).toBe(200);
    const gifUrl = gif.json().logo_url as string;
    expect((await t.app.inject({ method: 'GET', url: gifUrl })).headers['content-type']).toBe('image/gif');
    // The replaced logo is gone; only the current one is stored.
    expect(await fileCount(courier.id, 'logo')).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: jpeg.json().logo_url })).statusCode).toBe(404);

    for (const disguised of [
      { fileName: 'logo.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), contentType: 'image/png' },
      { fileName: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), contentType: 'image/svg+xml' },
      { fileName: 'logo.png', data: SAMPLE.pdf, contentType: 'image/png' },
      { fileName: 'logo.html', data: SAMPLE.png, contentType: 'image/png' },
    ]) {
      const refused = await uploadLogo(headers, courier.id, disguised);
      expect(refused.statusCode, disguised.fileName).toBe(415);
      expect(refused.json()).toEqual({ message: SETTINGS_MSG.logoNotImage });
    }
    expect((await courierRow(courier.id))?.logo_url).toBe(gifUrl);
  });

  it('refuses a 6 MB image with 413 and changes nothing', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const big = Buffer.concat([SAMPLE.png, Buffer.alloc(6 * MB)]);
    const response = await uploadLogo(headers, courier.id, { fileName: 'huge.png', data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: SETTINGS_MSG.logoTooLarge });
    expect((await courierRow(courier.id))?.logo_url).toBeNull();
    expect(await fileCount(courier.id, 'logo')).toBe(0);
  });

  it('asks for a file when none is sent, or it comes under another field, or it is empty', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    for (const response of [
      await uploadLogo(headers, courier.id),
      await uploadLogo(headers, courier.id, { fileName: 'a.png', data: SAMPLE.png }, 'image'),
      await uploadLogo(headers, courier.id, { fileName: 'a.png', data: Buffer.alloc(0) }),
      await t.app.inject({ method: 'POST', url: `/api/couriers/${courier.id}/logo`, headers, payload: {} }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SETTINGS_MSG.logoMissing });
    }
  });

  it('lets only the courier\'s admin (or a super admin) change it: another courier answers 404, staff and customers 403', async () => {
    const file = { fileName: 'x.png', data: SAMPLE.png };
    expect((await uploadLogo(w.adminB, w.courierA.id, file)).statusCode).toBe(404);
    expect((await uploadLogo(w.adminA, UNKNOWN_ID, file)).statusCode).toBe(404);
    expect((await uploadLogo(w.staff, w.courierA.id, file)).statusCode).toBe(403);
    expect((await uploadLogo(w.customer, w.courierA.id, file)).statusCode).toBe(403);
    expect((await uploadLogo({}, w.courierA.id, file)).statusCode).toBe(401);
    expect((await courierRow(w.courierA.id))?.logo_url).toBeNull();
    const bySuperAdmin = await uploadLogo(w.superAdmin, w.courierB.id, file);
    expect(bySuperAdmin.statusCode).toBe(200);
    expect((await courierRow(w.courierB.id))?.logo_url).toBe(bySuperAdmin.json().logo_url);
  });
});

describe('GET /api/files/{id}', () => {
  it('serves logos only: a rate sheet or an unknown id is not found, whoever asks', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    expect((await uploadRateSheet(headers, { courier_id: courier.id }, { fileName: 'rates.pdf', data: SAMPLE.pdf })).statusCode).toBe(200);
    const sheetId = (await courierRow(courier.id))?.rate_sheet_file_id;
    expect(sheetId).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${sheetId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${sheetId}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('rate sheet: POST /api/rate-sheet, GET /api/rate-sheet and the download', () => {
  it('reports none, then stores a PDF that the courier\'s customer downloads with its original name and type', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const customer = await makeCustomer(t.database.db, courier);
    const customerHeaders = (await signInCustomer(t.app, customer, courier.apiKey)).headers;

    const none = await t.app.inject({ method: 'GET', url: '/api/rate-sheet', headers: customerHeaders });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ success: true, rate_sheet_url: null, file_name: null });
    const missing = await t.app.inject({ method: 'GET', url: '/api/rate-sheet/download', headers: customerHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SETTINGS_MSG.noRateSheet });

    const upload = await uploadRateSheet(headers, { courier_id: courier.id }, { fileName: 'Tarifas Kingston 2025 – Aire.pdf', data: SAMPLE.pdf, contentType: 'text/plain' });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual({ success: true, message: SETTINGS_MSG.rateSheetUpdated, rate_sheet_url: '/api/rate-sheet/download' });

    const info = await t.app.inject({ method: 'GET', url: '/api/rate-sheet', headers: customerHeaders });
    expect(info.json()).toEqual({ success: true, rate_sheet_url: '/api/rate-sheet/download', file_name: 'Tarifas Kingston 2025 – Aire.pdf' });

    const download = await t.app.inject({ method: 'GET', url: '/api/rate-sheet/download', headers: customerHeaders });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="Tarifas Kingston 2025 _ Aire.pdf"/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '')).toBe('Tarifas Kingston 2025 – Aire.pdf');
    expect(await auditActions(t, courier.id, 'settings.rate_sheet_updated')).toHaveLength(1);
  });

  it('keeps Excel and Word types apart: each is served with its own content type', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const xlsx = (await rateTemplate('excel')).data;
    const cases = [
      { fileName: 'rates.xlsx', data: xlsx, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      { fileName: 'rates.xls', data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]), type: 'application/vnd.ms-excel' },
      { fileName: 'rates.doc', data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]), type: 'application/msword' },
    ];
    for (const c of cases) {
      expect((await uploadRateSheet(headers, { courier_id: courier.id }, c)).statusCode, c.fileName).toBe(200);
      const download = await t.app.inject({ method: 'GET', url: '/api/rate-sheet/download', headers });
      expect(download.headers['content-type']).toBe(c.type);
      expect(download.rawPayload.equals(c.data)).toBe(true);
    }
    expect(await fileCount(courier.id, 'rate_sheet')).toBe(1);
  });

  it('refuses a PNG renamed .pdf, a spreadsheet named .docx, a text file named .xlsx and an .exe, changing nothing', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    expect((await uploadRateSheet(headers, { courier_id: courier.id }, { fileName: 'first.pdf', data: SAMPLE.pdf })).statusCode).toBe(200);
    const before = await courierRow(courier.id);
    const xlsx = (await rateTemplate('excel')).data;
    for (const file of [
      { fileName: 'rates.pdf', data: SAMPLE.png, contentType: 'application/pdf' },
      { fileName: 'rates.docx', data: xlsx },
      { fileName: 'rates.xlsx', data: Buffer.from('weight,cost\n1,650\n'), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      { fileName: 'rates.exe', data: SAMPLE.pdf },
      { fileName: 'rates', data: SAMPLE.pdf },
    ]) {
      const refused = await uploadRateSheet(headers, { courier_id: courier.id }, file);
      expect(refused.statusCode, file.fileName).toBe(415);
      expect(refused.json()).toEqual({ message: SETTINGS_MSG.rateSheetWrongType });
    }
    expect(await courierRow(courier.id)).toEqual(before);
    expect(await fileCount(courier.id, 'rate_sheet')).toBe(1);
  });

  it('refuses a file over 10 MB with 413, a missing file and a missing courier id with the spec\'s messages', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const big = await uploadRateSheet(headers, { courier_id: courier.id }, { fileName: 'big.pdf', data: Buffer.concat([SAMPLE.pdf, Buffer.alloc(10 * MB)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: SETTINGS_MSG.rateSheetTooLarge });
    const noFile = await uploadRateSheet(headers, { courier_id: courier.id });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: SETTINGS_MSG.rateSheetMissing });
    const noCourier = await uploadRateSheet(headers, {}, { fileName: 'a.pdf', data: SAMPLE.pdf });
    expect(noCourier.statusCode).toBe(400);
    expect(noCourier.json()).toEqual({ message: SETTINGS_MSG.courierMissing });
    expect(await fileCount(courier.id, 'rate_sheet')).toBe(0);
  });

  it('keeps each courier\'s sheet to itself: other couriers get 404, staff and customers cannot upload', async () => {
    const file = { fileName: 'a.pdf', data: SAMPLE.pdf };
    expect((await uploadRateSheet(w.adminB, { courier_id: w.courierA.id }, file)).statusCode).toBe(404);
    expect((await uploadRateSheet(w.adminA, { courier_id: 'not-a-uuid' }, file)).statusCode).toBe(404);
    expect((await uploadRateSheet(w.staff, { courier_id: w.courierA.id }, file)).statusCode).toBe(403);
    expect((await uploadRateSheet(w.customer, { courier_id: w.courierA.id }, file)).statusCode).toBe(403);
    expect(await fileCount(w.courierA.id, 'rate_sheet')).toBe(0);

    expect((await uploadRateSheet(w.adminA, { courier_id: w.courierA.id }, file)).statusCode).toBe(200);
    // Staff of the courier read and download it; courier B's admin naming courier A gets 404.
    expect((await t.app.inject({ method: 'GET', url: '/api/rate-sheet/download', headers: w.staff })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/rate-sheet?courier_id=${w.courierA.id}`, headers: w.adminB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/rate-sheet/download?courier_id=${w.courierA.id}`, headers: w.adminB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/rate-sheet', headers: w.adminB })).json().rate_sheet_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/rate-sheet/download' })).statusCode).toBe(401);

    // A super admin names the courier.
    expect((await t.app.inject({ method: 'GET', url: '/api/rate-sheet', headers: w.superAdmin })).statusCode).toBe(400);
    const forSuper = await t.app.inject({ method: 'GET', url: `/api/rate-sheet?courier_id=${w.courierA.id}`, headers: w.superAdmin });
    expect(forSuper.json().rate_sheet_url).toBe(`/api/rate-sheet/download?courier_id=${w.courierA.id}`);
    expect((await t.app.inject({ method: 'GET', url: forSuper.json().rate_sheet_url, headers: w.superAdmin })).statusCode).toBe(200);
  });
});
