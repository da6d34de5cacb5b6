import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCourier } from '../../apps/api/src/modules/invoices/invoice-test-kit';
import { makeUser } from '../../apps/api/src/test/factories';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

/** The smallest PNG: what a phone screenshot of the bank's confirmation is, by its bytes. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function apiCall<T>(world: World, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const response = await fetch(`${world.server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    body: JSON.stringify(init.body ?? {}),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

describe('payments end to end', () => {
  let world: World;
  let invoiceNo: string;
  beforeAll(async () => {
    world = await setupWorld();
    await priceCourier(world.server.database.pool, world.islandCourier.id);
    // A 2 lb AIR parcel for Tanya, invoiced J$977.50 (J$650 freight, J$230 processing, J$97.50 GCT).
    const { token } = await apiCall<{ token: string }>(world, '/auth/login', { body: { email: world.admin.email, password: TEST_PASSWORD } });
    const received = await apiCall<{ package: { id: string } }>(world, '/packages/receive', {
      token, body: { trackingNumber: `1Z${String(Date.now()).slice(-10)}000077`, weight: 2, mailboxNumber: world.customer.mailboxNumber, description: 'Phone case' },
    });
    const issued = await apiCall<{ issued: { invoiceNumber: string }[] }>(world, '/invoices', {
      token, body: { packageIds: [received.package.id] }, headers: { 'idempotency-key': randomUUID() },
    });
    invoiceNo = issued.issued[0]!.invoiceNumber;
  });
  afterAll(() => world?.teardown());

  it('the customer sends bank-transfer proof, staff verify it, and the customer sees the invoice partially paid', async () => {
    const cashier = await makeUser(world.db, { role: 'staff', courier: world.islandCourier, permissions: ['payments_view', 'payments_manage', 'invoices_view'] });

    // Customer: their invoice → Pay by bank transfer → amount, reference and the screenshot.
    const customer = await newPage(world.browser, world.server.baseUrl);
    await customer.page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
    await signInThroughForm(customer.page, world.customer.email);
    await customer.page.waitForURL('**/courier/customer/dashboard');
    await customer.page.goto(`/courier/customer/invoices/${invoiceNo}`);
    await customer.page.getByRole('button', { name: 'Pay by bank transfer' }).click();
    const dialog = customer.page.getByRole('dialog', { name: `Pay ${invoiceNo} by bank transfer` });
    await visible(dialog);
    await visible(dialog.getByText('Balance due: J$977.50.', { exact: false }));
    await dialog.getByLabel('Amount transferred (J$)').fill('500');
    await dialog.getByLabel('Bank reference').fill('NCB-E2E-0042');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Send proof' }).click();
    await visible(customer.page.getByText('Proof of payment sent. We will let you know once it is checked.'));
    const proofs = customer.page.getByRole('region', { name: 'Bank transfer proofs' });
    await visible(proofs.getByText('Awaiting review'));

    // Staff: Payments → Bank transfer proofs → the proof → Verify and record payment.
    const staff = await newPage(world.browser, world.server.baseUrl);
    await staff.page.goto('/courier/staff/login');
    await signInThroughForm(staff.page, cashier.email);
    await staff.page.waitForURL('**/courier/staff/dashboard');
    await staff.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payments', exact: true }).click();
    await staff.page.getByRole('tab', { name: 'Bank transfer proofs' }).click();
    const queue = staff.page.getByRole('table', { name: 'Bank transfer proofs' });
    const row = queue.getByRole('row').filter({ hasText: invoiceNo });
    await visible(row.getByText('NCB-E2E-0042'));
    await row.getByText(invoiceNo).click();
    const review = staff.page.getByRole('dialog', { name: `Proof for ${invoiceNo}` });
    await visible(review);
    await expect.poll(() => review.getByLabel('Amount received (J$)').inputValue()).toBe('500.00');
    await review.getByRole('button', { name: 'Verify and record payment' }).click();
    await visible(staff.page.getByText(/^Proof verified and payment recorded: RCT-\d{6}$/));
    await visible(row.getByText('Verified'));
    // The payment is in the list, received by the cashier.
    await staff.page.getByRole('tab', { name: 'Payments' }).click();
    const payments = staff.page.getByRole('table', { name: 'Payments' });
    await visible(payments.getByRole('row').filter({ hasText: invoiceNo }).getByText('J$500.00'));
    await staff.context.close();

    // Customer: the invoice is partially paid with J$477.50 left, and the proof says it was recorded.
    await customer.page.reload();
    await visible(customer.page.getByText('Partially Paid'));
    await visible(customer.page.getByRole('region', { name: 'Bank transfer proofs' }).getByText('Verified'));
    await visible(customer.page.getByText(/Recorded as payment RCT-\d{6}/));
    await visible(customer.page.getByText('J$477.50'));
    await customer.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payments', exact: true }).click();
    await visible(customer.page.getByRole('table', { name: 'Payments' }).getByText('J$500.00'));
    await customer.context.close();
  });
});
