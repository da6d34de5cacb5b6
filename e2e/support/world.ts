import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { couriers } from '../../apps/api/src/db/schema/index';
import { makeCourier, makeCustomer, makeUser, TEST_PASSWORD } from '../../apps/api/src/test/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../../apps/api/src/test/smtp-receiver';
import { launchBrowser } from './browser';
import { startServer, SUPERADMIN, type RunningServer } from './server';

export { TEST_PASSWORD, SUPERADMIN };

/** The staff user's partial permission set used by sidebar tests. */
export const PARTIAL_PERMISSIONS = ['dashboard_view', 'customers_view', 'tickets_view', 'settings_view'];

/** A running server with a real SMTP receiver, a browser, and two seeded couriers; `env` adds server settings. */
export async function setupWorld(env: Record<string, string> = {}) {
  const smtp: SmtpReceiver = await startSmtpReceiver();
  const server: RunningServer = await startServer({ SMTP_URL: smtp.url, ...env });
  const browser: Browser = await launchBrowser();
  const db = server.database.db;
  const islandCourier = await makeCourier(db, { name: 'Island Express Courier', supportsMembership: true });
  const otherCourier = await makeCourier(db, { name: 'Kingston Parcel Express' });
  await db.update(couriers).set({ shippingAddressAir: 'Name\n8450 NW 70th Street\nISL {mailbox}\nMiami\nFL\n33166' }).where(eq(couriers.id, islandCourier.id));
  const admin = await makeUser(db, { role: 'courier_admin', courier: islandCourier });
  const manager = await makeUser(db, { role: 'branch_manager', courier: islandCourier });
  const staff = await makeUser(db, { role: 'staff', courier: islandCourier, permissions: PARTIAL_PERMISSIONS });
  // The partial set must be the user's whole set: drop the built-in role's permissions.
  const { users } = await import('../../apps/api/src/db/schema/index');
  await db.update(users).set({ roleId: null }).where(eq(users.id, staff.id));
  const customer = await makeCustomer(db, islandCourier, { firstName: 'Tanya', lastName: 'Campbell' });
  const otherCustomer = await makeCustomer(db, otherCourier, { firstName: 'Andre', lastName: 'Williams' });
  return {
    smtp, server, browser, db, islandCourier, otherCourier, admin, manager, staff, customer, otherCustomer,
    async teardown() {
      await browser.close();
      await server.stop();
      await smtp.close();
    },
  };
}
export type World = Awaited<ReturnType<typeof setupWorld>>;

/** Fills a sign-in form by its labels and submits it. */
export async function signInThroughForm(page: Page, email: string, password = TEST_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The path inside the SPA, e.g. /admin/dashboard. */
export function spaPath(page: Page): string {
  return new URL(page.url()).pathname.replace(/^\/courier/, '');
}
