import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertManifest, insertPackage } from '../../apps/api/src/modules/manifests/reconciliation/reconciliation-test-kit';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 20_000 }).toBe(true);
/** A count tile of the reconciliation screen ("Received 2"). */
const tile = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Scans a code into the screen's scanner field as a keyboard-wedge scanner would end it: with Enter. */
async function scan(page: Page, code: string) {
  const input = page.getByLabel('Package or tracking number');
  await input.fill(code);
  await input.press('Enter');
}

describe('reconciliation at the destination', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world?.teardown());

  it('two people scan an arrived manifest at once (one parcel missing, one extra), finish, and the customer sees the missing one as being located', async () => {
    const { db, islandCourier: courier, customer } = world;
    const onBoard = await Promise.all([1, 2, 3].map(() => insertPackage(db, courier, { customerId: customer.id, branchId: courier.branch.id })));
    const stray = await insertPackage(db, courier, { customerId: customer.id, branchId: courier.branch.id, status: 'in_transit' });
    const strayHome = await insertManifest(db, courier, [stray], 'departed');
    const manifest = await insertManifest(db, courier, onBoard);
    const [first, second, lost] = onBoard as [typeof stray, typeof stray, typeof stray];

    // The courier admin at a desk, the branch manager on a phone, both on the same manifest.
    const admin = await newPage(world.browser, world.server.baseUrl);
    await admin.page.goto('/courier/admin/login');
    await signInThroughForm(admin.page, world.admin.email);
    await admin.page.waitForURL('**/courier/admin/dashboard');
    await admin.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reconciliation' }).click();
    await admin.page.getByRole('table', { name: 'Arrived manifests' }).getByRole('button', { name: manifest.number }).click();
    await admin.page.getByRole('button', { name: 'Start reconciliation' }).click();
    await visible(admin.page.getByLabel('Package or tracking number'));

    const manager = await newPage(world.browser, world.server.baseUrl, PHONE);
    await manager.page.goto('/courier/staff/login');
    await signInThroughForm(manager.page, world.manager.email);
    await manager.page.waitForURL('**/courier/staff/dashboard');
    const streamOpen = manager.page.waitForResponse((r) => r.url().includes('/api/events/stream') && r.status() === 200, { timeout: 20_000 });
    await manager.page.goto(`/courier/staff/reconciliation?manifest=${manifest.id}`);
    await streamOpen;
    await visible(manager.page.getByLabel('Package or tracking number'));

    await Promise.all([
      (async () => { await scan(admin.page, first.packageNo); await scan(admin.page, stray.trackingNumber); })(),
      (async () => { await scan(manager.page, second.trackingNumber); await scan(manager.page, first.trackingNumber); })(),
    ]);

    // Both screens agree, live: two received (the parcel both scanned counts once), one missing, one extra.
    for (const page of [admin.page, manager.page]) {
      await expect.poll(() => tile(page, 'Received').textContent(), { timeout: 20_000 }).toContain('2');
      await expect.poll(() => tile(page, 'Extra').textContent()).toContain('1');
      await expect.poll(() => tile(page, 'Missing').textContent()).toContain('1');
      await visible(page.getByRole('table', { name: 'Extras' }).getByText(`Belongs to ${strayHome.number}`));
    }
    await visible(manager.page.getByRole('table', { name: 'Not scanned yet' }).getByText(lost.packageNo));
    expect(await fitsWidth(manager.page)).toBe(true);

    await admin.page.getByRole('button', { name: 'Finish reconciliation' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Finish reconciliation?' });
    await visible(confirm.getByText(/1 missing: they become Missing and their customers are told\. 1 extra parcel recorded/));
    await confirm.getByRole('button', { name: 'Finish' }).click();
    await visible(admin.page.getByText(`Manifest ${manifest.number} reconciled: 2 Ready for Pickup, 0 sent on to their branch, 1 missing, 1 extra`));
    await visible(manager.page.getByText(/^Reconciled by /));

    // The customer's list says where each parcel is, in their words.
    const customerPage = await newPage(world.browser, world.server.baseUrl);
    await customerPage.page.goto(`/courier/login?api_key=${courier.apiKey}`);
    await signInThroughForm(customerPage.page, customer.email);
    await customerPage.page.waitForURL('**/courier/customer/dashboard');
    await customerPage.page.goto('/courier/customer/packages');
    const packages = customerPage.page.getByRole('table', { name: 'Packages' });
    await visible(packages.getByRole('row').filter({ hasText: lost.packageNo }).getByText('Delayed: being located'));
    await visible(packages.getByRole('row').filter({ hasText: first.packageNo }).getByText('Ready for pickup'));

    for (const opened of [admin, manager, customerPage]) await opened.context.close();
  });
});
