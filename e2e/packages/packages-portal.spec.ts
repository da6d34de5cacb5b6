import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MSG } from '../../packages/shared/src/schemas/packages';
import { newPage, PHONE, type Viewport } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';

/** A 1×1 PNG and a one-page PDF: the server judges uploads by their bytes, so they must be real. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
  + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its whole label (Mantine adds an aria-hidden ' *' to required ones). */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
/** Nothing sticks out sideways on a phone (a horizontal scrollbar on the page itself). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

let trackingSeq = 0;
/** A fresh UPS-shaped tracking number per parcel. */
const newTracking = () => `1Z${String(Date.now()).slice(-8)}${String(++trackingSeq).padStart(8, '0')}`;

async function apiSignIn(world: World, path: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${world.server.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The warehouse receives a parcel through the API (the scan station's call), as the courier admin. */
async function receive(world: World, token: string, body: Record<string, unknown>) {
  const response = await fetch(`${world.server.baseUrl}/api/packages/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `e2e-${Date.now()}-${++trackingSeq}` },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { outcome: string; package: { id: string; packageNumber: string; status: string } };
}

async function signInCustomer(world: World, viewport?: Viewport) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl, viewport);
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events/stream') && response.status() === 200, { timeout: 20_000 });
  await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
  await signInThroughForm(page, world.customer.email);
  await page.waitForURL('**/courier/customer/dashboard');
  await streamOpen;
  return { context, page };
}

async function signInAdmin(world: World) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl);
  await page.goto('/courier/admin/login');
  await signInThroughForm(page, world.admin.email);
  await page.waitForURL('**/courier/admin/dashboard');
  return { context, page };
}

describe('package screens end to end', () => {
  let world: World;
  let adminToken = '';
  beforeAll(async () => {
    world = await setupWorld();
    adminToken = await apiSignIn(world, '/auth/login', { email: world.admin.email, password: TEST_PASSWORD });
  });
  afterAll(() => world?.teardown());

  for (const [name, viewport] of [['desktop', undefined], ['a 360 px phone', PHONE]] as const) {
    it(`a customer pre-alerts with an invoice; once received, sees "Received" with the weight without reloading (${name})`, async () => {
      const tracking = newTracking();
      const { context, page } = await signInCustomer(world, viewport);
      // One click from the dashboard.
      await page.getByRole('link', { name: 'Add pre-alert' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add pre-alert' });
      await visible(dialog);
      await field(dialog, 'Tracking number').fill(tracking);
      await field(dialog, 'Store').fill('Amazon');
      await field(dialog, 'Description').fill('Running shoes');
      await field(dialog, 'Declared value (US$)').fill('59.99');
      const file = dialog.locator('input[type="file"]');
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an invoice') });
      await visible(dialog.getByText(PACKAGE_MSG.documentWrongType));
      await file.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
      await dialog.getByRole('button', { name: 'Add pre-alert' }).click();
      await visible(page.getByText(PACKAGE_MSG.preAlertCreated));
      const preAlerts = page.getByRole('table', { name: 'Pre-alerts' });
      await visible(preAlerts.getByRole('row').filter({ hasText: tracking }).getByText('Pre-alerted'));
      if (viewport) expect(await fitsWidth(page)).toBe(true);

      // The warehouse scans it: the pre-alert matches, and the customer's page follows live.
      const received = await receive(world, adminToken, { trackingNumber: tracking, weight: 3.25 });
      expect(received.outcome).toBe('matched_pre_alert');
      const row = page.getByRole('table', { name: 'Packages' }).getByRole('row').filter({ hasText: received.package.packageNumber });
      await visible(row.getByText('Received', { exact: true }));
      await visible(row.getByText('3.25 lb'));

      await row.getByRole('button', { name: received.package.packageNumber }).click();
      await visible(page.getByRole('heading', { level: 1, name: `Package ${received.package.packageNumber}` }));
      await visible(page.getByText('3.25 lb'));
      await visible(page.getByRole('list', { name: 'Status history' }).getByText('Received'));
      await visible(page.getByRole('button', { name: 'Download supplier invoice invoice.pdf' }));
      if (viewport) expect(await fitsWidth(page)).toBe(true);
      await context.close();
    });
  }

  it('an admin assigns an unknown package to a customer found by search', async () => {
    const tracking = newTracking();
    const unknown = await receive(world, adminToken, { trackingNumber: tracking, weight: 1.5, labelName: 'T Campbel' });
    expect(unknown.outcome).toBe('unknown');
    const { context, page } = await signInAdmin(world);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Unknown Packages' }).click();
    const row = page.getByRole('table', { name: 'Waiting for an owner' }).getByRole('row').filter({ hasText: tracking });
    await visible(row.getByText('T Campbel'));
    await row.getByRole('button', { name: `Assign ${unknown.package.packageNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${unknown.package.packageNumber}` });
    await field(dialog, 'Find the customer').fill('Campbell');
    await dialog.getByRole('radio', { name: new RegExp(`Tanya Campbell · ${world.customer.mailboxNumber}`) }).check();
    await dialog.getByRole('button', { name: 'Assign package' }).click();
    await visible(page.getByText(`${PACKAGE_MSG.assigned} to Tanya Campbell (${world.customer.mailboxNumber})`));
    await expect.poll(() => row.count()).toBe(0);

    // The package page now names the customer and says who assigned it.
    await page.goto(`/courier/admin/packages/${unknown.package.id}`);
    await visible(page.getByText(`Tanya Campbell (${world.customer.mailboxNumber})`));
    await visible(page.getByRole('list', { name: 'Status history' }).getByText('Received'));
    await context.close();
  });

  it('staff select packages in the list and print their labels as one PDF; the package page reprints one', async () => {
    const first = await receive(world, adminToken, { trackingNumber: newTracking(), weight: 2, mailboxNumber: world.customer.mailboxNumber });
    const second = await receive(world, adminToken, { trackingNumber: newTracking(), weight: 3, pieces: 2, mailboxNumber: world.customer.mailboxNumber });
    const { context, page } = await signInAdmin(world);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Packages', exact: true }).click();
    const table = page.getByRole('table', { name: 'All packages' });
    await table.getByRole('checkbox', { name: `Select ${first.package.packageNumber}` }).check();
    await table.getByRole('checkbox', { name: `Select ${second.package.packageNumber}` }).check();
    await visible(page.getByText('2 selected'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print labels' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // One page per piece: 1 + 2.
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(3);
    await visible(page.getByText('Labels of 2 packages downloaded'));

    await table.getByRole('link', { name: first.package.packageNumber }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Package ${first.package.packageNumber}` }));
    const zpl = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Label ZPL' }).click();
    const zplText = await (await zpl).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += (chunk as Buffer).toString('utf8');
      return text;
    });
    expect(zplText).toContain('^XA');
    expect(zplText).toContain(first.package.packageNumber);
    await context.close();
  });

  it('a customer claims an unknown package on a phone; staff approve it; the customer sees it as theirs', async () => {
    const tracking = newTracking();
    const unknown = await receive(world, adminToken, { trackingNumber: tracking, weight: 2 });
    const customer = await signInCustomer(world, PHONE);
    await customer.page.goto('/courier/customer/packages');
    await customer.page.getByRole('button', { name: 'Claim a package' }).click();
    const dialog = customer.page.getByRole('dialog', { name: 'Claim an unknown package' });
    await field(dialog, 'Tracking number').fill(tracking);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'order.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Submit claim' }).click();
    await visible(customer.page.getByText(PACKAGE_MSG.claimSubmitted));
    const claimRow = customer.page.getByRole('table', { name: 'My claims' }).getByRole('row').filter({ hasText: tracking });
    await visible(claimRow.getByText('Pending review'));
    expect(await fitsWidth(customer.page)).toBe(true);

    const admin = await signInAdmin(world);
    await admin.page.goto('/courier/admin/unknown-packages');
    await admin.page.getByRole('button', { name: `Review claim for ${tracking}` }).click();
    const review = admin.page.getByRole('dialog', { name: `Claim for ${tracking}` });
    await visible(review.getByRole('button', { name: 'Download proof of purchase order.png' }));
    await review.getByRole('button', { name: 'Approve claim' }).click();
    await visible(admin.page.getByText(/^Claim approved/));

    // The customer's page follows without a reload: the claim is approved and the parcel is theirs.
    await visible(claimRow.getByText('Approved'));
    await visible(customer.page.getByRole('table', { name: 'Packages' }).getByRole('row').filter({ hasText: unknown.package.packageNumber }));
    await admin.context.close();
    await customer.context.close();
  });

  for (const [name, viewport] of [['desktop', undefined], ['a 360 px phone', PHONE]] as const) {
    it(`anyone with the number tracks a package on the courier's public page (${name})`, async () => {
      const tracking = newTracking();
      const parcel = await receive(world, adminToken, { trackingNumber: tracking, weight: 4, mailboxNumber: world.customer.mailboxNumber });
      const { context, page } = await newPage(world.browser, world.server.baseUrl, viewport);
      await page.goto(`/courier/track?api_key=${world.islandCourier.apiKey}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Track a package' }));
      await visible(page.getByAltText(`${world.islandCourier.name} logo`));
      await field(page, 'Tracking or package number').fill(parcel.package.packageNumber.toLowerCase());
      await field(page, 'Tracking or package number').press('Enter');
      const card = page.getByRole('region', { name: parcel.package.packageNumber });
      await visible(card.getByText(tracking));
      await visible(card.getByRole('list', { name: 'Status history' }).getByText('Received'));
      await visible(card.getByText('T.', { exact: true }));
      // No personal data beyond the initial.
      expect(await card.getByText('Campbell').count()).toBe(0);
      expect(await card.getByText(world.customer.mailboxNumber).count()).toBe(0);
      if (viewport) expect(await fitsWidth(page)).toBe(true);
      await context.close();
    });
  }
});
