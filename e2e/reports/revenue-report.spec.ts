import type { Locator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jamaicaToday, resolveReportRange } from '../../packages/shared/src/domain/report-range';
import { priceCourier } from '../../apps/api/src/modules/invoices/invoice-test-kit';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
const jmd = (cents: number) => `J$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function readDownload(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

describe('reports end to end', () => {
  let world: World;
  let token = '';
  const call = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${world.server.baseUrl}/api${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.json() as Promise<Record<string, unknown>>;
  };
  /** A parcel received and invoiced through the API, then dated `issuedAt` (an invoice of another month). */
  const invoiceDated = async (weight: number, tracking: string, issuedAt: string) => {
    const { package: pkg } = await call('/packages/receive', { trackingNumber: tracking, weight, mailboxNumber: world.customer.mailboxNumber }) as { package: { id: string } };
    const { issued } = await call('/invoices', { packageIds: [pkg.id] }) as { issued: { invoiceNumber: string }[] };
    await world.server.database.pool.query(`update invoices set issued_at = $3 where courier_id = $1 and invoice_no = $2`, [world.islandCourier.id, issued[0]!.invoiceNumber, issuedAt]);
  };

  beforeAll(async () => {
    world = await setupWorld();
    await priceCourier(world.server.database.pool, world.islandCourier.id);
    const response = await fetch(`${world.server.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: world.admin.email, password: TEST_PASSWORD }),
    });
    token = ((await response.json()) as { token: string }).token;
  });
  afterAll(() => world?.teardown());

  it('the admin runs the revenue report for last month and downloads the XLSX with the same figures', async () => {
    const last = resolveReportRange('last_month', jamaicaToday());
    const tenth = `${last.from.slice(0, 8)}10`;
    const stamp = String(Date.now()).slice(-8);
    // Two invoices on the 10th of last month (noon in Jamaica), one this month that must not count.
    await invoiceDated(2, `1Z${stamp}00000001`, `${tenth}T12:00:00-05:00`);
    await invoiceDated(3, `1Z${stamp}00000002`, `${tenth}T12:00:00-05:00`);
    await invoiceDated(4, `1Z${stamp}00000003`, new Date().toISOString());
    const [expected] = (await world.server.database.pool.query(
      `select count(*)::int as n, sum(total_cents)::int as total, sum(gct_cents)::int as gct from invoices where courier_id = $1 and issued_at >= $2::date and issued_at < $3::date`,
      [world.islandCourier.id, last.from, `${tenth.slice(0, 8)}11`],
    )).rows as { n: number; total: number; gct: number }[];
    expect(expected!.n).toBe(2);

    const { page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL('**/courier/admin/reports');
    await visible(page.getByRole('heading', { level: 1, name: 'Reports' }));

    await page.getByRole('combobox', { name: 'Dates' }).click();
    await page.getByRole('option', { name: 'Last month' }).click();
    await visible(page.getByText(`Your courier · ${last.from} to ${last.to}, by day`));
    const table = page.getByRole('table', { name: 'Revenue by charge type' });
    const row = table.getByRole('row').filter({ hasText: tenth });
    await visible(row);
    await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(
      [tenth, '2', expect.any(String), expect.any(String), jmd(expected!.gct), 'J$0.00', 'J$0.00', jmd(expected!.total)],
    );
    await visible(page.getByRole('img', { name: /^Chart of Revenue by charge type/ }));

    const file = await readDownload(page, () => page.getByRole('button', { name: 'Download XLSX' }).click());
    expect(file.name).toBe(`revenue-${last.from}-to-${last.to}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Revenue by charge type')!;
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows.slice(0, 4)).toEqual([['Report', 'Revenue'], ['Courier', 'Island Express Courier'], ['From', last.from], ['To', last.to]]);
    const data = rows.find((r) => r[0] === tenth)!;
    expect([data[0], data[1], data[4], data[7]]).toEqual([tenth, 2, expected!.gct / 100, expected!.total / 100]);
    expect(rows.at(-1)).toEqual(['TOTAL', 2, data[2], data[3], expected!.gct / 100, 0, 0, expected!.total / 100]);
    await visible(page.getByText(`Downloaded revenue-${last.from}-to-${last.to}.xlsx`));
  });

  it('fits a phone: the filters stack and the table scrolls inside its card', async () => {
    const { page } = await newPage(world.browser, world.server.baseUrl, PHONE);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    await page.goto('/courier/admin/reports');
    await visible(page.getByRole('table', { name: 'Revenue by charge type' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
