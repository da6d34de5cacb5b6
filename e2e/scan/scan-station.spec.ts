import type { BrowserContext, Locator, Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, users } from '../../apps/api/src/db/schema/index';
import { makeUser } from '../../apps/api/src/test/factories';
import { insertPreAlert, upsNumber, uspsNumber } from '../../apps/api/src/modules/packages/package-test-kit';
import { newPage, PHONE, type Viewport } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

/** A USB scanner: the characters a few ms apart, then Enter, wherever the focus is. */
async function wedgeScan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('scan station', () => {
  let world: World;
  let clerkEmail = '';
  beforeAll(async () => {
    world = await setupWorld();
    // A clerk who may scan (and see packages), nothing else.
    const clerk = await makeUser(world.db, { role: 'staff', courier: world.islandCourier, permissions: ['packages_scan', 'packages_view'] });
    await world.db.update(users).set({ roleId: null }).where(eq(users.id, clerk.id));
    clerkEmail = clerk.email;
  });
  afterAll(() => world.teardown());

  async function openStation(viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newPage(world.browser, world.server.baseUrl, viewport);
    await page.goto('/courier/staff/login');
    await signInThroughForm(page, clerkEmail);
    await page.waitForURL('**/courier/staff/dashboard');
    if (viewport === PHONE) await page.goto('/courier/staff/scan');
    else await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Scan' }).click();
    await page.waitForURL('**/courier/staff/scan');
    await visible(page.getByRole('heading', { level: 1, name: 'Scan' }));
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toContain('Tracking number');
    return { context, page };
  }

  async function scanPreAlertedParcel(viewport?: Viewport) {
    const tracking = uspsNumber();
    await insertPreAlert(world.db, world.islandCourier, world.customer.id, tracking);
    const { context, page } = await openStation(viewport);

    // The scanner reads the USPS label barcode: routing prefix 420 + ZIP in front of the number.
    await wedgeScan(page, `42033166${tracking}`);
    await visible(page.getByText("Matched to the customer's pre-alert"));
    await visible(page.getByText('Tanya Campbell'));
    // Focus moved to the weight: the clerk types it on the keypad and presses Enter.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toContain('Weight (lb)');
    const popup = context.waitForEvent('page');
    const label = page.waitForResponse((response) => /\/api\/packages\/[0-9a-f-]+\/label\?format=pdf$/.test(response.url()));
    await page.keyboard.type('3.5');
    await page.keyboard.press('Enter');

    const confirmation = page.getByRole('status').filter({ hasText: 'Received: matched to pre-alert' });
    await visible(confirmation);
    const [saved] = await world.db.select().from(packages).where(eq(packages.trackingNumber, tracking));
    expect(saved).toMatchObject({ customerId: world.customer.id, status: 'received', weight: 3.5, service: 'sea' });
    expect(await confirmation.textContent()).toContain(saved!.packageNo);

    // The label PDF opens in a new tab.
    const labelResponse = await label;
    expect(labelResponse.status()).toBe(200);
    expect(labelResponse.headers()['content-type']).toBe('application/pdf');
    const head = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
      return String.fromCharCode(...new Uint8Array(await response.arrayBuffer()).slice(0, 5));
    }, labelResponse.url());
    expect(head).toBe('%PDF-');
    const labelTab = await popup;
    expect(labelTab.url()).toMatch(/^blob:/);

    // Ready for the next parcel: an empty tracking field with the focus.
    expect(await page.getByLabel('Tracking number').inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toContain('Tracking number');
    // It is listed with its label for a reprint.
    await visible(page.getByRole('button', { name: `Print label ${saved!.packageNo}` }));
    return { context, page, saved: saved! };
  }

  it('a wedge scan matches the pre-alert, Enter after the weight saves it and its label PDF opens', async () => {
    const { context } = await scanPreAlertedParcel();
    await context.close();
  });

  it('at 360 px wide the same scan works and nothing overflows sideways', async () => {
    const { context, page } = await scanPreAlertedParcel(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('offline: three scans wait on the device, and once back online they become exactly three packages', async () => {
    const { context, page } = await openStation(PHONE);
    await visible(page.getByText('All scans synced'));
    await context.setOffline(true);
    const numbers = [upsNumber(), upsNumber(), upsNumber()];
    for (const [index, number] of numbers.entries()) {
      await page.getByLabel('Tracking number').focus();
      await wedgeScan(page, number);
      await visible(page.getByText('The number will be matched to a pre-alert or mailbox when the scan syncs.'));
      // The first parcel carries its mailbox number: matched by the server when it syncs.
      if (index === 0) await page.getByLabel('Mailbox number on the label').fill(world.customer.mailboxNumber);
      await page.getByLabel('Weight (lb)').fill(String(index + 1));
      await page.getByLabel('Weight (lb)').press('Enter');
      await visible(page.getByText(`${index + 1} waiting to sync`));
      await visible(page.getByText(`${number} will be received as soon as the connection is back.`));
      // Ready for the next parcel, as a clerk sees it: the tracking field empty again.
      await expect.poll(() => page.getByLabel('Tracking number').inputValue()).toBe('');
    }
    expect(await world.db.select().from(packages).where(inArray(packages.trackingNumber, numbers))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await context.setOffline(false);
    await visible(page.getByText('All scans synced'));
    // Each synced scan is listed with its label, as if it had been saved online.
    await expect.poll(() => page.getByRole('button', { name: /^Print label / }).count()).toBe(3);
    const received = await world.db.select().from(packages).where(inArray(packages.trackingNumber, numbers));
    expect(received).toHaveLength(3);
    const byNumber = new Map(received.map((p) => [p.trackingNumber, p]));
    expect(numbers.map((n) => [byNumber.get(n)?.weight, byNumber.get(n)?.status])).toEqual([[1, 'received'], [2, 'unknown'], [3, 'unknown']]);
    expect(byNumber.get(numbers[0]!)?.customerId).toBe(world.customer.id);
    // Sent in the order they were scanned: package numbers rise with them.
    const order = numbers.map((n) => byNumber.get(n)!.packageNo);
    expect([...order].sort()).toEqual(order);
    // A reload finds nothing left to send, and no second copy appears.
    await page.reload();
    await visible(page.getByText('All scans synced'));
    expect(await world.db.select().from(packages).where(inArray(packages.trackingNumber, numbers))).toHaveLength(3);
    await context.close();
  });

  it("bulk receive: a warehouse CSV is checked row by row, then received in one go", async () => {
    const { context, page } = await openStation();
    await page.getByRole('link', { name: 'Bulk receive' }).click();
    await page.waitForURL('**/courier/staff/scan/bulk-receive');
    const [forTanya, nobody] = [upsNumber(), upsNumber()];
    const csv = ['Tracking,Mailbox,Weight,Dimensions,Description,Value,Shipper', `${forTanya},${world.customer.mailboxNumber},4.2,12x10x8,Shoes,40,Amazon`, `${nobody},,2,,Books,10,Walmart`, `${upsNumber()},,0,,,,`].join('\n');
    await page.locator('input[type="file"]').setInputFiles({ name: 'miami.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await visible(page.getByText('Checked: nothing saved yet'));
    const rows = page.getByRole('table', { name: 'Rows of the file' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(1).textContent()).toContain('Tanya Campbell');
    expect(await rows.nth(3).textContent()).toContain('Weight must be more than 0 lb');
    expect(await world.db.select().from(packages).where(inArray(packages.trackingNumber, [forTanya, nobody]))).toEqual([]);

    await page.getByRole('button', { name: 'Receive 2 packages' }).click();
    await visible(page.getByText('2 packages received (1 received, 1 unknown, 1 invalid)'));
    await visible(page.getByRole('button', { name: 'Print 2 labels' }));
    const saved = await world.db.select().from(packages).where(inArray(packages.trackingNumber, [forTanya, nobody]));
    expect(saved.map((p) => p.status).sort()).toEqual(['received', 'unknown']);
    await context.close();
  });
});
