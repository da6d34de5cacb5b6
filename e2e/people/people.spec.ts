import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { branches } from '../../apps/api/src/db/schema/index';
import { makeCustomer, uniqueEmail } from '../../apps/api/src/test/factories';
import { linkIn } from '../../apps/api/src/test/smtp-receiver';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, SUPERADMIN, TEST_PASSWORD, type World } from '../support/world';

const NEW_PASSWORD = 'Brand-New-Pass-1';

/** Staff sidebar items and the permission each needs (spec section 2). */
const STAFF_ITEMS: [string, string][] = [
  ['Dashboard', 'dashboard_view'], ['Scan', 'packages_scan'], ['Packages', 'packages_view'], ['Customers', 'customers_view'],
  ['Business Customers', 'customers_business'], ['Staff', 'staff_view'], ['Reports', 'reports_view'],
  ['Packages Delivery Request', 'delivery_requests_view'], ['Unknown Packages', 'packages_unknown'], ['Maniefest', 'manifests_view'],
  ['Reconciliation', 'manifests_reconcile'], ['Invoices', 'invoices_view'], ['Payments', 'payments_view'], ['Uncollected', 'packages_uncollected'],
  ['Support Tickets', 'tickets_view'], ['Signature', 'packages_sign'], ['Settings', 'settings_view'],
];

/** Follows a set-password link from a real email, chooses a password and lands on /login. */
async function setPasswordFromEmail(world: World, to: string) {
  const email = await world.smtp.waitFor((m) => m.to.includes(to));
  const link = linkIn(email);
  expect(link).toContain('/courier/reset-password?token=');
  const { context, page } = await newPage(world.browser, world.server.baseUrl);
  await page.goto(link);
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /reset password/i }).click();
  await page.waitForURL('**/courier/login');
  await context.close();
}

/** Screens load lazily and the machine may be busy: wait up to the page timeout, not vitest's default 1 s. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const toast = (page: Page, text: string) => poll(() => page.getByText(text).first().isVisible()).toBe(true);

describe('the people of the network', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  // One story in two steps: the second uses the courier admin the first one onboards.
  const courier = { name: 'Blue Mountain Freight', adminEmail: uniqueEmail('bmf-admin') };

  it('the super admin creates a courier; its admin sets a password from the email and signs in', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/superadmin/login');
    await signInThroughForm(page, SUPERADMIN.email, SUPERADMIN.password);
    await page.waitForURL('**/courier/superadmin/dashboard');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Couriers', exact: true }).click();
    await page.waitForURL('**/courier/superadmin/couriers');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Couriers' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Courier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Courier' });
    // Required fields are checked in the browser with the shared schema's messages.
    await dialog.getByRole('button', { name: 'Create Courier' }).click();
    await poll(() => dialog.getByText('Courier name is required').isVisible()).toBe(true);
    await dialog.getByLabel('Courier Name').fill(courier.name);
    await dialog.getByLabel('Contact Email').fill('hello@bluemountain.example');
    await dialog.getByLabel('Admin First Name').fill('Marcia');
    await dialog.getByLabel('Admin Last Name').fill('Grant');
    await dialog.getByLabel('Admin Email').fill(courier.adminEmail);
    await dialog.getByRole('button', { name: 'Create Courier' }).click();
    await toast(page, 'Courier created. An invitation was sent to its administrator.');
    await page.waitForURL(/\/courier\/superadmin\/couriers\/[0-9a-f-]{36}$/);
    await poll(() => page.getByRole('heading', { level: 1, name: courier.name }).isVisible()).toBe(true);
    const admins = page.getByRole('region', { name: 'Administrators' });
    await poll(() => admins.getByText(courier.adminEmail).isVisible()).toBe(true);
    await poll(() => admins.getByText('Invitation pending').isVisible()).toBe(true);
    await context.close();

    await setPasswordFromEmail(world, courier.adminEmail);
    const admin = await newPage(world.browser, world.server.baseUrl);
    await admin.page.goto('/courier/admin/login');
    await signInThroughForm(admin.page, courier.adminEmail, NEW_PASSWORD);
    await admin.page.waitForURL('**/courier/admin/dashboard');
    expect(spaPath(admin.page)).toBe('/admin/dashboard');
    await admin.context.close();
  });

  it('that admin creates a role with some permissions and hires a staff member with it, who sees only those items', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, courier.adminEmail, NEW_PASSWORD);
    await page.waitForURL('**/courier/admin/dashboard');

    await page.goto('/courier/admin/roles');
    await page.getByRole('button', { name: 'Create Role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Create Role' });
    await roleDialog.getByLabel('Role Name').fill('Front Desk');
    await roleDialog.getByRole('checkbox', { name: 'View dashboard' }).check();
    await roleDialog.getByRole('group', { name: 'Customers' }).getByRole('checkbox', { name: 'View customers' }).check();
    await roleDialog.getByRole('checkbox', { name: 'My profile' }).check();
    // Module select-all: the Customers box is now partly chosen, not all.
    await poll(() => roleDialog.getByRole('checkbox', { name: 'Select all Customers permissions' }).isChecked()).toBe(false);
    await roleDialog.getByRole('button', { name: 'Create Role' }).click();
    await toast(page, 'Role Front Desk created');
    await page.waitForURL(/\/courier\/admin\/roles\/[0-9a-f-]{36}$/);
    await poll(() => page.getByRole('checkbox', { name: 'View customers' }).isChecked()).toBe(true);
    await poll(() => page.getByRole('checkbox', { name: 'Edit customers' }).isChecked()).toBe(false);

    const staffEmail = uniqueEmail('front-desk');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Staff', exact: true }).click();
    await page.waitForURL('**/courier/admin/staff');
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const staffDialog = page.getByRole('dialog', { name: 'Add Staff' });
    await staffDialog.getByLabel('First Name').fill('Devon');
    await staffDialog.getByLabel('Last Name').fill('Reid');
    await staffDialog.getByLabel('Email').fill(staffEmail);
    await staffDialog.getByLabel('Position').selectOption('staff');
    await staffDialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Front Desk' });
    await staffDialog.getByLabel('Branch').selectOption({ label: 'Head Office' });
    await staffDialog.getByRole('button', { name: 'Add Staff' }).click();
    await toast(page, `Devon Reid added. An invitation to set a password was sent to ${staffEmail}.`);
    await poll(() => page.getByRole('table').getByText(staffEmail).isVisible()).toBe(true);
    await context.close();

    await setPasswordFromEmail(world, staffEmail);
    const staff = await newPage(world.browser, world.server.baseUrl);
    await staff.page.goto('/courier/staff/login');
    await signInThroughForm(staff.page, staffEmail, NEW_PASSWORD);
    await staff.page.waitForURL('**/courier/staff/dashboard');
    const nav = staff.page.getByRole('navigation', { name: 'Main navigation' });
    await poll(() => nav.getByText('Dashboard', { exact: true }).isVisible()).toBe(true);
    const held = new Set(['dashboard_view', 'customers_view', 'settings_view']);
    for (const [label, permission] of STAFF_ITEMS) {
      const count = await nav.getByText(label, { exact: true }).count();
      expect({ label, shown: count > 0 }).toEqual({ label, shown: held.has(permission) });
    }
    // Hiding the item is not the protection: the server refuses the call itself.
    const status = await staff.page.evaluate(async () => {
      const response = await fetch('/api/staff', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return response.status;
    });
    expect(status).toBe(403);
    await nav.getByRole('link', { name: 'Customers', exact: true }).click();
    await staff.page.waitForURL('**/courier/staff/customers');
    await poll(() => staff.page.getByText('No data available').isVisible()).toBe(true);
    await staff.context.close();
  });

  it('the super admin opens a courier\'s customer; "Sign in as": a courier admin\'s session, and the admin a customer\'s', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/superadmin/login');
    await signInThroughForm(page, SUPERADMIN.email, SUPERADMIN.password);
    await page.waitForURL('**/courier/superadmin/dashboard');
    // The super admin opens a courier's customer from that courier's list, and comes back to it.
    await page.goto(`/courier/superadmin/couriers/${world.islandCourier.id}/customers`);
    await page.getByRole('row').filter({ hasText: world.customer.mailboxNumber }).getByRole('link').first().click();
    await page.waitForURL(`**/courier/superadmin/couriers/${world.islandCourier.id}/customers/${world.customer.id}`);
    await poll(() => page.getByRole('heading', { level: 1, name: 'Tanya Campbell' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Courier customers' }).click();
    await page.waitForURL(`**/courier/superadmin/couriers/${world.islandCourier.id}/customers`);

    await page.goto(`/courier/superadmin/couriers/${world.islandCourier.id}`);
    const adminName = `${world.admin.firstName} ${world.admin.lastName}`;
    await page.getByRole('button', { name: `Sign in as ${adminName}` }).click();
    await page.getByRole('dialog', { name: `Sign in as ${adminName}?` }).getByRole('button', { name: 'Sign in as' }).click();
    await page.waitForURL('**/courier/admin/dashboard');
    await toast(page, 'Successfully logged in via impersonation');

    await page.goto(`/courier/admin/customers/${world.customer.id}`);
    await page.getByRole('button', { name: 'Sign in as Tanya Campbell' }).click();
    await page.getByRole('dialog', { name: 'Sign in as Tanya Campbell?' }).getByRole('button', { name: 'Sign in as' }).click();
    await page.waitForURL('**/courier/customer/dashboard');
    await poll(() => page.getByText(world.customer.mailboxNumber).first().isVisible()).toBe(true);
    await context.close();
  });

  describe('the shared data table on /admin/customers, against real rows', () => {
    const FIRST = ['Aaron', 'Beatrice', 'Carlton', 'Dahlia', 'Errol', 'Fiona', 'Garfield', 'Hortense', 'Ian', 'Joy',
      'Kenroy', 'Lorna', 'Marlon', 'Nadine', 'Omar', 'Patrice', 'Quincy', 'Rohan', 'Sasha', 'Trevor',
      'Ucal', 'Vivienne', 'Winston', 'Xavier', 'Yanique', 'Zoe', 'Andre', 'Bianca', 'Conroy', 'Delroy'];
    const LAST = ['Abbott', 'Bailey', 'Clarke', 'Dawkins', 'Ellis', 'Forbes', 'Gordon', 'Henry', 'Irving', 'James',
      'Knight', 'Lindo', 'Morgan', 'Nelson', 'Osbourne', 'Palmer', 'Quest', 'Russell', 'Spencer', 'Thompson',
      'Upton', 'Vaz', 'Walters', 'Xiong', 'Young', 'Zimmerman', 'Allen', 'Brown', 'Chin', 'Dixon'];
    let montegoBay = '';

    beforeAll(async () => {
      const [mobay, ocho] = await world.db.insert(branches).values([
        { courierId: world.islandCourier.id, name: 'Montego Bay', code: 'MBJ' },
        { courierId: world.islandCourier.id, name: 'Ocho Rios', code: 'OCJ' },
      ]).returning();
      if (!mobay || !ocho) throw new Error('branch insert failed');
      montegoBay = mobay.name;
      const branchIds = [world.islandCourier.branch.id, mobay.id, ocho.id];
      // 30 more customers, one per name, spread over three branches (31 with the world's own).
      for (let i = 0; i < FIRST.length; i += 1) {
        await makeCustomer(world.db, world.islandCourier, { firstName: FIRST[i], lastName: LAST[i], branchId: branchIds[i % 3] });
      }
    });

    it('searches (debounced), filters on Apply, clears, sorts, pages and keeps the view on reload', async () => {
      const { context, page } = await newPage(world.browser, world.server.baseUrl);
      const listCalls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/customers') listCalls.push(url.search);
      });
      await page.goto('/courier/admin/login');
      await signInThroughForm(page, world.admin.email);
      await page.waitForURL('**/courier/admin/dashboard');
      await page.goto('/courier/admin/customers');
      const showing = page.getByText(/^Showing \d+–\d+ of \d+$/);
      await poll(() => showing.textContent()).toBe('Showing 1–10 of 31');

      // Search: typing fast sends one request for the whole word, 300 ms after the last key.
      const search = page.getByRole('searchbox', { name: 'Search' });
      listCalls.length = 0;
      await search.pressSequentially('Zimmer', { delay: 40 });
      await poll(() => showing.textContent()).toBe('Showing 1–1 of 1');
      expect([...new Set(listCalls.map((q) => new URLSearchParams(q).get('search')).filter(Boolean))]).toEqual(['Zimmer']);
      expect(new URL(page.url()).searchParams.get('search')).toBe('Zimmer');
      await search.fill('');
      await poll(() => showing.textContent()).toBe('Showing 1–10 of 31');

      // A filter stays pending until Apply, which returns to page 1.
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
      await poll(() => showing.textContent()).toBe('Showing 11–20 of 31');
      await page.getByRole('button', { name: 'Filters' }).click();
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByLabel('Branch', { exact: true }).click();
      await page.getByRole('option', { name: montegoBay }).click();
      expect(new URL(page.url()).searchParams.get('filters')).toBeNull();
      await poll(() => showing.textContent()).toBe('Showing 11–20 of 31');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await poll(() => showing.textContent()).toBe('Showing 1–10 of 10');
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
      const table = page.getByRole('table', { name: 'Data table' });
      const branchCells = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.textContent ?? ''));
      expect(branchCells.every((text) => text.includes('Montego Bay'))).toBe(true);

      // Clear resets search and filters and returns to page 1.
      await filters.getByRole('button', { name: 'Clear' }).click();
      await poll(() => showing.textContent()).toBe('Showing 1–10 of 31');
      expect(new URL(page.url()).searchParams.get('filters')).toBeNull();

      // Sort by name: ascending, then descending.
      const firstRow = () => table.getByRole('row').nth(1).textContent();
      await table.getByRole('button', { name: 'Name', exact: true }).click();
      await poll(() => table.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
      await poll(firstRow).toContain('Aaron Abbott');
      await table.getByRole('button', { name: 'Name', exact: true }).click();
      await poll(firstRow).toContain('Zoe Zimmerman');

      // Rows per page and paging.
      await page.getByLabel('Rows per page').selectOption('25');
      await poll(() => showing.textContent()).toBe('Showing 1–25 of 31');
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
      await poll(() => showing.textContent()).toBe('Showing 26–31 of 31');
      // 26th of 31 names in descending order.
      await poll(firstRow).toContain('Conroy Chin');

      // The URL holds the view: a reload shows the same page, size and order.
      await page.reload();
      await poll(() => showing.textContent()).toBe('Showing 26–31 of 31');
      await poll(firstRow).toContain('Conroy Chin');
      await poll(() => table.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
      await context.close();
    });

    it('at 360 px an admin opens a customer and moves them to another branch', async () => {
      const { context, page } = await newPage(world.browser, world.server.baseUrl, PHONE);
      await page.goto('/courier/admin/login');
      await signInThroughForm(page, world.admin.email);
      await page.waitForURL('**/courier/admin/dashboard');
      await page.goto(`/courier/admin/customers/${world.customer.id}`);
      await poll(() => page.getByRole('heading', { level: 1, name: 'Tanya Campbell' }).isVisible()).toBe(true);
      await poll(() => page.getByText(`ISL ${world.customer.mailboxNumber}`).first().isVisible()).toBe(true);
      await page.getByRole('combobox', { name: /^Home Branch/ }).selectOption({ label: 'Ocho Rios' });
      await page.getByRole('button', { name: 'Change Branch' }).click();
      await toast(page, 'Home branch changed');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.reload();
      await poll(() => page.getByRole('combobox', { name: /^Home Branch/ }).inputValue()).not.toBe(world.islandCourier.branch.id);
      await context.close();
    });
  });
  it('a customer edits their own details and changes their password at /customer/profile', async () => {
    const customer = await makeCustomer(world.db, world.islandCourier, { firstName: 'Kadian', lastName: 'Lewis' });
    const { context, page } = await newPage(world.browser, world.server.baseUrl, PHONE);
    await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(page, customer.email);
    await page.waitForURL('**/courier/customer/dashboard');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/courier/customer/profile');
    await poll(() => page.getByRole('region', { name: 'Mailbox and US addresses' }).getByText(customer.mailboxNumber, { exact: true }).isVisible()).toBe(true);

    const details = page.getByRole('form', { name: 'Profile details' });
    await details.getByLabel('Phone').fill('876-555-0199');
    await details.getByLabel('First Name').fill('');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await poll(() => details.getByText('First name is required').isVisible()).toBe(true);
    await details.getByLabel('First Name').fill('Kadi');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!');
    await page.reload();
    await poll(() => page.getByRole('form', { name: 'Profile details' }).getByLabel('Phone').inputValue()).toBe('876-555-0199');

    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current Password').fill('not-my-password');
    await password.getByLabel(/^New Password/).fill('Customer-New-Pass-7');
    await password.getByLabel('Confirm New Password').fill('Customer-New-Pass-7');
    await password.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Current password is incorrect');
    await password.getByLabel('Current Password').fill(TEST_PASSWORD);
    await password.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password updated successfully!');
    await context.close();

    const again = await newPage(world.browser, world.server.baseUrl);
    await again.page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(again.page, customer.email, 'Customer-New-Pass-7');
    await again.page.waitForURL('**/courier/customer/dashboard');
    await again.context.close();
  });
});
