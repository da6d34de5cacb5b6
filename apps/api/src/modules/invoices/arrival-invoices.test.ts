import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '@parceldesk/shared/schemas/invoices';
import { createTestApp, type TestApp } from '../../test/test-app';
import { airHeader, freshMawb, insertReceived } from '../manifests/manifest-test-kit';
import { invoiceWorld, type InvoiceWorld } from './invoice-test-kit';

let t: TestApp;
let w: InvoiceWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t.app, t.database);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: w.as.admin, ...(payload ? { payload } : {}) });

describe('invoices at manifest arrival', () => {
  it('a manifest arriving invoices each of its parcels in the same move, once, and the customer sees the amount due', async () => {
    const created = await call('POST', '/api/manifests', airHeader({ mawb: freshMawb() }));
    expect(created.statusCode, created.body).toBe(201);
    const manifestId = created.json<{ id: string }>().id;
    // 2 lb and 3 lb AIR: J$977.50 and J$1,610.00; one already invoiced by hand before arrival.
    const two = await insertReceived(t.database.db, w.courier, w.tanya.id, { weight: 2, chargeableWeight: 2 });
    const three = await insertReceived(t.database.db, w.courier, w.andre.id, { weight: 3, chargeableWeight: 3 });
    const early = await insertReceived(t.database.db, w.courier, w.andre.id, { weight: 1, chargeableWeight: 1 });
    expect((await call('POST', `/api/manifests/${manifestId}/packages`, { packageIds: [two.id, three.id, early.id] })).statusCode).toBe(200);
    const byHand = await call('POST', '/api/invoices', { packageIds: [early.id] });
    expect(byHand.statusCode).toBe(201);
    for (const action of ['close', 'depart']) expect((await call('POST', `/api/manifests/${manifestId}/status`, { action })).statusCode).toBe(200);

    const arrived = await call('POST', `/api/manifests/${manifestId}/status`, { action: 'arrive' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().message).toBe('Manifest arrived: 3 packages Arrived, 2 invoices issued');
    const rows = (await t.database.pool.query(
      `select p.id, i.invoice_no, i.total_cents, i.issued_by from packages p join invoices i on i.id = p.invoice_id where p.id = any($1::uuid[])`,
      [[two.id, three.id, early.id]],
    )).rows;
    const total = (id: string) => rows.find((row) => row.id === id)?.total_cents;
    expect([total(two.id), total(three.id), total(early.id)]).toEqual([97750, 161000, 97750]);
    expect(rows.filter((row) => row.issued_by === w.admin.id)).toHaveLength(3);
    expect((await t.database.pool.query(`select count(*)::int as n from invoice_packages where package_id = any($1::uuid[])`, [[two.id, three.id, early.id]])).rows[0].n).toBe(3);
    // Each invoice explains its price: the parcel as priced, and the settings, kept once for the arrival's two.
    const explained = (await t.database.pool.query(
      `select i.pricing_snapshot->'parcel'->>'weightLbs' as lbs, s.id as settings_id, s.settings->>'gctPercent' as gct
       from invoices i join pricing_snapshots s on s.id = i.pricing_snapshot_id and s.courier_id = i.courier_id where i.id in (select invoice_id from packages where id = any($1::uuid[])) order by lbs`,
      [[two.id, three.id]],
    )).rows;
    expect(explained.map((row) => [row.lbs, row.gct])).toEqual([['2', '15'], ['3', '15']]);
    expect(new Set(explained.map((row) => row.settings_id)).size).toBe(1);

    const invoiceNo = rows.find((row) => row.id === two.id)!.invoice_no as string;
    const seen = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceNo}`, headers: w.as.tanya });
    expect(seen.json<InvoiceDetail>()).toMatchObject({ status: 'unpaid', balanceCents: 97750, packages: [{ packageNumber: two.packageNo }] });
    const summary = await t.app.inject({ method: 'GET', url: '/api/invoices/summary', headers: w.as.tanya });
    expect(summary.json()).toEqual({ openInvoices: 1, amountDueCents: 97750 });
  });

  it('a parcel arrival could not price is invoiced when reconciliation checks it in', async () => {
    const created = await call('POST', '/api/manifests', airHeader({ mawb: freshMawb() }));
    const manifestId = created.json<{ id: string }>().id;
    const parcel = await insertReceived(t.database.db, w.courier, w.tanya.id, { weight: 2, chargeableWeight: 2 });
    expect((await call('POST', `/api/manifests/${manifestId}/packages`, { packageIds: [parcel.id] })).statusCode).toBe(200);
    for (const action of ['close', 'depart']) expect((await call('POST', `/api/manifests/${manifestId}/status`, { action })).statusCode).toBe(200);
    // At arrival the courier's rate table is switched off: pricing refuses, arrival goes ahead uninvoiced.
    await t.database.pool.query(`update shipping_rates set status = 'inactive' where courier_id = $1`, [w.courier.id]);
    expect((await call('POST', `/api/manifests/${manifestId}/status`, { action: 'arrive' })).json().message).toBe('Manifest arrived: 1 package Arrived, 0 invoices issued');
    await t.database.pool.query(`update shipping_rates set status = 'active' where courier_id = $1`, [w.courier.id]);
    expect((await call('POST', `/api/manifests/${manifestId}/reconciliation`, { branchId: w.courier.branch.id })).statusCode).toBeLessThan(300);
    const scan = await call('POST', `/api/manifests/${manifestId}/reconciliation/scans`, { code: parcel.trackingNumber, clientScanId: `scan-${parcel.id}` });
    expect(scan.statusCode, scan.body).toBeLessThan(300);
    const finished = await call('POST', `/api/manifests/${manifestId}/reconciliation/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    const [row] = (await t.database.pool.query(`select i.total_cents, i.status from packages p join invoices i on i.id = p.invoice_id where p.id = $1`, [parcel.id])).rows;
    expect(row).toEqual({ total_cents: 97750, status: 'unpaid' });
  });
});
