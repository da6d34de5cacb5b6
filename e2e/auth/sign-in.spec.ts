import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, SUPERADMIN, type World } from '../support/world';

describe('each portal signs its role in and lands in its own shell', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it('super admin: /superadmin/login → /superadmin/dashboard with network figures', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/superadmin/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Super Admin Sign In' }).isVisible()).toBe(true);
    await signInThroughForm(page, SUPERADMIN.email, SUPERADMIN.password);
    await page.waitForURL('**/courier/superadmin/dashboard');
    await expect.poll(() => page.getByText('Super Administrator').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Couriers', { exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('courier admin: /admin/login → /admin/dashboard showing the courier name', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    await expect.poll(() => page.getByText('Island Express Courier').first().isVisible()).toBe(true);
    await context.close();
  });

  it('branch manager and staff: /staff/login → /staff/dashboard', async () => {
    for (const user of [world.manager, world.staff]) {
      const { context, page } = await newPage(world.browser, world.server.baseUrl);
      await page.goto('/courier/staff/login');
      await signInThroughForm(page, user.email);
      await page.waitForURL('**/courier/staff/dashboard');
      await expect.poll(() => page.getByText('Island Express Courier Staff').first().isVisible()).toBe(true);
      await context.close();
    }
  });

  it('customer: /login?api_key → /customer/dashboard with their mailbox number and US address', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await expect.poll(() => page.getByText('Island Express Courier').first().isVisible()).toBe(true);
    await signInThroughForm(page, world.customer.email);
    await page.waitForURL('**/courier/customer/dashboard');
    await expect.poll(() => page.getByText(world.customer.mailboxNumber).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`ISL ${world.customer.mailboxNumber}`).first().isVisible()).toBe(true);
    await context.close();
  });

  it('wrong password shows the server message and stays on the login page', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).isVisible()).toBe(true);
    expect(spaPath(page)).toBe('/admin/login');
    await context.close();
  });

  it('a customer of another courier cannot sign in through this courier portal', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(page, world.otherCustomer.email);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).isVisible()).toBe(true);
    expect(spaPath(page)).toBe('/login');
    await context.close();
  });
});
