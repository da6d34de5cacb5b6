import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatInvoiceNumber } from '@parceldesk/shared/domain/billing';
import type { PaymentDetail } from '@parceldesk/shared/schemas/payments';
import type { Database } from '../../db/client';
import { emailOutbox, invoices, users } from '../../db/schema/index';
import { nextNumber } from '../../lib/counters';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

/**
 * Test helper: an invoice as the invoices feature issues it (numbered from the courier's counter),
 * so payments can be tested on their own. `issuedAt` orders the oldest-first allocation.
 */
export async function insertInvoice(db: Database, courier: TestCourier, customerId: string, totalCents: number, issuedAt = new Date(), invoiceNo?: string) {
  invoiceNo ??= formatInvoiceNumber(await nextNumber(db, courier.id, 'invoice'));
  const [row] = await db.insert(invoices).values({
    courierId: courier.id, customerId, branchId: courier.branch.id, invoiceNo, subtotalCents: totalCents, totalCents, pricingSnapshot: {}, issuedAt,
  }).returning();
  if (!row) throw new Error('invoice insert failed');
  return row;
}

export async function invoiceRow(db: Database, id: string) {
  const [row] = await db.select({ status: invoices.status, paidCents: invoices.paidCents, balanceCents: invoices.balanceCents }).from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function emailsTo(db: Database, to: string) {
  return db.select({ subject: emailOutbox.subject, text: emailOutbox.textBody }).from(emailOutbox).where(eq(emailOutbox.toAddress, to));
}

/**
 * Courier A with an admin, a cashier (payments_view and payments_manage), a clerk who may only
 * view payments, and customers Tanya and Andre; courier B with its own admin, customer and invoice.
 */
export async function paymentWorld(t: TestApp) {
  const db = t.database.db;
  const courier = await makeCourier(db);
  const other = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const cashier = await makeUser(db, { role: 'staff', courier, permissions: ['payments_view', 'payments_manage'] });
  const viewer = await makeUser(db, { role: 'staff', courier, permissions: ['payments_view'] });
  // Only their own permissions: no built-in role behind them.
  for (const user of [cashier, viewer]) await db.update(users).set({ roleId: null }).where(eq(users.id, user.id));
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Brown' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Reid' });
  const otherAdmin = await makeUser(db, { role: 'courier_admin', courier: other });
  const otherCustomer = await makeCustomer(db, other);
  return {
    courier, other, admin, cashier, tanya, andre, otherCustomer,
    // A number courier A never reaches in these tests: naming it finds nothing of A's.
    otherInvoice: await insertInvoice(db, other, otherCustomer.id, 50_000, new Date(), 'INV-900001'),
    as: {
      admin: (await signIn(t.app, admin)).headers,
      cashier: (await signIn(t.app, cashier)).headers,
      viewer: (await signIn(t.app, viewer)).headers,
      otherAdmin: (await signIn(t.app, otherAdmin)).headers,
      superAdmin: (await signIn(t.app, await makeUser(db, { role: 'super_admin' }))).headers,
      tanya: (await signInCustomer(t.app, tanya, courier.apiKey)).headers,
      andre: (await signInCustomer(t.app, andre, courier.apiKey)).headers,
    },
  };
}
export type PaymentWorld = Awaited<ReturnType<typeof paymentWorld>>;

/** POST /payments with a fresh (or given) Idempotency-Key. */
export function pay(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.app.inject({ method: 'POST', url: '/api/payments', headers: { ...headers, 'idempotency-key': key }, payload: body });
}

export const paymentOf = (response: { json: <T>() => T }) => response.json<PaymentDetail>();
