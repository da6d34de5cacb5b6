import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../apps/api/src/test/smtp-receiver';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, type World } from '../support/world';

describe('password reset through a real SMTP receiver', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it('staff: forgot password → email link → new password → sign in with it', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/staff/login');
    await page.getByRole('button', { name: /forgot password/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(world.manager.email);
    await dialog.getByRole('button', { name: /send/i }).click();
    await expect.poll(() => page.getByText('Password reset email sent. Please check your inbox.').isVisible()).toBe(true);

    const email = await world.smtp.waitFor((m) => m.to.includes(world.manager.email));
    const link = linkIn(email);
    expect(link).toContain('/courier/reset-password?token=');
    await page.goto(link);
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect.poll(() => page.getByText('Password must be at least 8 characters long').isVisible()).toBe(true);
    await page.getByLabel('New Password').fill('Brand-New-Pass-1');
    await page.getByLabel('Confirm Password').fill('Brand-New-Pass-1');
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect.poll(() => page.getByText('Password reset successful! Please login with your new password.').isVisible()).toBe(true);
    await page.waitForURL('**/courier/login');

    await page.goto('/courier/staff/login');
    await signInThroughForm(page, world.manager.email, 'Brand-New-Pass-1');
    await page.waitForURL('**/courier/staff/dashboard');

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New Password').fill('Another-Pass-22');
    await page.getByLabel('Confirm Password').fill('Another-Pass-22');
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect.poll(() => page.getByText(/invalid or has expired/).first().isVisible()).toBe(true);
    await context.close();
  });

  it('staff reset page without a token shows Invalid Reset Link', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/reset-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Invalid Reset Link' }).isVisible()).toBe(true);
    await context.close();
  });

  it('customer: the link keeps the courier, and Back returns to its login', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await page.getByRole('button', { name: /forgot password/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(world.customer.email);
    await dialog.getByRole('button', { name: /send/i }).click();
    const email = await world.smtp.waitFor((m) => m.to.includes(world.customer.email));
    const link = linkIn(email);
    expect(link).toContain('/courier/customer-reset-password?token=');
    expect(link).toContain(`api_key=${world.islandCourier.apiKey}`);

    const fresh = await newPage(world.browser, world.server.baseUrl);
    await fresh.page.goto(link);
    await expect.poll(() => fresh.page.getByText('Island Express Courier').first().isVisible()).toBe(true);
    await fresh.page.getByLabel('New Password').fill('Customer-Pass-9');
    await fresh.page.getByLabel('Confirm Password').fill('Customer-Pass-9');
    await fresh.page.getByRole('button', { name: /reset password/i }).click();
    await fresh.page.waitForURL(`**/courier/login?api_key=${world.islandCourier.apiKey}`);
    expect(spaPath(fresh.page)).toBe('/login');
    await signInThroughForm(fresh.page, world.customer.email, 'Customer-Pass-9');
    await fresh.page.waitForURL('**/courier/customer/dashboard');
    await fresh.context.close();
    await context.close();
  });
});
