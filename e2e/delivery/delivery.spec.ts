import { PDFParse } from 'pdf-parse';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLocations } from '../../apps/api/src/db/schema/index';
import { readyParcel } from '../../apps/api/src/modules/pickups/pickup-test-kit';
import { newPage, PHONE, type Viewport } from '../support/browser';
import { setupWorld, signInThroughForm, type World } from '../support/world';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its whole label (Mantine adds an aria-hidden ' *' to required ones). */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function signInCustomer(world: World, viewport?: Viewport) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl, viewport);
  await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
  await signInThroughForm(page, world.customer.email);
  await page.waitForURL('**/courier/customer/dashboard');
  return { context, page };
}

async function signInAdmin(world: World) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl);
  await page.goto('/courier/admin/login');
  await signInThroughForm(page, world.admin.email);
  await page.waitForURL('**/courier/admin/dashboard');
  return { context, page };
}

/** Signs on the pad with the mouse: a few connected strokes across it. */
async function signWithMouse(page: Page) {
  const pad = page.getByRole('img', { name: /^Recipient's signature/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(box.x + box.width * (0.1 + step * 0.035), box.y + box.height * (0.6 - 0.3 * Math.sin(step / 3)), { steps: 2 });
  }
  await page.mouse.up();
  await visible(page.getByRole('img', { name: "Recipient's signature: signed" }));
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Jamaica' });

describe('delivery requests', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world?.teardown());

  it('a customer requests delivery on a phone → staff schedule, assign, print the run sheet, mark delivered with a drawn signature → the customer sees Delivered', async () => {
    const db = world.server.database.db;
    const parcel = await readyParcel(db, world.islandCourier, world.customer.id, { totalCents: 250_000 });
    await db.insert(deliveryLocations).values({ courierId: world.islandCourier.id, name: 'Half Way Tree', parish: 'St. Andrew', feeCents: 150_000 });

    // The customer, on a 360 px phone.
    const customer = await signInCustomer(world, PHONE);
    const cp = customer.page;
    await cp.goto('/courier/customer/delivery-requests');
    await cp.getByRole('button', { name: 'Request delivery' }).first().click();
    const form = cp.getByRole('form', { name: 'Request delivery' });
    await visible(form.getByText(parcel.pkg.packageNo, { exact: false }));
    await form.getByRole('checkbox', { name: new RegExp(escapeRegExp(parcel.pkg.packageNo)) }).check();
    await field(form, 'Delivery location').selectOption({ label: 'Half Way Tree, St. Andrew (J$1,500.00)' });
    await visible(form.getByText('Delivery fee: J$1,500.00', { exact: false }));
    await field(form, 'Address').fill('12 Hope Road, Kingston 6');
    await field(form, 'Phone number').fill('876-555-0123');
    await field(form, 'Preferred date').fill(tomorrow());
    expect(await fitsWidth(cp)).toBe(true);
    await form.getByRole('button', { name: 'Request delivery' }).click();
    await visible(cp.getByText(/Delivery requested: DR-\d{6}/));
    const table = cp.getByRole('table', { name: 'Your delivery requests' });
    await visible(table.getByText('Requested'));
    const requestNo = (await table.getByRole('button', { name: /^DR-\d{6}$/ }).first().textContent())?.trim() ?? '';
    expect(requestNo).toMatch(/^DR-\d{6}$/);

    // Staff (the courier admin) schedule it, assign themselves, print the run sheet, send it out.
    const admin = await signInAdmin(world);
    const ap = admin.page;
    await ap.getByRole('navigation').getByRole('link', { name: 'Packages Delivery Request' }).click();
    await ap.waitForURL('**/courier/admin/delivery-requests');
    await ap.getByRole('table', { name: 'Delivery requests' }).getByRole('button', { name: requestNo }).click();
    const dialog = ap.getByRole('dialog', { name: 'Delivery request' });
    await visible(dialog.getByText(parcel.pkg.packageNo));
    const schedule = dialog.getByRole('form', { name: 'Approve and schedule' });
    await field(schedule, 'Delivery date').fill(tomorrow());
    await field(schedule, 'Time window').selectOption('morning');
    await field(schedule, 'Driver').selectOption({ label: 'Test courier_admin' });
    await schedule.getByRole('button', { name: 'Schedule delivery' }).click();
    await visible(dialog.getByText(`J$1,500.00 on invoice ${parcel.invoice!.invoiceNo}`));
    await visible(dialog.getByText('Test courier_admin (stop 1)'));
    await visible(dialog.getByText('J$4,000.00').first());
    await ap.keyboard.press('Escape');

    await field(ap, 'Run date').fill(tomorrow());
    const sheet = ap.waitForResponse((response) => response.url().includes('/api/delivery-requests/run-sheet'));
    await ap.getByRole('button', { name: 'Print run sheet' }).click();
    const response = await sheet;
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The page read the body into its blob; the same request again, with the page's own token, for the text.
    const bytes = await ap.evaluate(async (url) => {
      const answer = await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
      return Array.from(new Uint8Array(await answer.arrayBuffer()));
    }, response.url());
    const text = await pdfText(Buffer.from(bytes));
    expect(text).toContain(`Stop 1: ${requestNo}`);
    expect(text).toContain(parcel.pkg.packageNo);
    expect(text).toContain('Amount to collect: J$4,000.00');
    await visible(ap.getByText('Run sheet ready'));

    await ap.getByRole('table', { name: 'Delivery requests' }).getByRole('button', { name: requestNo }).click();
    await dialog.getByRole('button', { name: 'Mark out for delivery' }).click();
    const delivered = dialog.getByRole('form', { name: 'Delivered' });
    await visible(delivered);
    await delivered.getByRole('button', { name: 'Mark delivered' }).click();
    await visible(dialog.getByText("The recipient's signature or a photo is required"));
    await signWithMouse(ap);
    await delivered.getByRole('button', { name: 'Mark delivered' }).click();
    await visible(dialog.getByText('Received by'));
    await visible(dialog.getByText(/J\$4,000\.00 \(payment RCT-\d+\)/));

    // The customer sees every step, and is told by email.
    await cp.reload();
    await visible(cp.getByRole('table', { name: 'Your delivery requests' }).getByText('Delivered'));
    await cp.getByRole('table', { name: 'Your delivery requests' }).getByRole('button', { name: requestNo }).click();
    const mine = cp.getByRole('dialog', { name: 'Delivery request' });
    const history = mine.getByRole('list', { name: 'History' });
    for (const step of ['Requested', 'Scheduled', 'Out for Delivery', 'Delivered']) await visible(history.getByText(step, { exact: true }));
    const email = await world.smtp.waitFor((mail) => mail.to.includes(world.customer.email) && mail.subject.includes(`Delivered: ${requestNo}`));
    expect(email.text).toContain('received by Tanya Campbell');
    await admin.context.close();
    await customer.context.close();
  });
});
