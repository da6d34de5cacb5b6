import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';

/**
 * Issue 13: the courier admin sets the exchange rate on the Rates tab; a customer on a 360 px phone
 * estimates an item with the customs calculator. The figures are the first worked example of
 * packages/shared/src/domain/customs.test.ts: US$250 + US$20 shipping, 3 lb by air, general goods,
 * J$156.50 per US$1 → customs J$16,710.10 + courier J$1,610.00 = J$18,320.10.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 20_000 }).toBe(true);
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function adminCall(world: World, token: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${world.server.baseUrl}/api${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

describe('customs calculator end to end', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
    const login = await fetch(`${world.server.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: world.admin.email, password: TEST_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const [weight, cost] of [['1', 650], ['2', 650], ['3', 1200], ['4', 1550]] as const) {
      await adminCall(world, token, 'POST', '/settings/shipping-rates', { weight, cost, status: 'ACTIVE' });
    }
    await adminCall(world, token, 'POST', '/settings/processing-fees', { weightRange: '0.1lb to 100lbs', fee: 230 });
  });
  afterAll(() => world?.teardown());

  it('the admin sets the exchange rate; a customer on a 360 px phone gets a labelled estimate in J$', async () => {
    const admin = await newPage(world.browser, world.server.baseUrl);
    await admin.page.goto('/courier/admin/login');
    await signInThroughForm(admin.page, world.admin.email);
    await admin.page.waitForURL('**/courier/admin/dashboard');
    await admin.page.goto('/courier/admin/settings?tab=1');
    const rates = admin.page.getByRole('form', { name: 'Exchange rate and sea freight' });
    await visible(rates);
    await field(rates, 'Exchange rate (J$ per US$1)').fill('156.50');
    await rates.getByRole('button', { name: 'Save Exchange and Sea Rates' }).click();
    await visible(admin.page.getByText('Pricing settings updated successfully!'));
    await admin.context.close();

    const { context, page } = await newPage(world.browser, world.server.baseUrl, PHONE);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(page, world.customer.email);
    await page.waitForURL('**/courier/customer/dashboard');
    await page.goto('/courier/customer/customs-calculator');
    const form = page.getByRole('form', { name: 'Customs calculator' });
    await visible(form);
    await field(form, 'Item value (US$)').fill('250');
    await field(form, 'Shipping cost (US$)').fill('20');
    await field(form, 'Weight (lb)').fill('3');
    await form.getByRole('button', { name: 'Estimate' }).click();

    const result = page.getByRole('region', { name: 'Estimated total' });
    await visible(result);
    expect(await result.getByTestId('estimate-total').textContent()).toBe('J$18,320.10');
    expect(await result.getByText('Estimate only').isVisible()).toBe(true);
    expect(await result.getByText('J$42,677.55').isVisible()).toBe(true);
    expect(await result.getByText('Import duty 20% of CIF (General goods)').isVisible()).toBe(true);
    expect(await result.getByText('Freight AIR 3 lb').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
