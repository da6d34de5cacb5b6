import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueInvoicesResponse } from '@parceldesk/shared/schemas/invoices';
import { makeCourier } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invoiceWorld, receiveFor, type InvoiceWorld } from './invoice-test-kit';

/**
 * Migration 0033: an invoice's lines, billed packages and history name the invoice and its courier
 * in one key, so none can belong to an invoice of another courier, and deleting a courier still
 * removes them with its invoices.
 */
let t: TestApp;
let w: InvoiceWorld;
const query = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t.app, t.database);
});
afterAll(() => t.close());

describe('an invoice\'s lines, packages and events', () => {
  it('cannot name another courier than their invoice\'s; written with the invoice\'s own, they are kept', async () => {
    const pkg = await receiveFor(t.app, w.as.admin, w.tanya.id, { weight: 3 });
    const response = await t.app.inject({ method: 'POST', url: '/api/invoices', headers: w.as.admin, payload: { packageIds: [pkg.id] } });
    expect(response.statusCode, response.body).toBe(201);
    const invoiceNo = response.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
    const [invoice] = await query(`select id, courier_id from invoices where invoice_no = $1 and courier_id = $2`, [invoiceNo, w.courier.id]);
    const other = await makeCourier(t.database.db);
    const refused = async (text: string) => {
      await expect(t.database.pool.query(text, [invoice.id, other.id])).rejects.toMatchObject({ code: '23503' });
    };
    await refused(`insert into invoice_lines (courier_id, invoice_id, position, code, description, amount_cents) values ($2, $1, 99, 'fee', 'Wrong courier', 100)`);
    await refused(`insert into invoice_events (courier_id, invoice_id, kind, actor_type) values ($2, $1, 'line_added', 'system')`);
    await refused(`update invoice_packages set courier_id = $2 where invoice_id = $1`);
    const [kept] = await query(`select
      (select count(*)::int from invoice_lines where invoice_id = $1 and courier_id = $2) as lines,
      (select count(*)::int from invoice_packages where invoice_id = $1 and courier_id = $2) as packages,
      (select count(*)::int from invoice_events where invoice_id = $1 and courier_id = $2) as events`, [invoice.id, w.courier.id]);
    expect(kept.lines).toBeGreaterThan(0);
    expect(kept.packages).toBe(1);
    expect(kept.events).toBeGreaterThan(0);
  });
});
