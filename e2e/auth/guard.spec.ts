import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, SUPERADMIN, type World } from '../support/world';

describe('route guard', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it.each([
    ['/superadmin/dashboard', '/superadmin/login'],
    ['/admin/dashboard', '/admin/login'],
    ['/staff/settings', '/staff/login'],
    ['/customer/dashboard', '/login'],
  ])('an anonymous visit to %s goes to %s', async (target, login) => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier${target}`);
    await page.waitForURL(`**/courier${login}`);
    expect(spaPath(page)).toBe(login);
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe(target);
    await context.close();
  });

  it('unknown paths go to /login', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/no/such/page');
    await page.waitForURL('**/courier/login');
    await context.close();
  });

  it('after signing in, the staff user returns to the saved target', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/staff/settings');
    await page.waitForURL('**/courier/staff/login');
    await signInThroughForm(page, world.staff.email);
    await page.waitForURL('**/courier/staff/settings');
    await expect.poll(() => page.getByRole('button', { name: 'Save Changes' }).isVisible()).toBe(true);
    await context.close();
  });

  it('after signing in, the super admin returns to the saved target', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/superadmin/dashboard');
    await page.waitForURL('**/courier/superadmin/login');
    await signInThroughForm(page, SUPERADMIN.email, SUPERADMIN.password);
    await page.waitForURL('**/courier/superadmin/dashboard');
    await context.close();
  });

  it('a signed-in user of another role is sent to their own area', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(page, world.customer.email);
    await page.waitForURL('**/courier/customer/dashboard');
    await page.goto('/courier/admin/dashboard');
    await page.waitForURL('**/courier/customer/dashboard');
    await page.goto('/courier/superadmin/dashboard');
    await page.waitForURL('**/courier/customer/dashboard');

    const admin = await newPage(world.browser, world.server.baseUrl);
    await admin.page.goto('/courier/admin/login');
    await signInThroughForm(admin.page, world.admin.email);
    await admin.page.waitForURL('**/courier/admin/dashboard');
    await admin.page.goto('/courier/staff/dashboard');
    await admin.page.waitForURL('**/courier/admin/dashboard');
    await admin.page.goto('/courier/customer/dashboard');
    await admin.page.waitForURL('**/courier/admin/dashboard');
    await admin.context.close();
    await context.close();
  });

  it('a revoked session (signed out elsewhere) sends the user to the login page of the area', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const logout = await fetch(`${world.server.baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(200);
    await page.reload();
    await page.waitForURL('**/courier/admin/login');
    // The 401 may trigger a full-page navigation: read storage once the page has settled.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'navigating')).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('redirectAfterLogin')).catch(() => 'navigating')).toBe('/admin/dashboard');
    await context.close();
  });
});
