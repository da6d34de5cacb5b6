import type { Download, Locator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser';
import { setupWorld, signInThroughForm, TEST_PASSWORD, type World } from '../support/world';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its whole label (Mantine adds an aria-hidden ' *' to required ones). */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
/** Nothing sticks out sideways on a phone (a horizontal scrollbar on the page itself). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

let seq = 0;
const newTracking = () => `1Z${String(Date.now()).slice(-8)}${String(++seq).padStart(8, '0')}`;

async function apiSignIn(world: World, email: string): Promise<string> {
  const response = await fetch(`${world.server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: TEST_PASSWORD }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The warehouse receives a parcel through the API (the scan station's receive call). */
async function receive(world: World, token: string, body: Record<string, unknown>) {
  const response = await fetch(`${world.server.baseUrl}/api/packages/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `e2e-manifest-${Date.now()}-${++seq}` },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { package: { id: string; packageNumber: string; trackingNumber: string } }).package;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('manifests end to end', () => {
  let world: World;
  let token = '';
  beforeAll(async () => {
    world = await setupWorld();
    token = await apiSignIn(world, world.admin.email);
  });
  afterAll(() => world?.teardown());

  it('loads a manifest by scanning five labels (one refused with its reason), closes it, exports PDF and XLSX, departs and arrives; the customer is emailed', async () => {
    const mailbox = world.customer.mailboxNumber;
    const air = [
      await receive(world, token, { trackingNumber: newTracking(), weight: 2, mailboxNumber: mailbox, description: 'Shoes', declaredValue: 40 }),
      await receive(world, token, { trackingNumber: newTracking(), weight: 3.5, mailboxNumber: mailbox, description: 'Books', declaredValue: 25.5 }),
      await receive(world, token, { trackingNumber: newTracking(), weight: 1.25, mailboxNumber: mailbox, description: 'Phone case', declaredValue: 10 }),
      await receive(world, token, { trackingNumber: newTracking(), weight: 4, mailboxNumber: mailbox, description: 'Clothes', declaredValue: 60 }),
    ];
    const sea = await receive(world, token, { trackingNumber: newTracking(), weight: 20, mailboxNumber: mailbox, service: 'sea', description: 'Chair' });

    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    await page.goto('/courier/admin/login');
    await signInThroughForm(page, world.admin.email);
    await page.waitForURL('**/courier/admin/dashboard');

    // A new air manifest, from the sidebar.
    await page.getByRole('link', { name: 'Maniefest' }).click();
    await page.getByRole('button', { name: 'New manifest' }).click();
    const form = page.getByRole('dialog', { name: 'New manifest' });
    await field(form, 'Airline').fill('Amerijet');
    await field(form, 'Master air waybill (MAWB)').fill('001-12345676');
    await form.getByRole('button', { name: 'Create manifest' }).click();
    await visible(form.getByText('The master air waybill check digit is wrong: for serial 1234567 the last digit must be 5 (1234567 mod 7), not 6'));
    await field(form, 'Master air waybill (MAWB)').fill('001-12345675');
    await form.getByRole('button', { name: 'Create manifest' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Manifest AIR-\d{4}-\d{4}$/ });
    await visible(heading);
    const number = ((await heading.textContent()) ?? '').replace('Manifest ', '');

    // The scan station in "load manifest" mode: four labels load, the sea parcel is refused with its reason.
    await page.goto('/courier/admin/scan');
    await page.getByText('Load manifest', { exact: true }).click();
    await field(page, 'Open manifest').selectOption({ label: `${number} · AIR · MIA → KIN · 001-12345675` });
    const scan = field(page, 'Scan a package label');
    const scanCode = async (code: string) => {
      await scan.fill(code);
      await scan.press('Enter');
    };
    await scanCode(air[0]!.packageNumber);
    await visible(page.getByText(`${air[0]!.packageNumber}: ${air[0]!.packageNumber} loaded`));
    await scanCode(air[1]!.trackingNumber);
    await visible(page.getByText(`${air[1]!.trackingNumber}: ${air[1]!.packageNumber} loaded`));
    await scanCode(sea.packageNumber);
    const refusal = page.getByRole('alert').filter({ hasText: `Not loaded: ${sea.packageNumber}` });
    await visible(refusal);
    await expect.poll(() => refusal.textContent()).toContain(`${sea.packageNumber} is a SEA package; this is an AIR manifest`);
    await scanCode(air[2]!.packageNumber);
    await visible(page.getByText(`${air[2]!.packageNumber}: ${air[2]!.packageNumber} loaded`));
    await scanCode(air[3]!.packageNumber);
    await visible(page.getByText(`${air[3]!.packageNumber}: ${air[3]!.packageNumber} loaded`));
    await expect.poll(() => page.getByLabel(`Packages on ${number}`).textContent()).toBe('4');
    await expect.poll(() => page.getByLabel(`Weight on ${number}`).textContent()).toBe('10.75 lb');
    await expect.poll(() => page.getByLabel(`Value on ${number}`).textContent()).toBe('US$135.50');

    // Close it from its page.
    await page.goto('/courier/admin/maniefest');
    await page.getByRole('link', { name: number }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Manifest ${number}` }));
    await page.getByRole('button', { name: 'Close manifest' }).click();
    const confirm = (title: string) => page.getByRole('dialog', { name: title });
    await confirm(`Close manifest ${number}?`).getByRole('button', { name: 'Close manifest' }).click();
    await visible(page.getByText('Manifest closed: 4 packages Manifested'));
    await visible(page.getByText('The manifest is sealed: its packages can no longer change.'));

    // Exports: the PDF and the XLSX, read back.
    const exportAs = async (label: string) => {
      await page.getByRole('button', { name: 'Export' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: label }).click();
      return download;
    };
    const pdf = await exportAs('PDF');
    expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
    expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await exportAs('Excel (XLSX)');
    expect(xlsx.suggestedFilename()).toBe(`${number}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await bytesOf(xlsx)) as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Manifest')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.filter((r) => air.some((p) => p.packageNumber === r[1]))).toHaveLength(4);
    expect(rows.find((r) => r[1] === 'TOTAL')?.slice(7, 11)).toEqual([4, 10.75, 12, 135.5]);

    // Depart, then arrive: the customer hears of both.
    await page.getByRole('button', { name: 'Mark departed' }).click();
    await confirm(`Mark departed ${number}?`).getByRole('button', { name: 'Mark departed' }).click();
    await visible(page.getByText('Manifest departed: 4 packages In Transit'));
    await page.getByRole('button', { name: 'Mark arrived' }).click();
    await confirm(`Mark arrived ${number}?`).getByRole('button', { name: 'Mark arrived' }).click();
    await visible(page.getByText('Manifest arrived: 4 packages Arrived'));
    const arrived = await world.smtp.waitFor((m) => m.to.includes(world.customer.email) && m.subject.includes('Arrived: in customs clearance'));
    expect(arrived.subject).toContain('4 packages');
    for (const p of air) expect(arrived.text).toContain(p.packageNumber);
    expect(arrived.text).not.toContain(sea.packageNumber);
    await context.close();

    // The list and the page work on a 360 px phone: nothing sticks out sideways.
    const phone = await newPage(world.browser, world.server.baseUrl, PHONE);
    await phone.page.goto('/courier/admin/login');
    await signInThroughForm(phone.page, world.admin.email);
    await phone.page.waitForURL('**/courier/admin/dashboard');
    await phone.page.goto('/courier/admin/maniefest');
    await visible(phone.page.getByRole('link', { name: number }));
    expect(await fitsWidth(phone.page)).toBe(true);
    await phone.page.getByRole('link', { name: number }).click();
    await visible(phone.page.getByRole('heading', { level: 1, name: `Manifest ${number}` }));
    await visible(phone.page.getByRole('group', { name: 'Totals' }));
    expect(await fitsWidth(phone.page)).toBe(true);
    await phone.context.close();
  });
});
