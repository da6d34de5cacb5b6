import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, SAMPLE } from '../../test/multipart';
import { auditActions, makeAdminOfNewCourier, makeSettingsWorld, type Headers, type SettingsWorld } from '../settings/test-kit';
import { BULK_MSG } from './rate-rows';
import { SPREADSHEET_MSG } from './spreadsheet-upload';
import { listZipEntries } from './zip-entries';

const XLSX = createRequire(import.meta.url)('xlsx') as typeof import('xlsx');

let t: TestApp;
let w: SettingsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeSettingsWorld(t);
});
afterAll(() => t.close());

type Result = { success: boolean; message: string; createdRates: number; updatedRates: number; invalidRates: number; totalProcessed: number; invalidRows: { row: number; weight: string; cost: string; reason: string }[] };

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8', edit?: (sheet: Record<string, unknown>) => void): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  edit?.(sheet as Record<string, unknown>);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Rates');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const upload = (headers: Headers, file: { fileName: string; data: Buffer } | null, courierId: string | null) => {
  const body = multipart(courierId === null ? {} : { courier_id: courierId }, file ? [{ field: 'file', ...file }] : []);
  return t.app.inject({ method: 'POST', url: '/api/settings/shipping-rates/bulk-upload', headers: { ...headers, ...body.headers }, payload: body.payload });
};

const ratesOf = async (courierId: string) =>
  (await t.database.pool.query<{ weight: string; weight_lbs: number; cost: number; status: string }>(
    `select weight, weight_lbs::float as weight_lbs, cost::float as cost, status from shipping_rates where courier_id = $1 order by weight_lbs`, [courierId],
  )).rows;

describe('POST /api/settings/shipping-rates/bulk-upload', () => {
  it('creates rates from a real .xlsx and lists each invalid row with its spreadsheet row number and reason', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const data = workbook([
      ['Weight', 'COST'], // row 1
      ['1 lb', 650],
      [2, 900],
      ['2.5lbs', '1,100.50'],
      ['heavy', 5], // row 5
      [3, -5],
      [4, 0], // row 7: its cost becomes a formula below
      [5, 1000],
      [],
      [6, 1200], // row 10
      [7, null],
    ], 'xlsx', (sheet) => {
      sheet.B7 = { t: 'n', f: 'B2*2', v: 1300 };
    });
    const response = await upload(headers, { fileName: 'rates.xlsx', data }, courier.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Result>()).toEqual({
      success: true,
      message: '9 rows processed: 5 created, 0 updated, 4 invalid',
      createdRates: 5,
      updatedRates: 0,
      invalidRates: 4,
      totalProcessed: 9,
      invalidRows: [
        { row: 5, weight: 'heavy', cost: '5', reason: SETTINGS_MSG.weightInvalid },
        { row: 6, weight: '3', cost: '-5', reason: SETTINGS_MSG.costInvalid },
        { row: 7, weight: '4', cost: '=B2*2', reason: BULK_MSG.formula },
        { row: 11, weight: '7', cost: '', reason: SETTINGS_MSG.costRequired },
      ],
    });
    expect(await ratesOf(courier.id)).toEqual([
      { weight: '1 lb', weight_lbs: 1, cost: 650, status: 'active' },
      { weight: '2', weight_lbs: 2, cost: 900, status: 'active' },
      { weight: '2.5lbs', weight_lbs: 2.5, cost: 1100.5, status: 'active' },
      { weight: '5', weight_lbs: 5, cost: 1000, status: 'active' },
      { weight: '6', weight_lbs: 6, cost: 1200, status: 'active' },
    ]);
    const [audit] = await auditActions(t, courier.id, 'settings.rates_bulk_uploaded');
    expect(audit?.details).toMatchObject({ fileName: 'rates.xlsx', kind: 'xlsx', created: 5, updated: 0, invalid: 4, total: 9 });
  });

  it('reads a real .xls (BIFF8) and updates the weights the courier already prices instead of creating twins', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/settings/shipping-rates', headers, payload: { weight: '1 lb', cost: 600, status: 'INACTIVE' } });
    expect(created.statusCode).toBe(201);
    const data = workbook([['weight', 'cost'], ['1', 650], ['10 lbs', 3450], [11, 3800]], 'biff8');
    expect(data.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const response = await upload(headers, { fileName: 'RATES.XLS', data }, courier.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Result>()).toMatchObject({ createdRates: 2, updatedRates: 1, invalidRates: 0, totalProcessed: 3, invalidRows: [] });
    expect(response.json<Result>().message).toBe('3 rows processed: 2 created, 1 updated, 0 invalid');
    expect(await ratesOf(courier.id)).toEqual([
      { weight: '1', weight_lbs: 1, cost: 650, status: 'inactive' },
      { weight: '10 lbs', weight_lbs: 10, cost: 3450, status: 'active' },
      { weight: '11', weight_lbs: 11, cost: 3800, status: 'active' },
    ]);
    // The same file again: everything is an update, nothing is duplicated.
    const again = await upload(headers, { fileName: 'rates.xls', data }, courier.id);
    expect(again.json<Result>()).toMatchObject({ createdRates: 0, updatedRates: 3, totalProcessed: 3 });
    expect(await ratesOf(courier.id)).toHaveLength(3);
  });

  it('reads a .csv, refuses formula-like cells, and lets the last of repeated weights win while reporting the others', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const csv = [
      'cost,Weight,notes', // row 1: columns in any order, extra columns ignored
      '650,1,first',
      '=1+1,2,',
      '900,=1+1,',
      '+3,3,',
      '@SUM(A1),4,',
      '-2,5,',
      '',
      '"1,200.50",6,',
      '700,1 lb,again', // row 10: same weight as row 2
      'abc,7,',
      '800,1.0lbs,last', // row 12: same weight again, the one used
    ].join('\r\n');
    const response = await upload(headers, { fileName: 'rates.csv', data: Buffer.from(`\uFEFF${csv}`) }, courier.id);
    expect(response.statusCode).toBe(200);
    const result = response.json<Result>();
    expect(result).toMatchObject({ success: true, createdRates: 2, updatedRates: 0, invalidRates: 8, totalProcessed: 10 });
    expect(result.invalidRows).toEqual([
      { row: 2, weight: '1', cost: '650', reason: BULK_MSG.duplicate(12) },
      { row: 3, weight: '2', cost: '=1+1', reason: BULK_MSG.formula },
      { row: 4, weight: '=1+1', cost: '900', reason: BULK_MSG.formula },
      { row: 5, weight: '3', cost: '+3', reason: BULK_MSG.formula },
      { row: 6, weight: '4', cost: '@SUM(A1)', reason: BULK_MSG.formula },
      { row: 7, weight: '5', cost: '-2', reason: BULK_MSG.formula },
      { row: 10, weight: '1 lb', cost: '700', reason: BULK_MSG.duplicate(12) },
      { row: 11, weight: '7', cost: 'abc', reason: BULK_MSG.costNotNumber },
    ]);
    expect(await ratesOf(courier.id)).toEqual([
      { weight: '1.0lbs', weight_lbs: 1, cost: 800, status: 'active' },
      { weight: '6', weight_lbs: 6, cost: 1200.5, status: 'active' },
    ]);
    // Nothing formula-like was stored anywhere.
    const { rows } = await t.database.pool.query(`select 1 from shipping_rates where weight ~ '^[=+@-]'`);
    expect(rows).toHaveLength(0);
  });

  it('commits all or nothing: a database failure mid-file leaves the previous rates exactly as they were', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const first = workbook([['weight', 'cost'], [1, 500], [2, 800]], 'xlsx');
    expect((await upload(headers, { fileName: 'first.xlsx', data: first }, courier.id)).statusCode).toBe(200);
    const before = await ratesOf(courier.id);

    // 1,500 rows: the write goes in chunks, and the row for 1,200 lb (in the second chunk) fails.
    await t.database.pool.query(`
      create function fail_on_1200() returns trigger language plpgsql as $$
      begin if new.weight_lbs = 1200 then raise exception 'simulated crash mid-upload'; end if; return new; end $$;
      create trigger fail_on_1200 before insert or update on shipping_rates for each row execute function fail_on_1200();`);
    const rows = [['weight', 'cost'], ...Array.from({ length: 1500 }, (_, i) => [i + 1, 1000 + i])];
    const file = { fileName: 'big.xlsx', data: workbook(rows, 'xlsx') };
    try {
      const response = await upload(headers, file, courier.id);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: MSG.serverError });
    } finally {
      await t.database.pool.query(`drop trigger fail_on_1200 on shipping_rates; drop function fail_on_1200();`);
    }
    expect(await ratesOf(courier.id)).toEqual(before);
    expect(await auditActions(t, courier.id, 'settings.rates_bulk_uploaded')).toHaveLength(1);

    // The same file once the database is well again: every row goes in.
    const retried = await upload(headers, file, courier.id);
    expect(retried.json<Result>()).toMatchObject({ createdRates: 1498, updatedRates: 2, invalidRates: 0, totalProcessed: 1500 });
  });

  it('refuses files that are not spreadsheets by content, whatever their name, with 415', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const xlsx = workbook([['weight', 'cost'], [1, 650]], 'xlsx');
    for (const file of [
      { fileName: 'rates.xlsx', data: Buffer.from('weight,cost\n1,650\n') },
      { fileName: 'rates.csv', data: SAMPLE.png },
      { fileName: 'rates.xls', data: xlsx },
      { fileName: 'rates.pdf', data: SAMPLE.pdf },
      { fileName: 'rates.txt', data: Buffer.from('weight,cost\n1,650\n') },
    ]) {
      const response = await upload(headers, file, courier.id);
      expect(response.statusCode, file.fileName).toBe(415);
      expect(response.json()).toEqual({ message: SETTINGS_MSG.bulkWrongType });
    }
    expect(await ratesOf(courier.id)).toEqual([]);
  });

  it('answers a corrupt workbook with 400 "could not be read", and a file without the columns with its own message', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const xlsx = workbook(Array.from({ length: 200 }, (_, i) => [i + 1, 100 + i]), 'xlsx');
    // Keep the ZIP directory (so it still looks like an xlsx) but scramble the compressed sheet.
    const corrupt = Buffer.from(xlsx);
    const sheetAt = corrupt.indexOf('xl/worksheets/sheet1.xml');
    for (let i = sheetAt + 40; i < sheetAt + 400 && i < corrupt.length; i += 1) corrupt[i] = (i * 37) & 0xff;
    expect(listZipEntries(corrupt)).not.toBeNull();
    const oleGarbage = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2048, 7)]);
    for (const file of [{ fileName: 'corrupt.xlsx', data: corrupt }, { fileName: 'corrupt.xls', data: oleGarbage }]) {
      const response = await upload(headers, file, courier.id);
      expect(response.statusCode, file.fileName).toBe(400);
      expect(response.json()).toEqual({ message: SPREADSHEET_MSG.unreadable });
    }
    const noHeader = await upload(headers, { fileName: 'rates.csv', data: Buffer.from('kg,price\n1,650\n') }, courier.id);
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json()).toEqual({ message: BULK_MSG.headerMissing });
    const empty = await upload(headers, { fileName: 'rates.csv', data: Buffer.from('weight,cost\n\n') }, courier.id);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: BULK_MSG.noRows });
    expect(await ratesOf(courier.id)).toEqual([]);
  });

  it('refuses a file over 5 MB (413), too many rows (413), and asks for a file and a courier id', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const big = Buffer.from(`weight,cost\n${'1,650\n'.repeat(Math.ceil((5 * 1024 * 1024) / 6) + 10)}`);
    const tooBig = await upload(headers, { fileName: 'big.csv', data: big }, courier.id);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: SETTINGS_MSG.bulkTooLarge });

    const manyRows = Buffer.from(`weight,cost\n${Array.from({ length: 20_001 }, (_, i) => `${i + 1},1`).join('\n')}\n`);
    const tooMany = await upload(headers, { fileName: 'many.csv', data: manyRows }, courier.id);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: SPREADSHEET_MSG.tooManyRows(20_000) });

    const csv = { fileName: 'rates.csv', data: Buffer.from('weight,cost\n1,650\n') };
    for (const response of [
      await upload(headers, null, courier.id),
      await upload(headers, csv, null),
      await upload(headers, csv, 'not-an-id'),
      await upload(headers, { fileName: 'rates.csv', data: Buffer.alloc(0) }, courier.id),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SETTINGS_MSG.bulkMissing });
    }
    expect(await ratesOf(courier.id)).toEqual([]);
  });

  it('acts only on the caller\'s own courier: another courier\'s id is 404, staff and customers 403', async () => {
    const csv = { fileName: 'rates.csv', data: Buffer.from('weight,cost\n1,650\n') };
    expect((await upload(w.adminB, csv, w.courierA.id)).statusCode).toBe(404);
    expect((await upload(w.staff, csv, w.courierA.id)).statusCode).toBe(403);
    expect((await upload(w.manager, csv, w.courierA.id)).statusCode).toBe(403);
    expect((await upload(w.customer, csv, w.courierA.id)).statusCode).toBe(403);
    expect((await upload({}, csv, w.courierA.id)).statusCode).toBe(401);
    expect(await ratesOf(w.courierA.id)).toEqual([]);
    const bySuperAdmin = await upload(w.superAdmin, csv, w.courierA.id);
    expect(bySuperAdmin.statusCode).toBe(200);
    expect(await ratesOf(w.courierA.id)).toHaveLength(1);
  });
});

describe('GET /api/settings/shipping-rates/template', () => {
  it('downloads a real workbook and a CSV that read back as the header and two example rows, and upload as they are', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const excel = await t.app.inject({ method: 'GET', url: '/api/settings/shipping-rates/template?format=excel', headers });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(excel.headers['content-disposition']).toMatch(/^attachment; filename="shipping_rates_template.xlsx"/);
    const book = XLSX.read(excel.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    expect(sheet && XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([['weight', 'cost'], ['1 lb', 650], ['2.5 lbs', 1100]]);

    const csv = await t.app.inject({ method: 'GET', url: '/api/settings/shipping-rates/template?format=csv', headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="shipping_rates_template.csv"/);
    expect(csv.body.trim().split(/\r?\n/).map((line) => line.split(','))).toEqual([['weight', 'cost'], ['1 lb', '650'], ['2.5 lbs', '1100']]);

    const defaultFormat = await t.app.inject({ method: 'GET', url: '/api/settings/shipping-rates/template', headers });
    expect(defaultFormat.headers['content-disposition']).toContain('shipping_rates_template.xlsx');

    const uploaded = await upload(headers, { fileName: 'shipping_rates_template.xlsx', data: excel.rawPayload }, courier.id);
    expect(uploaded.json<Result>()).toMatchObject({ createdRates: 2, invalidRates: 0, totalProcessed: 2 });
    const uploadedCsv = await upload(headers, { fileName: 'shipping_rates_template.csv', data: csv.rawPayload }, courier.id);
    expect(uploadedCsv.json<Result>()).toMatchObject({ createdRates: 0, updatedRates: 2, totalProcessed: 2 });

    expect((await t.app.inject({ method: 'GET', url: '/api/settings/shipping-rates/template?format=pdf', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/shipping-rates/template', headers: w.customer })).statusCode).toBe(403);
  });
});
