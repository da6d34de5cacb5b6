import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../packages/shared/src/messages';
import { rangeOverlapMessage, SETTINGS_MSG } from '../../packages/shared/src/schemas/settings';
import { startSmtpReceiver } from '../../apps/api/src/test/smtp-receiver';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';
import { expectToast, poll, field, openTab, reloadOnTab, signInAdmin } from './settings-page';

const AIR = ['Island Express', '8450 NW 70th Street', 'Suite {mailbox}', 'Miami', 'FL', '33166'];
const BANK = ['Bank: National Commercial Bank', 'Account name: Island Express Ltd', 'Account number: 404-112-233'];

describe('courier admin Settings: each tab saves and survives a reload', () => {
  let world: World;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());
  // Each test signs in afresh, so a dialog left open by one cannot block the next.
  beforeEach(async () => {
    ({ context, page } = await signInAdmin(world.browser, world.server.baseUrl, world.admin.email));
  });
  afterEach(() => context.close());

  const value = (label: string) => field(page, label).inputValue();

  it('0. company info and shipping addresses', async () => {
    await openTab(page, 'Company Info');
    await poll(() => value('Courier Name')).toBe('Island Express Courier');
    expect(await field(page, 'Courier Code').getAttribute('readonly')).not.toBeNull();
    await field(page, 'Courier Name').fill('Island Express Couriers Ltd');
    await field(page, 'First Name').fill('Marcia');
    await page.getByRole('button', { name: 'Save Company Info' }).click();
    await expectToast(page, SETTINGS_MSG.companyUpdated);
    // The header and title follow the new name without a reload.
    await poll(() => page.title()).toBe('Island Express Couriers Ltd');

    await field(page, 'AIR Address').fill(AIR.join('\n'));
    await field(page, 'SEA Address').fill('Island Express\n1 Port Road\nBox {mailbox}');
    await page.getByRole('button', { name: 'Save Addresses' }).click();
    // The message names the first missing line.
    await poll(() => page.getByText('The SEA address is missing its City line').isVisible()).toBe(true);
    await field(page, 'SEA Address').fill('');
    await page.getByRole('button', { name: 'Save Addresses' }).click();
    await expectToast(page, SETTINGS_MSG.addressesUpdated);

    await reloadOnTab(page, 'Company Info');
    await poll(() => value('Courier Name')).toBe('Island Express Couriers Ltd');
    expect(await value('First Name')).toBe('Marcia');
    expect(await value('AIR Address')).toBe(AIR.join('\n'));
  });

  it('1. shipping rates: create, edit, delete with confirmation', async () => {
    await openTab(page, 'Shipping Rates');
    const table = page.getByRole('table', { name: 'Shipping rates' });
    for (const [weight, cost] of [['1 lb', '650'], ['2 lbs', '1000']] as const) {
      await page.getByRole('button', { name: '+ Create Rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Rate' });
      await field(dialog, 'Weight').fill(weight);
      await field(dialog, 'Cost').fill(cost);
      await dialog.getByRole('button', { name: 'Create Rate' }).click();
      await poll(() => table.getByRole('row').filter({ hasText: weight }).count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Edit rate 2 lbs' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Rate' });
    await field(edit, 'Cost').fill('1150.5');
    await field(edit, 'Status').selectOption('INACTIVE');
    await edit.getByRole('button', { name: 'Update Rate' }).click();
    await expectToast(page, SETTINGS_MSG.rateUpdated);

    await page.getByRole('button', { name: 'Delete rate 1 lb' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Rate' });
    await poll(() => confirm.getByText(SETTINGS_MSG.confirmDeleteRate).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, SETTINGS_MSG.rateDeleted);

    await reloadOnTab(page, 'Shipping Rates');
    const row = table.getByRole('row').filter({ hasText: '2 lbs' });
    await poll(() => row.textContent()).toContain('1,150.50');
    expect(await row.textContent()).toContain('INACTIVE');
    expect(await table.getByRole('row').filter({ hasText: '1 lb' }).count()).toBe(0);
  });

  it('2. additional fees', async () => {
    await openTab(page, 'Additional Fees');
    // The Jamaican standard rate until the courier changes it (issue 4).
    await poll(() => value('GCT (%)')).toBe('15');
    await field(page, 'GCT (%)').fill('101');
    await page.getByRole('button', { name: 'Update Shipping Fees' }).click();
    await poll(() => page.getByText(SETTINGS_MSG.gctRange).isVisible()).toBe(true);
    await field(page, 'GCT (%)').fill('16.5');
    await field(page, 'Unknown Fee').fill('500');
    await field(page, 'Uncollected Fee').fill('300.25');
    await field(page, 'Switching Fee').fill('200');
    await page.getByRole('button', { name: 'Update Shipping Fees' }).click();
    await expectToast(page, SETTINGS_MSG.feesUpdated);
    await reloadOnTab(page, 'Additional Fees');
    await poll(() => value('GCT (%)')).toBe('16.5');
    expect([await value('Unknown Fee'), await value('Uncollected Fee'), await value('Switching Fee')]).toEqual(['500', '300.25', '200']);
  });

  it('3. processing fees, and an overlapping range is refused on the field', async () => {
    await openTab(page, 'Processing Fees');
    const create = async (range: string, fee: string) => {
      await page.getByRole('button', { name: '+ Create Fee' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Processing Fee' });
      await field(dialog, 'Weight Range').fill(range);
      await field(dialog, 'Fee').fill(fee);
      await dialog.getByRole('button', { name: 'Create Fee' }).click();
      return dialog;
    };
    await create('1lb to 10lbs', '250');
    await expectToast(page, SETTINGS_MSG.processingFeeCreated);
    const dialog = await create('5lbs to 20lbs', '400');
    await poll(() => dialog.getByText(rangeOverlapMessage('1lb to 10lbs')).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await reloadOnTab(page, 'Processing Fees');
    const row = page.getByRole('table', { name: 'Processing fees' }).getByRole('row').filter({ hasText: '1lb to 10lbs' });
    await poll(() => row.textContent()).toContain('250.00');
    expect(await page.getByRole('row').filter({ hasText: '5lbs to 20lbs' }).count()).toBe(0);
  });

  it('4. bank details, shown line by line to the customer', async () => {
    await openTab(page, 'Bank Details');
    await field(page, 'Bank Transfer Details').fill(BANK.join('\n'));
    const preview = page.getByRole('region', { name: 'Customer preview' });
    await poll(() => preview.getByText(BANK[2]!, { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save Bank Details' }).click();
    await expectToast(page, SETTINGS_MSG.bankUpdated);
    await reloadOnTab(page, 'Bank Details');
    await poll(() => value('Bank Transfer Details')).toBe(BANK.join('\n'));

    const customer = await newPage(world.browser, world.server.baseUrl);
    await customer.page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(customer.page, world.customer.email);
    await customer.page.waitForURL('**/courier/customer/dashboard');
    const card = customer.page.getByRole('region', { name: 'Bank transfer details' });
    for (const line of BANK) await poll(() => card.getByText(line, { exact: true }).isVisible()).toBe(true);
    await customer.context.close();
  });

  it('5. email configuration, with a real test email', async () => {
    const smtp = await startSmtpReceiver({ auth: { user: 'mailer', pass: 'smtp-secret-1' } });
    try {
      await openTab(page, 'Email Configuration');
      await field(page, 'SMTP Host').fill('127.0.0.1');
      await field(page, 'SMTP Port').fill(String(smtp.port));
      await field(page, 'SMTP User').fill('mailer');
      await field(page, 'SMTP Password').fill('smtp-secret-1');
      await field(page, 'From Email').fill('no-reply@island.test');
      await field(page, 'From Name').fill('Island Express');
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      await expectToast(page, SETTINGS_MSG.emailConfigSaved);

      await reloadOnTab(page, 'Email Configuration');
      await poll(() => value('SMTP Host')).toBe('127.0.0.1');
      expect(await value('SMTP Port')).toBe(String(smtp.port));
      expect(await value('SMTP Password')).toBe(''); // never sent back to the browser
      expect(await page.getByText('A password is saved. Leave empty to keep it.').isVisible()).toBe(true);

      await page.getByRole('button', { name: 'Send Test Email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
      await dialog.getByRole('button', { name: 'Send Test Email' }).click();
      await poll(() => dialog.getByText(SETTINGS_MSG.testEmailRequired).isVisible()).toBe(true);
      await field(dialog, 'Test Email Address').fill('ops@island.test');
      await dialog.getByRole('button', { name: 'Send Test Email' }).click();
      await expectToast(page, 'Test email sent to ops@island.test');
      const email = await smtp.waitFor((e) => e.to.includes('ops@island.test'));
      expect(email.user).toBe('mailer'); // sent with the stored (encrypted) password
    } finally {
      await smtp.close();
    }
  });

  it('7. change password: wrong current password, then a real change', async () => {
    await openTab(page, 'Change Password');
    const fill = async (current: string, next: string) => {
      await field(page, 'Current Password').fill(current);
      await field(page, 'New Password').fill(next);
      await field(page, 'Confirm New Password').fill(next);
      await page.getByRole('button', { name: 'Update Password' }).click();
    };
    await fill('not-my-password', 'Brand-New-Pass-7');
    await expectToast(page, MSG.currentPasswordIncorrect);
    await fill(TEST_PASSWORD, 'Brand-New-Pass-7');
    await expectToast(page, MSG.passwordUpdated);
    await poll(() => value('Current Password')).toBe('');

    // The new password is the one that signs in now.
    const fresh = await newPage(world.browser, world.server.baseUrl);
    await fresh.page.goto('/courier/admin/login');
    await signInThroughForm(fresh.page, world.admin.email, 'Brand-New-Pass-7');
    await fresh.page.waitForURL('**/courier/admin/dashboard');
    await fresh.context.close();
  });
});

describe('Settings on a 360 px phone', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it('the tab list scrolls sideways and every tab can be reached, without the page overflowing', async () => {
    const { context, page } = await signInAdmin(world.browser, world.server.baseUrl, world.admin.email, PHONE);
    await page.goto('/courier/admin/settings');
    const list = page.getByRole('tablist', { name: 'Settings sections' });
    await poll(() => list.isVisible()).toBe(true);
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // A tab opened from the URL is scrolled into sight, so the user sees where they are.
    await page.goto('/courier/admin/settings?tab=6');
    const rateSheet = page.getByRole('tab', { name: 'Rate Sheet' });
    await poll(async () => {
      const box = await rateSheet.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 360;
    }).toBe(true);
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await poll(() => page.getByRole('button', { name: 'Update Password' }).isVisible()).toBe(true);
    // Keyboard: arrow keys move between tabs.
    await page.getByRole('tab', { name: 'Change Password' }).press('ArrowLeft');
    await poll(() => page.getByRole('tab', { name: 'Rate Sheet' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
