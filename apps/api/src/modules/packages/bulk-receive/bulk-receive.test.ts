import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { BulkReceiveResult } from '@parceldesk/shared/schemas/package-scan';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { multipart, SAMPLE } from '../../../test/multipart';
import { insertPreAlert, packageWorld, upsNumber, uspsNumber, type PackageWorld } from '../package-test-kit';

let t: TestApp;
let w: PackageWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const upload = (fields: Record<string, string>, data: Buffer, fileName = 'miami.csv', headers = w.as.clerk) => {
  const body = multipart(fields, [{ field: 'file', fileName, data }]);
  return t.app.inject({ method: 'POST', url: '/api/packages/bulk-receive', headers: { ...headers, ...body.headers }, payload: body.payload });
};
const packageCount = async () => Number((await t.database.pool.query('select count(*) from packages where courier_id = $1', [w.courier.id])).rows[0].count);

describe('POST /api/packages/bulk-receive', () => {
  it('checks a warehouse CSV row by row without saving, then receives it all in one go', async () => {
    const preAlerted = uspsNumber();
    await insertPreAlert(t.database.db, w.courier, w.andre.id, preAlerted);
    const already = upsNumber();
    const first = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: already, weight: 1, customerId: w.tanya.id } });
    expect(first.statusCode).toBe(201);
    const forTanya = upsNumber();
    const nobody = upsNumber();
    const csv = [
      'Tracking,Mailbox,Weight,Dimensions,Description,Value,Shipper',
      `${forTanya},${w.tanya.mailboxNumber},12.5,12x10x8,Shoes,$40.00,Amazon`,
      `${preAlerted},,3,,,,`,
      `${nobody},XYZ-999999,2,,Books,10,Walmart`,
      `${already},${w.tanya.mailboxNumber},4,,,,`,
      `${forTanya},${w.tanya.mailboxNumber},5,,,,`,
      `${upsNumber()},${w.tanya.mailboxNumber},0,,,,`,
      '',
    ].join('\n');
    const before = await packageCount();

    const check = await upload({ commit: 'false', service: 'sea' }, Buffer.from(csv));
    expect(check.statusCode).toBe(200);
    const checked = check.json<BulkReceiveResult>();
    expect(checked.committed).toBe(false);
    expect(checked.counts).toEqual({ total: 6, received: 1, matched_pre_alert: 1, unknown: 1, duplicate: 2, invalid: 1 });
    expect(checked.rows.map((r) => [r.row, r.outcome, r.reason])).toEqual([
      [2, 'received', null],
      [3, 'matched_pre_alert', null],
      [4, 'unknown', null],
      [5, 'duplicate', expect.stringMatching(/^Already received as .+-P-\d{7}$/)],
      [6, 'duplicate', 'Same tracking number as row 2'],
      [7, 'invalid', 'Weight must be more than 0 lb'],
    ]);
    expect(checked.rows[0]).toMatchObject({ customerName: 'Tanya Brown', packageId: null, packageNumber: null });
    expect(checked.rows[1]?.customerName).toBe('Andre Reid');
    expect(await packageCount()).toBe(before);

    const commit = await upload({ commit: 'true', service: 'sea' }, Buffer.from(csv));
    expect(commit.statusCode).toBe(200);
    const committed = commit.json<BulkReceiveResult>();
    expect(committed.committed).toBe(true);
    expect(committed.message).toBe('3 packages received (1 received, 1 matched to pre-alert, 1 unknown, 2 duplicate, 1 invalid)');
    expect(committed.rows.slice(0, 3).map((r) => r.outcome)).toEqual(['received', 'matched_pre_alert', 'unknown']);
    expect(committed.rows.slice(0, 3).every((r) => r.packageId && /-P-\d{7}$/.test(r.packageNumber ?? ''))).toBe(true);
    expect(await packageCount()).toBe(before + 3);

    const { rows } = await t.database.pool.query(
      'select tracking_number, status, service, weight::float, length::float, declared_value_cents, shipper, label_mailbox from packages where id = any($1) order by package_no',
      [committed.rows.flatMap((r) => (r.packageId ? [r.packageId] : []))],
    );
    expect(rows).toEqual([
      { tracking_number: forTanya, status: 'received', service: 'sea', weight: 12.5, length: 12, declared_value_cents: 4000, shipper: 'Amazon', label_mailbox: w.tanya.mailboxNumber },
      { tracking_number: preAlerted, status: 'received', service: 'sea', weight: 3, length: null, declared_value_cents: 8999, shipper: 'Amazon', label_mailbox: null },
      { tracking_number: nobody, status: 'unknown', service: 'sea', weight: 2, length: null, declared_value_cents: 1000, shipper: 'Walmart', label_mailbox: 'XYZ-999999' },
    ]);
    // Each received package has its history and its customer's email, as at the scan station.
    const { rows: events } = await t.database.pool.query("select count(*)::int as n from package_events where package_id = any($1) and kind = 'received'", [committed.rows.flatMap((r) => (r.packageId ? [r.packageId] : []))]);
    expect(events[0].n).toBe(3);

    // The same file again: everything is a duplicate, nothing to receive.
    const again = await upload({ commit: 'true' }, Buffer.from(csv));
    expect(again.statusCode).toBe(200);
    expect(again.json<BulkReceiveResult>().counts).toMatchObject({ received: 0, duplicate: 5, invalid: 1 });
    expect(await packageCount()).toBe(before + 3);
  });

  it('reads an Excel file the same way', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Tracking Number', 'Mailbox #', 'Weight (lb)', 'L', 'W', 'H'], [upsNumber(), w.tanya.mailboxNumber, 4.4, 10, 8, 6]]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Received');
    const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const response = await upload({ commit: 'true' }, data, 'miami.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkReceiveResult>().rows).toMatchObject([{ row: 2, outcome: 'received', customerName: 'Tanya Brown' }]);
  });

  it('a failure on any row saves none of them', async () => {
    const before = await packageCount();
    const tracking = [upsNumber(), upsNumber(), upsNumber()];
    const csv = ['tracking,weight', ...tracking.map((n) => `${n},2`)].join('\n');
    // The database refuses the third row (a crash mid-file would do the same).
    await t.database.pool.query(`create or replace function refuse_third() returns trigger language plpgsql as $$
      begin if new.tracking_number = '${tracking[2]}' then raise exception 'disk full'; end if; return new; end $$`);
    await t.database.pool.query('create trigger refuse_third before insert on packages for each row execute function refuse_third()');
    try {
      const response = await upload({ commit: 'true' }, Buffer.from(csv));
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('disk full');
    } finally {
      await t.database.pool.query('drop trigger refuse_third on packages');
    }
    expect(await packageCount()).toBe(before);
    const { rows } = await t.database.db.execute(sql`select count(*)::int as n from packages where tracking_number in (${tracking[0]}, ${tracking[1]})`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('refuses what is not a spreadsheet (415), a file without the columns (400), no file (400), and staff without packages_scan (403)', async () => {
    const pdf = await upload({}, SAMPLE.pdf, 'miami.csv');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('The file must be an Excel (.xlsx, .xls) or CSV file');
    const columns = await upload({}, Buffer.from('weight,cost\n1,650\n'));
    expect(columns.statusCode).toBe(400);
    expect(columns.json().message).toBe('The first row must name the columns: at least tracking and weight');
    const none = multipart({ commit: 'true' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/packages/bulk-receive', headers: { ...w.as.clerk, ...none.headers }, payload: none.payload });
    expect(missing.statusCode).toBe(400);
    expect((await upload({}, Buffer.from('tracking,weight\n1Z9999999999999999,1\n'), 'x.csv', w.as.noPackages)).statusCode).toBe(403);
  });
});
