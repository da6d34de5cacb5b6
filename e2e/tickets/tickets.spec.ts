import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MSG } from '../../packages/shared/src/schemas/tickets';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, type World } from '../support/world';

/** A 1×1 PNG: the server judges attachments by their bytes, so it must be a real one. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const SUBJECT = 'Laptop parcel not showing up';
const FIRST_MESSAGE = 'My laptop was delivered to the Miami warehouse on Monday but it is not in my account.';
const REPLY = 'Found it: it was filed under the wrong mailbox. It ships on Friday\'s flight.';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its whole label (Mantine adds an aria-hidden ' *' to required ones). */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

/** The header bell (issue 14: the unread notifications of every type, tickets among them). */
const bellButton = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
/** The number on a bell or sidebar badge ('' when there is none). */
const bellCount = (page: Page) => bellButton(page).textContent().then((text) => (text ?? '').trim());
const asNumber = (text: string) => (text === '' ? 0 : Number(text));
const sidebarBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Support Tickets/ }).getByTestId('nav-unread-badge');

async function signInCustomer(world: World, viewport = undefined as typeof PHONE | undefined) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl, viewport);
  await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
  await signInThroughForm(page, world.customer.email);
  await page.waitForURL('**/courier/customer/dashboard');
  return { context, page };
}

async function signInStaffSide(world: World, portal: 'staff' | 'admin', email: string) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl);
  // The live stream answers with its headers once subscribed: wait for it before anything is written.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events/stream') && response.status() === 200, { timeout: 20_000 });
  await page.goto(`/courier/${portal}/login`);
  await signInThroughForm(page, email);
  await page.waitForURL(`**/courier/${portal}/dashboard`);
  await streamOpen;
  return { context, page };
}

describe('support tickets end to end', () => {
  let world: World;
  let ticketNo = '';
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world.teardown());

  it('a customer opens a ticket; staff see the bell rise without reloading, open it from the bell and reply; the customer is told', async () => {
    // A staff user (branch manager: tickets_view and tickets_reply) waits on the dashboard.
    const staff = await signInStaffSide(world, 'staff', world.manager.email);
    await visible(bellButton(staff.page));
    // The world may already have told them of other things: the ticket adds one.
    const before = asNumber(await bellCount(staff.page));
    // Marks this document: a reload would lose it.
    await staff.page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The customer, in a second browser context, opens a ticket.
    const customer = await signInCustomer(world);
    const nav = customer.page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: /Support Tickets/ }).click();
    await customer.page.waitForURL('**/courier/customer/support-tickets');
    await customer.page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = customer.page.getByRole('dialog', { name: 'New Ticket' });
    await field(dialog, 'Subject').fill(SUBJECT);
    await expect.poll(() => field(dialog, 'Department').locator('option').count()).toBeGreaterThan(1);
    await field(dialog, 'Department').selectOption('Shipping');
    await field(dialog, 'Message').fill(FIRST_MESSAGE);
    const files = dialog.locator('input[type="file"]');
    // The browser refuses a file of the wrong kind at once…
    await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await visible(dialog.getByText(TICKET_MSG.attachmentWrongType));
    // …and the server refuses one that only pretends to be a PDF.
    await files.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text, not a PDF') });
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await visible(dialog.getByText(TICKET_MSG.attachmentWrongType));
    await files.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();

    const heading = customer.page.getByRole('heading', { level: 1, name: new RegExp(`: ${SUBJECT}$`) });
    await visible(heading);
    ticketNo = ((await heading.textContent()) ?? '').split(':')[0]?.trim() ?? '';
    expect(ticketNo).toMatch(/^[A-Z]+-\d+$/);
    expect(new URL(customer.page.url()).searchParams.get('ticket')).toBe(ticketNo);
    await visible(customer.page.getByRole('button', { name: /Download receipt\.png/ }));

    // The staff bell rises through the live stream, long before the 120 s poll, on the same page.
    await expect.poll(async () => asNumber(await bellCount(staff.page)), { timeout: 15_000 }).toBe(before + 1);
    expect(await staff.page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await expect.poll(() => sidebarBadge(staff.page).textContent()).toBe('1 unread');

    // Staff open its notification from the bell: the role's list with ?ticket=NO, which opens the conversation.
    await bellButton(staff.page).click();
    await staff.page.getByRole('menuitem', { name: `New ticket: New ticket ${ticketNo}: ${SUBJECT}` }).click();
    await staff.page.waitForURL(/\/courier\/staff\/support-tickets\/[0-9a-f-]{36}$/);
    await visible(staff.page.getByRole('heading', { level: 1, name: `${ticketNo}: ${SUBJECT}` }));
    await visible(staff.page.getByRole('listitem', { name: 'Customer message from Tanya Campbell' }).getByText(FIRST_MESSAGE));
    // Opening it read it: the counts fall back.
    await expect.poll(async () => asNumber(await bellCount(staff.page))).toBe(before);
    await expect.poll(() => sidebarBadge(staff.page).count()).toBe(0);

    // The customer leaves the conversation for the list, then staff reply.
    await customer.page.getByRole('button', { name: 'All tickets' }).click();
    await visible(customer.page.getByRole('table', { name: 'My Tickets' }).getByText(SUBJECT));
    expect(await sidebarBadge(customer.page).count()).toBe(0);

    await field(staff.page, 'Reply').fill(REPLY);
    await staff.page.getByRole('button', { name: 'Send Reply' }).click();
    await visible(staff.page.getByText(TICKET_MSG.replied));
    await visible(staff.page.getByRole('listitem', { name: /^Staff reply from / }).getByText(REPLY));
    // A staff reply to a pending ticket starts work on it.
    await visible(staff.page.getByText('In Progress', { exact: true }));

    // The customer's badge appears without a reload; the reply is there; reading it clears the badge.
    await expect.poll(() => sidebarBadge(customer.page).textContent(), { timeout: 15_000 }).toBe('1 unread');
    const row = customer.page.getByRole('table', { name: 'My Tickets' }).getByRole('row').filter({ hasText: SUBJECT });
    await visible(row.getByText('New reply'));
    await row.getByRole('button').first().click();
    await visible(customer.page.getByRole('listitem', { name: /^Staff reply from / }).getByText(REPLY));
    await expect.poll(() => sidebarBadge(customer.page).count()).toBe(0);

    // And the reply reached the customer by email, through the real SMTP receiver.
    const email = await world.smtp.waitFor((m) => m.to.includes(world.customer.email) && m.subject.includes(ticketNo));
    expect(email.text).toContain(REPLY);
    expect(email.text).toContain(`/courier/customer/support-tickets?ticket=${ticketNo}`);

    await staff.context.close();
    await customer.context.close();
  });

  it('the staff user without tickets_reply may read the ticket but not answer it', async () => {
    const { context, page } = await signInStaffSide(world, 'staff', world.staff.email);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Support Tickets/ }).click();
    await page.waitForURL('**/courier/staff/support-tickets');
    await page.getByRole('table', { name: 'Tickets' }).getByRole('row').filter({ hasText: SUBJECT }).getByRole('link').first().click();
    await visible(page.getByRole('heading', { level: 1, name: `${ticketNo}: ${SUBJECT}` }));
    expect(await field(page, 'Reply').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Change status' }).count()).toBe(0);
    await context.close();
  });

  it('the admin follows the notification to the ticket, resolves it, and the audit log shows the change', async () => {
    const { context, page } = await signInStaffSide(world, 'admin', world.admin.email);
    // The header bell counts the admin's unread notifications, the new ticket's among them.
    await expect.poll(async () => asNumber(await bellCount(page)), { timeout: 15_000 }).toBeGreaterThan(0);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Notifications', exact: true }).click();
    await page.waitForURL('**/courier/admin/notifications');
    const notification = page.getByRole('table', { name: 'My notifications' }).getByRole('row').filter({ hasText: `New ticket ${ticketNo}` });
    await visible(notification.getByText('New', { exact: true }));
    await notification.getByRole('button').first().click();
    await page.waitForURL(/\/courier\/admin\/support-tickets\/[0-9a-f-]{36}$/);

    // Only the moves allowed from In Progress are offered; the change is shown at once.
    const statusGroup = page.getByRole('group', { name: 'Change status' });
    await visible(statusGroup);
    expect(await statusGroup.getByRole('button').allTextContents()).toEqual(['Mark Resolved', 'Close Ticket']);
    await statusGroup.getByRole('button', { name: 'Mark Resolved' }).click();
    await visible(page.getByText(TICKET_MSG.statusUpdated));
    await expect.poll(() => statusGroup.getByRole('button').allTextContents()).toEqual(['Reopen', 'Close Ticket']);

    // The notification now reads as read; Mark all as read leaves nothing unread.
    await nav.getByRole('link', { name: 'Notifications', exact: true }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'My notifications' }).getByText('Unread', { exact: true }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Audit Logs', exact: true }).click();
    await page.waitForURL('**/courier/admin/audit-logs');
    const log = page.getByRole('table', { name: 'Audit log' });
    const change = log.getByRole('row').filter({ hasText: 'Ticket status changed' }).filter({ hasText: 'resolved' });
    await visible(change);
    expect(await change.first().textContent()).toContain(world.admin.email);
    await context.close();
  });

  it('the admin adds a department in Ticket Settings and the customer can file under it', async () => {
    const admin = await signInStaffSide(world, 'admin', world.admin.email);
    await admin.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Support Tickets/ }).click();
    await admin.page.waitForURL('**/courier/admin/support-tickets');
    await admin.page.getByRole('button', { name: 'Ticket Settings' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Ticket settings' });
    await visible(dialog.getByRole('textbox', { name: 'Department 1', exact: true }));
    const rows = await dialog.getByRole('textbox', { name: /^Department \d+$/ }).count();
    await dialog.getByRole('button', { name: 'Add department' }).click();
    await dialog.getByRole('textbox', { name: `Department ${rows + 1}`, exact: true }).fill('Insurance Claims');
    await dialog.getByRole('switch', { name: /^Email staff about new tickets/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await visible(admin.page.getByText(TICKET_MSG.settingsUpdated));
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await admin.context.close();

    // The customer's New Ticket form lists it; a ticket filed under it says so.
    const customer = await signInCustomer(world);
    await customer.page.goto('/courier/customer/support-tickets');
    await customer.page.getByRole('button', { name: 'New Ticket' }).click();
    const form = customer.page.getByRole('dialog', { name: 'New Ticket' });
    await expect.poll(() => field(form, 'Department').locator('option', { hasText: 'Insurance Claims' }).count()).toBe(1);
    await customer.context.close();
  });

  it('the customer ticket screens fit a 360 px phone', async () => {
    const { context, page } = await signInCustomer(world, PHONE);
    await page.goto(`/courier/customer/support-tickets?ticket=${ticketNo}`);
    await visible(page.getByRole('heading', { level: 1, name: `${ticketNo}: ${SUBJECT}` }));
    await visible(page.getByRole('button', { name: 'Send Reply' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(spaPath(page)).toBe('/customer/support-tickets');
    await context.close();
  });
});
