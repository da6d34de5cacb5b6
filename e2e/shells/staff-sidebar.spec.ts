import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

/** Staff sidebar items and the permission each needs (spec section 2). */
const STAFF_ITEMS: [string, string][] = [
  ['Dashboard', 'dashboard_view'], ['Scan', 'packages_scan'], ['Packages', 'packages_view'], ['Customers', 'customers_view'],
  ['Business Customers', 'customers_business'], ['Staff', 'staff_view'], ['Reports', 'reports_view'],
  ['Packages Delivery Request', 'delivery_requests_view'], ['Unknown Packages', 'packages_unknown'], ['Maniefest', 'manifests_view'],
  ['Reconciliation', 'manifests_reconcile'], ['Invoices', 'invoices_view'], ['Payments', 'payments_view'], ['Uncollected', 'packages_uncollected'],
  ['Support Tickets', 'tickets_view'], ['Signature', 'packages_sign'], ['Settings', 'settings_view'],
];

describe('staff shell', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it('shows exactly the sidebar items the staff user holds a permission for', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/staff/login');
    await signInThroughForm(page, world.staff.email);
    await page.waitForURL('**/courier/staff/dashboard');
    const nav = page.getByRole('navigation');
    await expect.poll(() => nav.getByText('Dashboard', { exact: true }).isVisible()).toBe(true);
    const held = new Set(world.staff.permissions);
    for (const [label, permission] of STAFF_ITEMS) {
      const count = await nav.getByText(label, { exact: true }).count();
      expect({ label, shown: count > 0 }).toEqual({ label, shown: held.has(permission) });
    }
    await context.close();
  });

  it('the staff user is refused by the server on a call their role does not allow', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/staff/login');
    await signInThroughForm(page, world.staff.email);
    await page.waitForURL('**/courier/staff/dashboard');
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/auth/staff/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ firstName: 'A', lastName: 'B', email: 'new-hire@example.com', role: 'staff' }),
      });
      return response.status;
    });
    expect(status).toBe(403);
    await context.close();
  });

  it('My Profile saves the name and survives a reload', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/staff/login');
    await signInThroughForm(page, world.manager.email);
    await page.waitForURL('**/courier/staff/dashboard');
    await page.goto('/courier/staff/settings');
    await page.getByLabel('First Name').fill('Keisha');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Profile updated successfully!').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Keisha');
    await context.close();
  });

  it('works at 360 px: the navigation opens from the burger', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl, PHONE);
    await page.goto('/courier/staff/login');
    await signInThroughForm(page, world.manager.email);
    await page.waitForURL('**/courier/staff/dashboard');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(() => page.getByRole('navigation').getByText('Settings', { exact: true }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
