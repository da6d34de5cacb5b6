import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, SUPERADMIN, type World } from '../support/world';

/**
 * Issue 14: no sidebar entry of any area is disabled, and every entry opens its own screen.
 * An unknown path inside an area falls back to the dashboard, so an entry whose screen is
 * missing would land on /…/dashboard instead of its own path.
 */
async function walkSidebar(page: Page, dashboardPath: string) {
  await page.waitForURL(`**/courier${dashboardPath}`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect.poll(() => nav.getByRole('link').count()).toBeGreaterThan(3);
  const disabled = await nav.locator('[aria-disabled="true"]').allTextContents();
  expect(disabled).toEqual([]);
  const entries = await nav.getByRole('link').evaluateAll((links) => links.map((link) => ({
    label: link.textContent?.trim() ?? '', href: new URL((link as HTMLAnchorElement).href).pathname,
  })));
  // The signature pad opens outside the layout (spec), without the sidebar: it is visited last.
  const outside = (entry: { href: string }) => entry.href.includes('/sign-signature');
  const ordered = [...entries.filter((entry) => !outside(entry)), ...entries.filter(outside)];
  const landed: { label: string; path: string }[] = [];
  for (const entry of ordered) {
    await nav.getByRole('link').filter({ hasText: entry.label }).first().click();
    const expected = entry.href.replace(/^\/courier/, '');
    await expect.poll(() => spaPath(page)).toBe(expected);
    // The screen rendered: the header names the entry and no crash screen replaced it.
    await expect.poll(() => page.getByText('Unexpected Application Error').count()).toBe(0);
    landed.push({ label: entry.label, path: spaPath(page) });
  }
  return landed;
}

describe('every area: no disabled sidebar entry', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it('super admin: all 15 entries open their screens', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/superadmin/login');
    await signInThroughForm(page, SUPERADMIN.email, SUPERADMIN.password);
    const landed = await walkSidebar(page, '/superadmin/dashboard');
    expect(landed.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/superadmin/reports', '/superadmin/settings', '/superadmin/manifests']));
    expect(landed).toHaveLength(15);
    await context.close();
  });

  it('courier admin: delivery, locations, reports and batch emails are links like the rest', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    const landed = await walkSidebar(page, '/admin/dashboard');
    expect(landed.map((entry) => entry.path)).toEqual(expect.arrayContaining([
      '/admin/delivery-requests', '/admin/delivery-locations', '/admin/reports', '/admin/batch-emails',
    ]));
    await context.close();
  });

  it('branch manager (every staff permission): Reports and Packages Delivery Request open', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/staff/login');
    await signInThroughForm(page, world.manager.email);
    const landed = await walkSidebar(page, '/staff/dashboard');
    expect(landed.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/staff/reports', '/staff/delivery-requests']));
    await context.close();
  });

  it('customer: Delivery Requests opens', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(page, world.customer.email);
    const landed = await walkSidebar(page, '/customer/dashboard');
    expect(landed.map((entry) => entry.path)).toContain('/customer/delivery-requests');
    await context.close();
  });
});
