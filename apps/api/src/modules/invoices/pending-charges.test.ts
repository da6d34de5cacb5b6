import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, IssueInvoicesResponse, VoidInvoiceResponse } from '@parceldesk/shared/schemas/invoices';
import { branches } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { unique } from '../../test/factories';
import { signatureDataUrl } from '../pickups/pickup-test-kit';
import { runUncollectedSweep } from '../uncollected/uncollected-sweep.service';
import { invoiceWorld, receiveFor, type InvoiceWorld } from './invoice-test-kit';

/**
 * Charges that arrive after an invoice (issue 13, docs/decisions/026): storage days of the
 * uncollected sweep and the switching fee of a branch change, billed exactly once, on the open
 * invoice or on a supplementary one, carried onto a replacement after a void, and holding the
 * parcel at the counter while not invoiced.
 */
let t: TestApp;
let w: InvoiceWorld;
let montegoId: string;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t.app, t.database);
  const [montego] = await t.database.db.insert(branches).values({ courierId: w.courier.id, name: `Montego Bay ${unique('b')}` }).returning();
  montegoId = montego!.id;
  await t.database.pool.query(`update courier_fee_settings set uncollected_fee = 500, switching_fee = 350 where courier_id = $1`, [w.courier.id]);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const query = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows;
const detail = async (invoiceNo: string, headers: Headers = w.as.admin) => {
  const response = await inject('GET', `/api/invoices/${invoiceNo}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceDetail>();
};
const sweep = (days: number) => runUncollectedSweep(t.database.db, { now: new Date(Date.now() + days * DAY), courierId: w.courier.id });

/** A parcel of Tanya's, invoiced and ready for pickup (its clock starts now). */
async function invoicedReadyParcel(customerId = w.tanya.id) {
  const pkg = await receiveFor(t.app, w.as.clerk, customerId, { weight: 2 });
  const issued = await inject('POST', '/api/invoices', w.as.biller, { packageIds: [pkg.id] });
  expect(issued.statusCode, issued.body).toBe(201);
  const invoiceNo = issued.json<IssueInvoicesResponse>().issued[0]!.invoiceNumber;
  await query(`update packages set status = 'ready_for_pickup', updated_at = now() where id = $1`, [pkg.id]);
  return { pkg, invoiceNo };
}

async function payInFull(invoiceNo: string) {
  const invoice = await detail(invoiceNo);
  const paid = await t.app.inject({
    method: 'POST', url: '/api/payments', headers: { ...w.as.admin, 'idempotency-key': unique('pay') },
    payload: { customerId: invoice.customerId, method: 'cash', amountCents: invoice.balanceCents, allocations: [{ invoiceId: invoice.id, amountCents: invoice.balanceCents }] },
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

const chargesOf = (packageId: string) => query(
  `select 'storage' as source, amount_cents, i.invoice_no from storage_charges c left join invoices i on i.id = c.invoice_id where c.package_id = $1
   union all select 'package', amount_cents, i.invoice_no from package_charges c left join invoices i on i.id = c.invoice_id where c.package_id = $1
   order by 1, 2`, [packageId]);

describe('charges after payment', () => {
  it('a storage fee after the invoice is paid goes on a supplementary invoice, once, with its history, and the customer is told', async () => {
    const { pkg, invoiceNo } = await invoicedReadyParcel();
    await payInFull(invoiceNo);
    const before = await detail(invoiceNo);

    const first = await sweep(16);
    expect([first.charges, first.pendingCharges]).toEqual([1, 0]);
    expect((await sweep(16)).charges).toBe(0);

    const [charge] = await chargesOf(pkg.id);
    expect(charge).toMatchObject({ source: 'storage', amount_cents: 50_000 });
    const supplementaryNo = charge.invoice_no as string;
    expect(supplementaryNo).not.toBe(invoiceNo);
    // The paid invoice is untouched.
    expect(await detail(invoiceNo)).toMatchObject({ status: 'paid', totalCents: before.totalCents, balanceCents: 0 });

    const supplementary = await detail(supplementaryNo, w.as.tanya);
    expect(supplementary).toMatchObject({ status: 'unpaid', totalCents: 50_000, balanceCents: 50_000, gctCents: 0 });
    expect(supplementary.lines).toEqual([expect.objectContaining({ code: 'storage_fee', amountCents: 50_000, description: expect.stringContaining(pkg.packageNumber) })]);
    expect(supplementary.history.map((event) => event.kind)).toEqual(['issued', 'line_added']);
    expect(supplementary.history[0]!.note).toBe(`Charges for ${pkg.packageNumber} after ${invoiceNo} was paid`);
    const told = await query(`select subject, text_body as text from email_outbox where to_address = $1 and subject like $2`, [w.tanya.email, `%${supplementaryNo}%`]);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(`after invoice ${invoiceNo} was paid are on a new invoice ${supplementaryNo}`);
    expect(await query(`select title from notifications where customer_id = $1 and title = $2`, [w.tanya.id, `Invoice ${supplementaryNo}: J$500.00 due`])).toHaveLength(1);

    // The counter holds the parcel for the supplementary invoice's balance.
    const release = await inject('POST', '/api/pickups', w.as.admin, { packageIds: [pkg.id], collectorKind: 'customer', signature: await signatureDataUrl() });
    expect(release.statusCode, release.body).toBe(409);
    expect(release.json().message).toContain(`${pkg.packageNumber} has J$500.00 unpaid on ${supplementaryNo}`);
  });

  it('a switching fee while the invoice is unpaid is a line on it; after payment, on a supplementary invoice with the storage days', async () => {
    const { pkg, invoiceNo } = await invoicedReadyParcel();
    const before = await detail(invoiceNo);
    const switched = await inject('POST', `/api/packages/${pkg.id}/switch-branch`, w.as.admin, { branchId: montegoId, note: 'Customer called' });
    expect(switched.statusCode, switched.body).toBe(200);
    const open = await detail(invoiceNo);
    expect(open.totalCents).toBe(before.totalCents + 35_000);
    expect(open.lines.at(-1)).toMatchObject({ code: 'switching_fee', amountCents: 35_000, description: `Branch switching fee (${pkg.packageNumber}): Customer called` });
    expect(open.history.at(-1)).toMatchObject({ kind: 'line_added' });

    await payInFull(invoiceNo);
    const back = await inject('POST', `/api/packages/${pkg.id}/switch-branch`, w.as.admin, { branchId: w.courier.branch.id });
    expect(back.statusCode, back.body).toBe(200);
    await sweep(16);
    const charges = await chargesOf(pkg.id);
    expect(charges.map((row) => [row.source, row.amount_cents])).toEqual([['package', 35_000], ['package', 35_000], ['storage', 50_000]]);
    const later = charges.filter((row) => row.invoice_no !== invoiceNo);
    // Both later charges on one supplementary invoice (still unpaid when the second came).
    expect(new Set(later.map((row) => row.invoice_no)).size).toBe(1);
    expect(later).toHaveLength(2);
    const supplementary = await detail(later[0]!.invoice_no as string);
    expect(supplementary.lines.map((line) => line.code)).toEqual(['switching_fee', 'storage_fee']);
    expect(supplementary.totalCents).toBe(85_000);
  });

  it('a switching fee before the parcel is invoiced is billed on its invoice when issued', async () => {
    const pkg = await receiveFor(t.app, w.as.clerk, w.andre.id, { weight: 2 });
    expect((await inject('POST', `/api/packages/${pkg.id}/switch-branch`, w.as.admin, { branchId: montegoId })).statusCode).toBe(200);
    expect(await chargesOf(pkg.id)).toEqual([{ source: 'package', amount_cents: 35_000, invoice_no: null }]);
    const issued = (await inject('POST', '/api/invoices', w.as.biller, { packageIds: [pkg.id] })).json<IssueInvoicesResponse>().issued[0]!;
    const invoice = await detail(issued.invoiceNumber);
    expect(invoice.lines.at(-1)).toMatchObject({ code: 'switching_fee', amountCents: 35_000 });
    expect(issued.totalCents).toBe(invoice.totalCents);
    expect(await chargesOf(pkg.id)).toEqual([{ source: 'package', amount_cents: 35_000, invoice_no: issued.invoiceNumber }]);
    const email = await query(`select text_body as text from email_outbox where to_address = $1 and subject like $2`, [w.andre.email, `%invoice ${issued.invoiceNumber}%`]);
    expect(email[0].text).toContain('Branch switching fee');
  });

  it('two issuers billing the same pending charges at once bill them once, on one supplementary invoice', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { pkg, invoiceNo } = await invoicedReadyParcel();
      await payInFull(invoiceNo);
      // Charges recorded pending (as before this change, or by a sweep that found no invoice).
      await query(`insert into storage_charges (courier_id, package_id, charge_day, amount_cents) values ($1, $2, '2026-01-02', 20000), ($1, $2, '2026-01-03', 20000)`, [w.courier.id, pkg.id]);
      const answers = await Promise.all([1, 2, 3].map(() => inject('POST', '/api/invoices', w.as.biller, { packageIds: [pkg.id] })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const messages = answers.map((answer) => answer.json<IssueInvoicesResponse>().skipped[0]!.reason);
      expect(messages.filter((message) => message.includes('were billed on'))).toHaveLength(1);
      const charges = await chargesOf(pkg.id);
      expect(new Set(charges.map((row) => row.invoice_no)).size).toBe(1);
      const supplementaryNo = charges[0]!.invoice_no as string;
      expect(supplementaryNo).not.toBe(invoiceNo);
      expect(await detail(supplementaryNo)).toMatchObject({ totalCents: 40_000, lines: [expect.objectContaining({ description: `Storage 2 days 2026-01-02 to 2026-01-03 (${pkg.packageNumber})` })] });
      expect(await query(`select count(*)::int as n from invoice_packages where package_id = $1 and supplementary`, [pkg.id])).toEqual([{ n: 1 }]);
    }
  });

  it('two sweeps at once on a paid parcel charge the day once and issue one supplementary invoice', async () => {
    const { pkg, invoiceNo } = await invoicedReadyParcel();
    await payInFull(invoiceNo);
    const results = await Promise.all([sweep(16), sweep(16), sweep(16)]);
    expect(results.reduce((total, result) => total + result.charges, 0)).toBe(1);
    expect(await query(`select count(*)::int as n from invoice_packages where package_id = $1 and supplementary`, [pkg.id])).toEqual([{ n: 1 }]);
  });

  it('the database refuses to bill a charge on a second invoice, or without its line', async () => {
    const { pkg, invoiceNo } = await invoicedReadyParcel();
    await sweep(16);
    const [charge] = await query(`select id, invoice_id from storage_charges where package_id = $1`, [pkg.id]);
    const [other] = await query(`select id from invoices where courier_id = $1 and invoice_no <> $2 and status <> 'void' limit 1`, [w.courier.id, invoiceNo]);
    await expect(query(`update storage_charges set invoice_id = $2 where id = $1`, [charge.id, other.id])).rejects.toThrow(/already billed on invoice/);
    await expect(query(`insert into package_charges (courier_id, package_id, kind, amount_cents, invoice_id) values ($1, $2, 'switching', 100, $3)`, [w.courier.id, pkg.id, other.id]))
      .rejects.toThrow(/names its invoice line/);
  });

  it('the counter will not release a parcel with charges not invoiced yet', async () => {
    const { pkg, invoiceNo } = await invoicedReadyParcel();
    await payInFull(invoiceNo);
    await query(`insert into package_charges (courier_id, package_id, kind, amount_cents) values ($1, $2, 'switching', 35000)`, [w.courier.id, pkg.id]);
    const release = await inject('POST', '/api/pickups', w.as.admin, { packageIds: [pkg.id], collectorKind: 'customer', signature: await signatureDataUrl() });
    expect(release.statusCode, release.body).toBe(409);
    expect(release.json().message).toBe(`${pkg.packageNumber} has J$350.00 of charges not invoiced yet (storage or branch switching): invoice them first, or a courier admin may release it with a reason`);
  });
});

describe('void and replacement', () => {
  it('the replacement carries the charges added to the voided invoice: storage, delivery, other, duty and the switching fee', async () => {
    const { pkg, invoiceNo } = await invoicedReadyParcel();
    for (const line of [
      { code: 'customs_duty', description: 'Duty assessed by customs', amountCents: 120_000 },
      { code: 'delivery_fee', description: 'Delivery to Portmore', amountCents: 80_000 },
      { code: 'adjustment', description: 'Repacking', amountCents: 15_000 },
    ]) {
      const added = await inject('POST', `/api/invoices/${invoiceNo}/lines`, w.as.biller, line);
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await inject('POST', `/api/packages/${pkg.id}/switch-branch`, w.as.admin, { branchId: montegoId })).statusCode).toBe(200);
    await sweep(16);
    const voidedBefore = await detail(invoiceNo);
    const added = voidedBefore.lines.filter((line) => line.addedAfterIssue);
    expect(added.map((line) => line.code)).toEqual(['customs_duty', 'delivery_fee', 'adjustment', 'switching_fee', 'storage_fee']);

    const voided = await inject('POST', `/api/invoices/${invoiceNo}/void`, w.as.admin, { reason: 'Wrong membership rate' });
    expect(voided.statusCode, voided.body).toBe(200);
    const replacementNo = voided.json<VoidInvoiceResponse>().replacementInvoiceNumber;
    const replacement = await detail(replacementNo);
    expect(replacement.lines.filter((line) => line.addedAfterIssue).map((line) => [line.code, line.description, line.amountCents]))
      .toEqual(added.map((line) => [line.code, line.description, line.amountCents]));
    expect(replacement.totalCents).toBe(voidedBefore.totalCents);
    expect(replacement.balanceCents).toBe(voidedBefore.totalCents);
    // The storage and switching charges now name the replacement; nothing is pending, nothing billed twice.
    expect((await chargesOf(pkg.id)).map((row) => row.invoice_no)).toEqual([replacementNo, replacementNo]);
    const email = await query(`select text_body as text from email_outbox where to_address = $1 and subject like $2`, [w.tanya.email, `%replaced by ${replacementNo}%`]);
    expect(email[0].text).toContain(`amount due J$${(voidedBefore.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });
});
