import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../apps/api/src/test/smtp-receiver';
import { makeCustomer } from '../../apps/api/src/test/factories';
import { readyParcel } from '../../apps/api/src/modules/pickups/pickup-test-kit';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

/** Issue 14: a batch email to "parcels ready" reaches exactly those customers, with a live progress bar; its unsubscribe link works. */
describe('batch emails through a real SMTP receiver', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  }, 120_000);
  afterAll(() => world?.teardown());

  it('the admin sends to customers with parcels ready; exactly they get it, and the progress bar fills live', async () => {
    const { db, islandCourier, otherCourier } = world;
    const marcia = await makeCustomer(db, islandCourier, { firstName: 'Marcia', lastName: 'Ready' });
    const devon = await makeCustomer(db, islandCourier, { firstName: 'Devon', lastName: 'Ready' });
    const optedOut = await makeCustomer(db, islandCourier, { firstName: 'Olive', lastName: 'Optout', marketingEmails: false });
    const elsewhere = await makeCustomer(db, otherCourier, { firstName: 'Kemar', lastName: 'Other' });
    for (const customer of [marcia, devon, optedOut]) await readyParcel(db, islandCourier, customer.id, { totalCents: null });
    await readyParcel(db, otherCourier, elsewhere.id, { totalCents: null });
    await readyParcel(db, islandCourier, world.customer.id, { totalCents: null, status: 'in_transit' });

    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    await page.getByRole('link', { name: 'Batch Emails' }).first().click();
    await page.waitForURL('**/courier/admin/batch-emails');

    await page.getByRole('textbox', { name: 'Subject' }).fill('Your parcel is ready, {{firstName}}');
    await page.getByRole('textbox', { name: /^Message/ }).fill('Hello {{firstName}}, a parcel for mailbox {{mailbox}} is waiting at {{courierName}}.');
    await page.getByRole('combobox', { name: 'Send to' }).selectOption('parcels_ready');
    await expect.poll(() => page.getByTestId('audience-count').textContent()).toContain('Reaches 2 customers');
    await page.getByRole('button', { name: 'Send to 2 customers' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();

    await expect.poll(() => page.getByRole('progressbar', { name: 'Sending progress: 2 of 2 sent' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('batch-counts').textContent()).toBe('2 sent · 0 queued · 0 failed · 0 skipped · 2 of 2 done');

    const batchMail = () => world.smtp.received.filter((m) => m.subject.startsWith('Your parcel is ready'));
    await expect.poll(() => batchMail().length).toBe(2);
    expect(batchMail().flatMap((m) => m.to).sort()).toEqual([devon.email, marcia.email].sort());
    const toMarcia = batchMail().find((m) => m.to.includes(marcia.email))!;
    expect(toMarcia.subject).toBe('Your parcel is ready, Marcia');
    expect(toMarcia.text).toContain(`Hello Marcia, a parcel for mailbox ${marcia.mailboxNumber} is waiting at Island Express Courier.`);

    // The unsubscribe link works without signing in.
    const link = linkIn(toMarcia);
    expect(link).toContain('/courier/unsubscribe?token=');
    const visitor = await newPage(world.browser, world.server.baseUrl);
    await visitor.page.goto(link);
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => visitor.page.getByRole('heading', { name: 'Unsubscribed from Island Express Courier' }).isVisible()).toBe(true);
    await visitor.context.close();

    // Honoured at once: the same audience now reaches one customer.
    await page.reload();
    await page.getByRole('combobox', { name: 'Send to' }).selectOption('parcels_ready');
    await expect.poll(() => page.getByTestId('audience-count').textContent()).toContain('Reaches 1 customer ');
    await context.close();
  }, 120_000);
});
