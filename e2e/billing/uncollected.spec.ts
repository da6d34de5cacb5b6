import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCourier } from '../../apps/api/src/modules/invoices/invoice-test-kit';
import { readyParcel } from '../../apps/api/src/modules/pickups/pickup-test-kit';
import { makeUser } from '../../apps/api/src/test/factories';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

describe('uncollected parcels end to end', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
    await priceCourier(world.server.database.pool, world.islandCourier.id);
    // The courier's uncollected fee (settings tab 2): J$500 once the 15-day threshold has passed.
    await world.server.database.pool.query(`update courier_fee_settings set uncollected_fee = 500 where courier_id = $1`, [world.islandCourier.id]);
  });
  afterAll(() => world?.teardown());

  it('staff see a parcel waiting past the threshold with its storage fee, and the fee is on the customer\'s invoice', async () => {
    // A parcel of Tanya's, invoiced (J$2,500.00 unpaid) and ready for pickup for 20 days.
    const { pkg, invoice } = await readyParcel(world.db, world.islandCourier, world.customer.id, { totalCents: 250_000 });
    // Waiting is counted from packages.ready_since (migration 0027), which a status move sets.
    await world.server.database.pool.query(`update packages set updated_at = now() - interval '20 days', ready_since = now() - interval '20 days' where id = $1`, [pkg.id]);
    const clerk = await makeUser(world.db, { role: 'staff', courier: world.islandCourier, permissions: ['packages_uncollected', 'packages_view'] });

    // The courier admin runs the morning sweep now: the storage fee is charged.
    const admin = await newPage(world.browser, world.server.baseUrl);
    await admin.page.goto('/courier/admin/login');
    await signInThroughForm(admin.page, world.admin.email);
    await admin.page.waitForURL('**/courier/admin/dashboard');
    await admin.page.goto('/courier/admin/uncollected');
    await admin.page.getByRole('button', { name: 'Run now' }).click();
    await visible(admin.page.getByTestId('sweep-result'));
    await admin.context.close();

    // Staff: the parcel is listed with its days waiting and the fee so far.
    const staff = await newPage(world.browser, world.server.baseUrl);
    await staff.page.goto('/courier/staff/login');
    await signInThroughForm(staff.page, clerk.email);
    await staff.page.waitForURL('**/courier/staff/dashboard');
    await staff.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Uncollected', exact: true }).click();
    const table = staff.page.getByRole('table', { name: 'Uncollected parcels' });
    const row = table.getByRole('row').filter({ hasText: pkg.packageNo });
    await visible(row);
    await visible(row.getByText('J$500.00'));
    await visible(row.getByText(/^20 days$/));
    await staff.context.close();

    // The customer: the storage fee is a line of their invoice, and the amount due grew by it.
    const customer = await newPage(world.browser, world.server.baseUrl);
    await customer.page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(customer.page, world.customer.email);
    await customer.page.waitForURL('**/courier/customer/dashboard');
    await customer.page.goto(`/courier/customer/invoices/${invoice!.invoiceNo}`);
    await visible(customer.page.getByRole('heading', { level: 1, name: `Invoice ${invoice!.invoiceNo}` }));
    await visible(customer.page.getByText(/Storage 1 day \d{4}-\d{2}-\d{2}/));
    await expect.poll(() => customer.page.getByTestId('amount-due').textContent(), { timeout: 15_000 }).toBe('J$3,000.00');
    await customer.context.close();
  });
});
