import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_MSG } from '../../packages/shared/src/schemas/settings';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';
import { expectToast, poll, openTab, reloadOnTab, signInAdmin } from './settings-page';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const CSV = 'weight,cost\n20,950\n21 lbs,1250\nheavy,100\n';
const SHEET_NAME = 'Island Rates 2026.pdf';

/** A real file under the OS temp dir, with exactly this name (the upload keeps it). */
async function tmpFile(name: string, data: string | Buffer): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'parceldesk-upload-')), name);
  await writeFile(file, data);
  return file;
}

/** Picks a file through the button the user clicks (Mantine FileInput opens the OS chooser). */
async function chooseFile(page: Page, label: string, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByLabel(label, { exact: true }).click()]);
  await chooser.setFiles(file);
}

describe('settings uploads', () => {
  let world: World;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());
  beforeEach(async () => {
    ({ context, page } = await signInAdmin(world.browser, world.server.baseUrl, world.admin.email));
  });
  afterEach(() => context.close());

  it('logo: preview, upload, then the title and favicon switch to the new logo', async () => {
    await openTab(page, 'Company Info');
    const favicon = () => page.locator('link#app-favicon').getAttribute('href');
    await poll(() => page.title()).toBe('Island Express Courier');
    expect(await favicon()).toBe('/courier/favicon.svg');
    expect(await page.getByRole('button', { name: 'Upload Logo' }).count()).toBe(0);

    await chooseFile(page, 'Logo', await tmpFile('logo.png', PNG));
    await poll(() => page.getByRole('img', { name: 'New logo preview' }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'New logo preview' }).getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Upload Logo' }).click();
    await expectToast(page, SETTINGS_MSG.logoUpdated);

    await poll(favicon).toMatch(/^\/api\/files\//);
    expect(await page.title()).toBe('Island Express Courier');
    const href = (await favicon())!;
    const served = await fetch(`${world.server.baseUrl}${href}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Kept across a reload, and shown as the current logo.
    await reloadOnTab(page, 'Company Info');
    const company = page.getByRole('region', { name: 'Company Information' });
    await poll(() => company.getByRole('img', { name: 'Island Express Courier logo' }).getAttribute('src')).toBe(href);
    await poll(favicon).toBe(href);
  });

  it('logo: a file that is not an image is refused in the browser', async () => {
    await openTab(page, 'Company Info');
    await chooseFile(page, 'Logo', await tmpFile('logo.txt', 'not an image'));
    await poll(() => page.getByText(SETTINGS_MSG.logoNotImage).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload Logo' }).count()).toBe(0);
  });

  it('bulk upload of a CSV shows the result counts and the invalid row', async () => {
    await openTab(page, 'Shipping Rates');
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    await chooseFile(page, 'Rates file', await tmpFile('rates.csv', CSV));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const result = dialog.getByRole('region', { name: 'Upload result' });
    await poll(() => result.isVisible()).toBe(true);
    const count = (label: string) => result.getByLabel(new RegExp(`^${label}:`)).textContent();
    expect([await count('Created'), await count('Updated'), await count('Invalid'), await count('Total processed')]).toEqual(['2', '0', '1', '3']);
    const invalid = result.getByRole('table', { name: 'Invalid rows' }).getByRole('row').filter({ hasText: 'heavy' });
    expect(await invalid.getByRole('cell').first().textContent()).toBe('4');
    expect(await invalid.textContent()).toContain(SETTINGS_MSG.weightInvalid);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const rates = page.getByRole('table', { name: 'Shipping rates' });
    await poll(() => rates.getByRole('row').filter({ hasText: '21 lbs' }).count()).toBe(1);
  });

  it('bulk upload: the templates download under the spec names', async () => {
    await openTab(page, 'Shipping Rates');
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    for (const [button, name] of [['Download Excel Template', 'shipping_rates_template.xlsx'], ['Download CSV Template', 'shipping_rates_template.csv']] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()]);
      expect(download.suggestedFilename()).toBe(name);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('rate sheet: the admin uploads it and the customer downloads it under its name', async () => {
    await openTab(page, 'Rate Sheet');
    await poll(() => page.getByText(SETTINGS_MSG.noRateSheet).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload Rate Sheet' }).count()).toBe(0);
    await chooseFile(page, 'Rate sheet file', await tmpFile(SHEET_NAME, PDF));
    await page.getByRole('button', { name: 'Upload Rate Sheet' }).click();
    await expectToast(page, SETTINGS_MSG.rateSheetUpdated);
    const stored = SHEET_NAME;
    await reloadOnTab(page, 'Rate Sheet');
    await poll(() => page.getByRole('button', { name: stored }).isVisible()).toBe(true);

    const customer = await newPage(world.browser, world.server.baseUrl);
    await customer.page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(customer.page, world.customer.email);
    await customer.page.waitForURL('**/courier/customer/dashboard');
    const fromDashboard = customer.page.getByRole('button', { name: 'Download rate sheet' });
    await poll(() => fromDashboard.isVisible()).toBe(true);
    const [first] = await Promise.all([customer.page.waitForEvent('download'), fromDashboard.click()]);
    expect(first.suggestedFilename()).toBe(stored);
    expect(await readFile((await first.path())!, 'utf8')).toBe(PDF);

    await customer.page.getByRole('link', { name: 'Rate Sheet' }).click();
    await customer.page.waitForURL('**/courier/customer/rate-sheet');
    await poll(() => customer.page.getByText(stored).isVisible()).toBe(true);
    const [second] = await Promise.all([customer.page.waitForEvent('download'), customer.page.getByRole('button', { name: 'Download', exact: true }).click()]);
    expect(second.suggestedFilename()).toBe(stored);
    await customer.context.close();
  });
});
