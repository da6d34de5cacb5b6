import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_MSG } from '../../packages/shared/src/schemas/platform-settings';
import { insertRow } from '../../apps/api/src/test/access-matrix/fixture-rows';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, SUPERADMIN, type World } from '../support/world';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
const visible = (locator: Locator) => poll(() => locator.first().isVisible()).toBe(true);

async function signInSuperAdmin(world: World) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl);
  await page.goto('/courier/superadmin/login');
  await signInThroughForm(page, SUPERADMIN.email, SUPERADMIN.password);
  await page.waitForURL('**/courier/superadmin/dashboard');
  return { context, page };
}

/** The text of each row of the table. */
const rowsOf = (page: Page) => page.getByRole('table', { name: 'All packages' }).getByRole('row')
  .evaluateAll((rows) => rows.slice(1).map((row) => row.textContent ?? ''));

describe('the network view (super admin)', () => {
  let world: World;
  const numbers = { island: [] as string[], kingston: [] as string[] };
  beforeAll(async () => {
    world = await setupWorld();
    const numberOf = async (id: string) => (await world.server.database.pool.query<{ package_no: string }>('select package_no from packages where id = $1', [id])).rows[0]!.package_no;
    for (let i = 0; i < 2; i += 1) {
      numbers.island.push(await numberOf(await insertRow(world.db, 'package', { courier: world.islandCourier, userId: '', customerId: world.customer.id })));
    }
    numbers.kingston.push(await numberOf(await insertRow(world.db, 'package', { courier: world.otherCourier, userId: '', customerId: world.otherCustomer.id })));
  });
  afterAll(() => world?.teardown());

  it("filters the network's packages by courier and sees only that courier's parcels", async () => {
    const { context, page } = await signInSuperAdmin(world);
    await page.getByRole('link', { name: 'Packages', exact: true }).click();
    await page.waitForURL('**/courier/superadmin/packages');
    const showing = page.getByText(/^Showing \d+–\d+ of \d+$/);
    await poll(() => showing.textContent()).toBe('Showing 1–3 of 3');
    const table = page.getByRole('table', { name: 'All packages' });
    // The courier column (the couriers' own package screen, with the network's column).
    await poll(() => table.getByRole('columnheader').allTextContents()).toContain('Courier');

    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Courier', { exact: true }).click();
    await page.getByRole('option', { name: 'Kingston Parcel Express' }).click();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await poll(() => showing.textContent()).toBe('Showing 1–1 of 1');
    const rows = await rowsOf(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(numbers.kingston[0]);
    expect(rows[0]).toContain('Kingston Parcel Express');
    for (const number of numbers.island) expect(rows.join('\n')).not.toContain(number);

    // The other courier, from the same filter.
    await filters.getByLabel('Courier', { exact: true }).click();
    await page.getByRole('option', { name: 'Island Express Courier' }).click();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await poll(() => showing.textContent()).toBe('Showing 1–2 of 2');
    const island = (await rowsOf(page)).join('\n');
    for (const number of numbers.island) expect(island).toContain(number);
    expect(island).not.toContain(numbers.kingston[0]);
    await context.close();
  });

  it('changes the defaults a new courier starts with on /superadmin/settings', async () => {
    const { context, page } = await signInSuperAdmin(world);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/courier/superadmin/settings');
    const gct = page.getByLabel('GCT (%)');
    await poll(() => gct.inputValue()).toBe('15');
    await gct.fill('16.5');
    await page.getByRole('button', { name: 'Save Platform Settings' }).click();
    await visible(page.getByText(PLATFORM_MSG.updated));
    await page.reload();
    await poll(() => page.getByLabel('GCT (%)').inputValue()).toBe('16.5');
    await context.close();
  });
});
