import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, type Viewport } from '../support/browser';
import { signInThroughForm } from '../support/world';

/**
 * expect.poll with room for a loaded 2-core machine (its default gives up after 1 s). Every wait
 * is for something the user would see; none is a fixed sleep.
 */
export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** The eight tabs of spec section 2, in order: the index is the ?tab= value. */
export const TABS = [
  'Company Info', 'Shipping Rates', 'Additional Fees', 'Processing Fees', 'Bank Details', 'Email Configuration', 'Rate Sheet', 'Change Password',
] as const;
export type TabName = (typeof TABS)[number];

/** A courier admin signed in through /admin/login. */
export async function signInAdmin(browser: Browser, baseUrl: string, email: string, viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, baseUrl, viewport);
  await page.goto('/courier/admin/login');
  await signInThroughForm(page, email);
  await page.waitForURL('**/courier/admin/dashboard');
  return { context, page };
}

/** Opens a tab by clicking it, as a user would, and checks the URL keeps it. */
export async function openTab(page: Page, name: TabName) {
  if (!page.url().includes('/admin/settings')) {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/courier/admin/settings**');
  }
  await page.getByRole('tab', { name, exact: true }).click();
  await poll(() => new URL(page.url()).searchParams.get('tab')).toBe(String(TABS.indexOf(name)));
}

/** Reloads and checks the same tab is still the open one. */
export async function reloadOnTab(page: Page, name: TabName) {
  await page.reload();
  await poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
}

export async function expectToast(page: Page, text: string) {
  await poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A form field by its whole label. Mantine appends an aria-hidden ' *' to required labels, which
 * Playwright's exact label match still sees, so the asterisk is allowed here.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}
