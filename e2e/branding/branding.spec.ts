import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couriers } from '../../apps/api/src/db/schema/index';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, SUPERADMIN, type World } from '../support/world';

const LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

describe('branding by api_key, and impersonation by token', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
    await world.db.update(couriers).set({ logoUrl: LOGO }).where(eq(couriers.id, world.islandCourier.id));
  });
  afterAll(() => world.teardown());

  const favicon = () => 'link#app-favicon';

  it('without a courier the title and favicon are the product defaults', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/login');
    await expect.poll(() => page.title()).toBe('ParcelDesk');
    expect(await page.locator(favicon()).getAttribute('href')).toBe('/courier/favicon.svg');
    await context.close();
  });

  it('?api_key switches title and favicon to the courier, and the key is kept for the session', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await expect.poll(() => page.title()).toBe('Island Express Courier');
    expect(await page.locator(favicon()).getAttribute('href')).toBe(LOGO);
    expect(await page.evaluate(() => sessionStorage.getItem('api_key'))).toBe(world.islandCourier.apiKey);
    // The sign-up link keeps the key.
    const signUp = page.getByRole('link', { name: /sign up/i });
    expect(await signUp.getAttribute('href')).toContain(`api_key=${world.islandCourier.apiKey}`);
    // A later visit without the query string still shows the courier.
    await page.goto('/courier/login');
    await expect.poll(() => page.title()).toBe('Island Express Courier');
    await context.close();
  });

  it('a super admin signs in as a customer through a one-time impersonation link', async () => {
    const login = await fetch(`${world.server.baseUrl}/api/auth/super-admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SUPERADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const issued = await fetch(`${world.server.baseUrl}/api/auth/impersonate`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ targetType: 'customer', targetId: world.customer.id }),
    });
    expect(issued.status).toBe(200);
    const { url } = (await issued.json()) as { url: string };

    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(url);
    await page.waitForURL('**/courier/customer/dashboard');
    await expect.poll(() => page.getByText('Successfully logged in via impersonation').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(world.customer.mailboxNumber).first().isVisible()).toBe(true);
    await context.close();

    // The same link works once.
    const second = await newPage(world.browser, world.server.baseUrl);
    await second.page.goto(url);
    await expect.poll(() => second.page.getByText('Invalid or expired impersonation token').isVisible()).toBe(true);
    await expect.poll(() => new URL(second.page.url()).searchParams.has('token')).toBe(false);
    await second.context.close();
  });

  it('the admin portal accepts an impersonation token for a courier admin', async () => {
    const login = await fetch(`${world.server.baseUrl}/api/auth/super-admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SUPERADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const issued = await fetch(`${world.server.baseUrl}/api/auth/impersonate`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ targetType: 'user', targetId: world.admin.id }),
    });
    const { url } = (await issued.json()) as { url: string };
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(url);
    await page.waitForURL('**/courier/admin/dashboard');
    await context.close();
  });

  it('a signed-in admin with a logo sees it as favicon after sign-in', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    await expect.poll(() => page.title()).toBe('Island Express Courier');
    expect(await page.locator(favicon()).getAttribute('href')).toBe(LOGO);
    await context.close();
  });
});
