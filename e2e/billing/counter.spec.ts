import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyParcel } from '../../apps/api/src/modules/pickups/pickup-test-kit';
import { newPage, PHONE, type Viewport } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, type World } from '../support/world';

/** A one-page PDF: the server judges the letter by its bytes. */
const LETTER = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
  + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its whole label (Mantine adds an aria-hidden ' *' to required ones). */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function signIn(world: World, who: 'admin' | 'manager', viewport?: Viewport) {
  const { context, page } = await newPage(world.browser, world.server.baseUrl, viewport);
  const portal = who === 'admin' ? 'admin' : 'staff';
  await page.goto(`/courier/${portal}/login`);
  await signInThroughForm(page, world[who].email);
  await page.waitForURL(`**/courier/${portal}/dashboard`);
  return { context, page };
}

/** A USB scanner types the code and presses Enter into the focused scan field. */
async function scan(page: Page, code: string) {
  const input = page.getByLabel('Scan a label or invoice, or type a mailbox number or name');
  await input.click();
  await input.fill('');
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Signs on the pad with the mouse: a few connected strokes across it. */
async function signWithMouse(page: Page) {
  const pad = page.getByRole('img', { name: /^Signature of the person collecting/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(box.x + box.width * (0.1 + step * 0.035), box.y + box.height * (0.6 - 0.3 * Math.sin(step / 3)), { steps: 2 });
  }
  await page.mouse.up();
  await visible(page.getByRole('img', { name: 'Signature of the person collecting: signed' }));
}

describe('pickup counter', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world?.teardown());

  it('a label scan finds the parcels, the rest is paid in cash, the customer signs with the mouse: parcels collected, receipt emailed', async () => {
    const db = world.server.database.db;
    const paid = await readyParcel(db, world.islandCourier, world.customer.id, { totalCents: 185_000, paidCents: 185_000 });
    const owing = await readyParcel(db, world.islandCourier, world.customer.id, { totalCents: 320_050, paidCents: 100_000 });
    const { context, page } = await signIn(world, 'admin');

    await page.getByRole('navigation').getByRole('link', { name: 'Sign Signature' }).click();
    await page.waitForURL('**/courier/admin/sign-signature');
    await scan(page, owing.pkg.trackingNumber);
    const parcels = page.getByRole('table', { name: 'Parcels ready for pickup' });
    await visible(parcels.getByText(owing.pkg.packageNo));
    await visible(parcels.getByText(paid.pkg.packageNo));
    await visible(page.getByText('Tanya Campbell'));
    await visible(page.getByText('J$2,200.50').first());

    // The rest in cash.
    await page.getByRole('button', { name: 'Take payment' }).click();
    const dialog = page.getByRole('dialog', { name: /^Record payment/ });
    await visible(dialog);
    await expect.poll(() => field(dialog, 'Amount (J$)').inputValue()).toMatch(/^2,?200\.50$/);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => parcels.getByText('Paid').count()).toBe(2);

    await page.getByRole('button', { name: 'Sign and release 2 parcels' }).click();
    await page.waitForURL((url) => url.pathname === `/courier/admin/sign-signature/${owing.invoice!.invoiceNo}` || url.pathname === `/courier/admin/sign-signature/${paid.invoice!.invoiceNo}`);
    // Outside the layout: no sidebar on the signing page.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await visible(page.getByRole('list', { name: 'Parcels being released' }).getByText(owing.pkg.packageNo));
    await page.getByRole('button', { name: 'Confirm and release' }).click();
    await visible(page.getByText('The person collecting must sign'));
    await signWithMouse(page);
    await page.getByRole('button', { name: 'Confirm and release' }).click();

    await visible(page.getByText('2 parcels released'));
    await visible(page.getByText(`Receipt PU-`, { exact: false }));
    const email = await world.smtp.waitFor((mail) => mail.to.includes(world.customer.email) && mail.subject.includes('parcels collected, receipt PU-'));
    expect(email.text).toContain(owing.pkg.packageNo);
    expect(email.text).toContain(paid.pkg.packageNo);
    expect(email.text).toContain('balance due J$0.00');
    expect(email.text).toContain('Collected by: Tanya Campbell (the customer)');

    // Collected: scanning the label again says so.
    await page.getByRole('link', { name: 'Next customer' }).click();
    await scan(page, owing.pkg.packageNo);
    await visible(page.getByText(`${owing.pkg.packageNo} is Collected, not ready for pickup`));
    await context.close();
  });

  it('an authorised person collects for the customer with photo ID and the letter, on a 360 px phone', async () => {
    const db = world.server.database.db;
    const parcel = await readyParcel(db, world.islandCourier, world.customer.id, { totalCents: 90_000, paidCents: 90_000 });
    const { context, page } = await signIn(world, 'manager', PHONE);
    // The spec's /courier/admin form of the path is for admins; staff open their own.
    await page.goto('/courier/staff/sign-signature');
    await scan(page, world.customer.mailboxNumber);
    await visible(page.getByRole('table', { name: 'Parcels ready for pickup' }).getByText(parcel.pkg.packageNo));
    // Only this parcel: others of the customer may be ready too.
    const checkboxes = page.getByRole('checkbox', { name: /^Release / });
    for (let i = 0; i < await checkboxes.count(); i += 1) {
      const box = checkboxes.nth(i);
      const name = await box.getAttribute('aria-label');
      if (name !== `Release ${parcel.pkg.packageNo}` && await box.isChecked()) await box.uncheck();
    }
    await page.getByRole('button', { name: 'Sign and release 1 parcel' }).click();
    await page.waitForURL(`**/courier/staff/sign-signature/${parcel.invoice!.invoiceNo}?packages=${parcel.pkg.id}`);
    expect(spaPath(page)).toBe(`/staff/sign-signature/${parcel.invoice!.invoiceNo}`);

    await page.getByRole('radio', { name: 'An authorised person' }).check();
    await field(page, 'Name of the person collecting').fill('Marcia Campbell');
    await field(page, 'Relationship to the customer').fill('Sister');
    await field(page, 'ID type').selectOption({ label: "Driver's licence" });
    await field(page, 'ID number').fill('DL-554433');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Customer's authorisation letter/ }).click();
    await (await chooser).setFiles({ name: 'authorisation.pdf', mimeType: 'application/pdf', buffer: LETTER });
    await visible(page.getByText('Letter uploaded: authorisation.pdf'));
    await signWithMouse(page);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Confirm and release' }).click();

    await visible(page.getByText('1 parcel released'));
    await visible(page.getByText('Marcia Campbell, Sister', { exact: false }));
    const email = await world.smtp.waitFor((mail) => mail.to.includes(world.customer.email) && mail.text.includes('Marcia Campbell'));
    expect(email.text).toContain("Collected by: Marcia Campbell, Sister, for Tanya Campbell (Driver's licence DL-554433), with the customer's authorisation letter");
    expect(email.text).toContain(parcel.pkg.packageNo);
    await context.close();
  });
});
