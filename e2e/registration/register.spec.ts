import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { setupWorld, type World } from '../support/world';

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

async function fillPersonalContactAddress(page: Page, email: string) {
  await choose(page, 'Title', 'Ms.');
  await page.getByLabel('First Name').fill('Shanice');
  await page.getByLabel('Last Name').fill('Morgan');
  await page.getByLabel('TRN').fill('123-456-789');
  await next(page);
  await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await page.getByLabel('Phone').fill('876-555-0199');
  await page.getByLabel('Password', { exact: true }).fill('Sunshine-2026');
  await page.getByLabel('Confirm Password').fill('Sunshine-2026');
  await next(page);
  await page.getByLabel('Street Address').fill('14 Barbican Road');
  await choose(page, 'Parish', 'St. Andrew');
  await page.getByLabel('City').fill('Kingston');
  await choose(page, 'Branch', 'Head Office');
}

describe('customer registration wizard', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it('has 4 steps for a courier without membership, validates each step, and lands on the dashboard', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/register?api_key=${world.otherCourier.apiKey}`);
    await expect.poll(() => page.getByText('Kingston Parcel Express').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Membership', { exact: true }).count()).toBe(0);
    await page.getByLabel('Individual').check();
    await next(page);
    // An empty step does not advance and says why.
    await next(page);
    await expect.poll(() => page.getByText('Please fill in all required fields correctly').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('First name is required').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Title is required for individual accounts').isVisible()).toBe(true);
    // A field's error clears when it is edited.
    await page.getByLabel('First Name').fill('S');
    await expect.poll(() => page.getByText('First name is required').count()).toBe(0);

    const email = `shanice.${Date.now()}@example.com`;
    await fillPersonalContactAddress(page, email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/courier/customer/dashboard', { timeout: 15_000 });
    await expect.poll(() => page.getByText(new RegExp(`${world.otherCourier.code}-\\d{6}`)).first().isVisible()).toBe(true);
    // The welcome email with the mailbox number arrives.
    const welcome = await world.smtp.waitFor((m) => m.to.includes(email));
    expect(welcome.subject).toMatch(new RegExp(`${world.otherCourier.code}-\\d{6}`));
    await context.close();
  });

  it('has 5 steps with membership for a courier that supports it; Previous goes back', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/register?api_key=${world.islandCourier.apiKey}`);
    await expect.poll(() => page.getByText('Membership', { exact: true }).first().isVisible()).toBe(true);
    await page.getByLabel('Business').check();
    await next(page);
    await page.getByLabel('Student').check();
    await next(page);
    // The business-name input shows for Business accounts (the spec's quirk fixed).
    await expect.poll(() => page.getByLabel('Business Name').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => page.getByLabel('Student').isChecked()).toBe(true);
    await next(page);
    await page.getByLabel('Business Name').fill('Morgan Imports Ltd');
    await page.getByLabel('First Name').fill('Shanice');
    await page.getByLabel('Last Name').fill('Morgan');
    await page.getByLabel('TRN').fill('123-456-789');
    await next(page);
    const email = `morgan.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('876-555-0198');
    await page.getByLabel('Password', { exact: true }).fill('Sunshine-2026');
    await page.getByLabel('Confirm Password').fill('Sunshine-2027');
    await next(page);
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Confirm Password').fill('Sunshine-2026');
    await next(page);
    await page.getByLabel('Street Address').fill('3 Port Royal Street');
    await choose(page, 'Parish', 'Kingston');
    await page.getByLabel('City').fill('Kingston');
    await choose(page, 'Branch', 'Head Office');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/courier/customer/dashboard', { timeout: 15_000 });
    await expect.poll(() => page.getByText('Business Account').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Morgan Imports Ltd').first().isVisible()).toBe(true);
    await context.close();
  });

  it('a duplicate email within the courier lands on the email field', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto(`/courier/register?api_key=${world.islandCourier.apiKey}`);
    await page.getByLabel('Individual').check();
    await next(page);
    await page.getByLabel('Standard').check();
    await next(page);
    await fillPersonalContactAddress(page, world.customer.email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('An account with this email already exists').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
    await context.close();
  });
});
