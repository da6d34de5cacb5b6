import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

describe('dashboards end to end (issue 14)', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
    const pool = world.server.database.pool;
    const courierId = world.islandCourier.id;
    // Three parcels ready for pickup and one in transit for the courier's customer; a payment this month.
    await pool.query(`insert into packages (courier_id, package_no, tracking_number, carrier, status, customer_id, weight, volumetric_divisor, chargeable_weight)
      select $1, 'E2E-DASH-' || g, 'E2EDASHTRACK' || g, 'other', case when g = 4 then 'in_transit' else 'ready_for_pickup' end, $2, 1, 166, 1
      from generate_series(1, 4) g`, [courierId, world.customer.id]);
    await pool.query(`insert into payments (courier_id, customer_id, payment_no, method, amount_cents) values ($1, $2, 'RCT-990001', 'cash', 123450)`,
      [courierId, world.customer.id]);
  });
  afterAll(() => world?.teardown());

  it('a figure opens its filtered list with the same count, and the revenue chart\'s table shows the figure\'s amount', async () => {
    const admin = await newPage(world.browser, world.server.baseUrl);
    const { page } = admin;
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');

    const ready = page.getByRole('region', { name: 'Packages ready for pickup', exact: true });
    await visible(ready);
    await expect.poll(() => ready.textContent()).toContain('3');
    const revenue = page.getByRole('region', { name: 'Revenue this month', exact: true });
    await expect.poll(() => revenue.textContent()).toContain('J$1,234.50');

    // The chart's table view lists the same amount for this month.
    const chart = page.getByRole('region', { name: 'Revenue by month' });
    await visible(chart.getByRole('img'));
    await chart.getByText('Table', { exact: true }).click();
    const table = chart.getByRole('table', { name: 'Revenue by month' });
    await visible(table);
    await expect.poll(() => table.getByRole('row').last().textContent()).toContain('J$1,234.50');

    // The figure's link opens the packages list filtered to the same three parcels.
    await ready.getByRole('link', { name: 'Open the list: Packages ready for pickup' }).click();
    await page.waitForURL('**/courier/admin/packages?**');
    await visible(page.getByRole('table', { name: 'All packages' }));
    await expect.poll(() => page.getByText(/^Showing \d+–\d+ of \d+$/).textContent(), { timeout: 15_000 }).toBe('Showing 1–3 of 3');
    await admin.context.close();
  });
});
