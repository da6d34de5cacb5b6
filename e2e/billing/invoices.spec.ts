import type { Locator, Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCourier } from '../../apps/api/src/modules/invoices/invoice-test-kit';
import { makeUser } from '../../apps/api/src/test/factories';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

async function apiSignIn(world: World, path: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${world.server.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function readDownload(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('invoices end to end', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
    // The courier's rates (domain.md): 2 lb AIR J$650, processing J$230, GCT 15 %; bank details for transfers.
    await priceCourier(world.server.database.pool, world.islandCourier.id);
  });
  afterAll(() => world?.teardown());

  it('staff issue an invoice for a received parcel; the customer sees the amount due and downloads the PDF', async () => {
    const biller = await makeUser(world.db, { role: 'staff', courier: world.islandCourier, permissions: ['invoices_view', 'invoices_manage'] });
    const adminToken = await apiSignIn(world, '/auth/login', { email: world.admin.email, password: TEST_PASSWORD });
    const received = await fetch(`${world.server.baseUrl}/api/packages/receive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ trackingNumber: `1Z${String(Date.now()).slice(-10)}000001`, weight: 2, mailboxNumber: world.customer.mailboxNumber, description: 'Phone case' }),
    });
    expect(received.status).toBe(201);
    const pkg = ((await received.json()) as { package: { id: string; packageNumber: string } }).package;

    // Staff: from the package page, "Issue invoice" opens the new invoice.
    const staff = await newPage(world.browser, world.server.baseUrl);
    await staff.page.goto('/courier/staff/login');
    await signInThroughForm(staff.page, biller.email);
    await staff.page.waitForURL('**/courier/staff/dashboard');
    await staff.page.goto(`/courier/staff/packages/${pkg.id}`);
    await staff.page.getByRole('button', { name: 'Issue invoice' }).click();
    await staff.page.waitForURL('**/courier/staff/invoices/INV-*');
    const heading = staff.page.getByRole('heading', { level: 1, name: /^Invoice INV-\d{6}$/ });
    await visible(heading);
    const invoiceNo = ((await heading.textContent()) ?? '').replace('Invoice ', '');
    await visible(staff.page.getByText('Freight AIR 2 lb'));
    await expect.poll(() => staff.page.getByTestId('amount-due').textContent()).toBe('J$977.50');
    // It is in the staff list, and the package is not offered twice.
    await staff.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices', exact: true }).click();
    await visible(staff.page.getByRole('table', { name: 'All invoices' }).getByRole('link', { name: invoiceNo }));
    await staff.context.close();

    // Customer: the sidebar's Invoices lists it with the amount due; the invoice page downloads the PDF.
    const customer = await newPage(world.browser, world.server.baseUrl);
    await customer.page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(customer.page, world.customer.email);
    await customer.page.waitForURL('**/courier/customer/dashboard');
    await visible(customer.page.getByLabel('Amount due').getByText('J$977.50'));
    await customer.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect.poll(() => customer.page.getByTestId('customer-amount-due').textContent(), { timeout: 15_000 }).toBe('J$977.50');
    const table = customer.page.getByRole('table', { name: 'My invoices' });
    await table.getByRole('link', { name: invoiceNo }).click();
    await visible(customer.page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNo}` }));
    await visible(customer.page.getByText('Account no. 354-123-456'));
    const pdf = await readDownload(customer.page, () => customer.page.getByRole('button', { name: 'Download PDF' }).click());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const expected of [invoiceNo, 'Tanya Campbell', world.customer.mailboxNumber, pkg.packageNumber, 'Balance due', 'J$977.50', 'Account no. 354-123-456']) {
      expect(text).toContain(expected);
    }
    await customer.context.close();
  });
});
