import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, WEBHOOK_MSG } from '../../packages/shared/src/schemas/webhooks';
import { startWebhookReceiver } from '../../apps/api/src/modules/webhooks/webhook-receiver';
import { verifyWebhook } from '../../apps/api/src/modules/webhooks/webhook-signing';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';

const visible = (locator: Locator, timeout = 20_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
/** Nothing sticks out sideways on a phone (a horizontal scrollbar on the page itself). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Issue 17, Settings → Webhooks in a browser: a courier admin subscribes a local receiver (loopback
 * allowed by ALLOW_PRIVATE_WEBHOOKS, as the API tests do), copies the secret shown once, and follows
 * deliveries in the log: delivered (HTTP 200), failed when the receiver fails, delivered again by Resend.
 */
describe('webhooks tab end to end', () => {
  let world: World;
  let failing = false;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let adminToken = '';
  let trackingSeq = 0;

  beforeAll(async () => {
    // Fast queue for the test: poll often, one retry a second later, then failed.
    world = await setupWorld({ ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_POLL_MS: '200', WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_LIMIT: '1' });
    receiver = await startWebhookReceiver({ answer: () => (failing ? 503 : 200) });
    const response = await fetch(`${world.server.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: world.admin.email, password: TEST_PASSWORD }),
    });
    adminToken = ((await response.json()) as { token: string }).token;
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await world?.teardown();
  });

  /** The warehouse receives a parcel for the world's customer through the API: a package.received event. */
  const receive = async () => {
    const response = await fetch(`${world.server.baseUrl}/api/packages/receive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ trackingNumber: `1Z${String(Date.now()).slice(-8)}${String(++trackingSeq).padStart(8, '0')}`, mailboxNumber: world.customer.mailboxNumber, weight: 2.5 }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  };

  /** Signs the admin in and opens Settings → Webhooks (from the sidebar on a desktop; on a phone the sidebar is a drawer, so by address). */
  const openWebhooksTab = async (page: Page, { viaSidebar = true } = {}) => {
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');
    if (viaSidebar) await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    else await page.goto('/courier/admin/settings');
    await page.waitForURL('**/courier/admin/settings**');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
  };

  it('adds an endpoint, shows its secret once, and follows a delivery, a failure and a resend in the log', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await openWebhooksTab(page);

    const form = page.getByRole('form', { name: 'Add webhook' });
    await form.getByLabel(/^Endpoint URL/).fill(receiver.url);
    await form.getByLabel('Description').fill('Local receiver');
    await form.getByRole('checkbox', { name: /\(package\.received\)/ }).check();
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await visible(page.getByText(WEBHOOK_MSG.created));

    // The secret, once.
    const shown = page.getByRole('status').filter({ hasText: 'Signing secret (shown once)' });
    await visible(shown.getByLabel('Signing secret'));
    const secret = (await shown.getByLabel('Signing secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Hide the secret' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);

    const card = page.getByRole('article', { name: `Webhook ${receiver.url}` });
    await visible(card);
    await card.getByRole('button', { name: 'Delivery log' }).click();
    await visible(card.getByText(/No deliveries yet/));

    // An event: delivered, signed with the secret the page showed.
    await receive();
    const log = card.getByRole('table', { name: 'Delivery log' });
    const rows = log.getByRole('row').filter({ hasText: 'package.received' });
    await visible(rows.filter({ hasText: 'Delivered' }).getByText('HTTP 200'));
    const first = receiver.received[0]!;
    expect(verifyWebhook({
      secret, body: first.body,
      timestamp: first.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string, signature: first.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
    })).toBe(true);

    // The receiver fails: after its retry the log shows the failure and the receiver's answer.
    failing = true;
    await receive();
    const failed = rows.filter({ hasText: 'Failed' });
    await visible(failed.getByText('HTTP 503'), 30_000);
    const failedEventId = receiver.received[receiver.received.length - 1]!.headers[WEBHOOK_HEADERS.id.toLowerCase()];

    // It recovers; Resend delivers the same event.
    failing = false;
    await failed.getByRole('button', { name: /^Resend/ }).click();
    await visible(page.getByText(WEBHOOK_MSG.resent));
    await expect.poll(() => rows.filter({ hasText: 'Delivered' }).count(), { timeout: 20_000 }).toBe(2);
    expect(await rows.filter({ hasText: 'Failed' }).count()).toBe(0);
    const last = receiver.received[receiver.received.length - 1]!;
    expect(last.headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe(failedEventId);
    await context.close();
  }, 150_000);

  it('is usable at 360 px: the form and the endpoint fit the screen', async () => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl, PHONE);
    await openWebhooksTab(page, { viaSidebar: false });
    await visible(page.getByRole('article', { name: `Webhook ${receiver.url}` }));
    await visible(page.getByRole('button', { name: 'Add Webhook' }));
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  }, 90_000);
});
