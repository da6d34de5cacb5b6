import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_TOKEN_PREFIX } from '../../packages/shared/src/api-scopes';
import { INTEGRATIONS_MSG } from '../../packages/shared/src/schemas/integrations';
import { PackingSystemDouble } from '../../apps/api/src/test/packing-system-double';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/**
 * Issue 17: a courier admin creates an API key (its token shown once), connects a packing system
 * with it, and watches the parcels the warehouse pushes over HTTP appear on the packages page live.
 */
describe('integrations end to end', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  }, 120_000);
  afterAll(() => world?.teardown());

  it('creates a key, connects a packing system, and pushed parcels appear on the packages page without a reload', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    // The session's one live stream opens at sign-in and serves every screen after it.
    const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events/stream') && response.status() === 200, { timeout: 20_000 });
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    await streamOpen;

    // Settings → Integrations.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/courier/admin/settings**');
    await page.getByRole('tab', { name: 'Integrations' }).click();

    // A key for the warehouse; the token is shown once, in a dialog.
    await page.getByLabel('Key name').fill('Miami packing');
    await page.getByRole('checkbox', { name: /^warehouse:push/ }).check();
    await page.getByRole('checkbox', { name: /^customers:read/ }).check();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await visible(dialog.getByLabel('New API key'));
    const token = (await dialog.getByLabel('New API key').textContent())?.trim() ?? '';
    expect(token.startsWith(API_KEY_TOKEN_PREFIX)).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByText(token).count()).toBe(0);
    const keys = page.getByRole('table', { name: 'API keys' });
    await visible(keys.getByRole('row').filter({ hasText: 'Miami packing' }).getByText('Active'));

    // The packing system connection, with that key.
    const connection = page.getByRole('form', { name: 'Packing system connection' });
    await connection.getByRole('combobox', { name: /API key the packing system uses/ }).click();
    await page.getByRole('option', { name: /^Miami packing/ }).click();
    await connection.getByRole('button', { name: 'Connect packing system' }).click();
    await visible(page.getByText(INTEGRATIONS_MSG.connectionSaved));
    await visible(connection.getByText('/api/packing/v2/packages'));
    await visible(connection.getByRole('button', { name: 'Save connection' }));

    // The packages page, open and listening.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Packages', exact: true }).click();
    await page.waitForURL('**/courier/admin/packages');
    const table = page.getByRole('table', { name: 'All packages' });
    await visible(table);
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

    // The warehouse, over HTTP with the token from the dialog: pulls customers, pushes a day's parcels.
    const warehouse = new PackingSystemDouble({ baseUrl: world.server.baseUrl }, token);
    const pulled = await warehouse.pullCustomers();
    expect(pulled.statusCodes.every((code) => code === 200)).toBe(true);
    expect(warehouse.directory.has(world.customer.mailboxNumber)).toBe(true);
    const parcels = [
      warehouse.receive(world.customer.mailboxNumber, { Description: 'Blender', Weight: 4.2 }),
      warehouse.receive(world.customer.mailboxNumber, { Description: 'Phone case', Weight: 0.6, ServiceTypeID: 'AIR EXPRESS' }),
    ];
    for (const parcel of parcels) {
      const answer = await warehouse.add(parcel);
      expect(answer.statusCode, JSON.stringify(answer.json())).toBe(201);
    }

    const pushedAt = Date.now();
    for (const parcel of parcels) await visible(table.getByRole('row').filter({ hasText: String(parcel.TrackingNumber) }), 20_000);
    // Live, not by some later refetch: the rows arrive within seconds of the push.
    expect(Date.now() - pushedAt).toBeLessThan(10_000);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await context.close();
  }, 120_000);
});
