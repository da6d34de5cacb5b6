import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Jimp } from 'jimp';
import type { Database } from '../../db/client';
import { courierCounters, invoicePackages, invoices, packages, users } from '../../db/schema/index';
import type { App } from '../../app';
import { makeCourier, makeCustomer, makeUser, signIn, type TestCourier } from '../../test/factories';

/** A courier with an admin, a counter clerk (packages_sign), a clerk without it and two customers. */
export async function counterWorld(app: App, db: Database) {
  const courier = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const clerk = await makeUser(db, { role: 'staff', courier, permissions: ['packages_sign', 'packages_view'] });
  const noSign = await makeUser(db, { role: 'staff', courier, permissions: ['packages_view'] });
  await db.update(users).set({ roleId: null }).where(eq(users.id, noSign.id));
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Counter' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Counter' });
  return {
    courier, admin, clerk, tanya, andre,
    as: {
      admin: (await signIn(app, admin)).headers,
      clerk: (await signIn(app, clerk)).headers,
      noSign: (await signIn(app, noSign)).headers,
    },
  };
}
export type CounterWorld = Awaited<ReturnType<typeof counterWorld>>;

async function next(db: Database, courierId: string, kind: string) {
  const [row] = await db.insert(courierCounters).values({ courierId, kind, lastNo: 1 })
    .onConflictDoUpdate({ target: [courierCounters.courierId, courierCounters.kind], set: { lastNo: sql`${courierCounters.lastNo} + 1` } })
    .returning({ lastNo: courierCounters.lastNo });
  return row!.lastNo;
}

/**
 * A parcel of the customer at the given status and, unless `totalCents` is null, its invoice
 * (INV-…) with `paidCents` already paid: the state the invoicing and payment code leaves.
 */
export async function readyParcel(db: Database, courier: TestCourier, customerId: string, options: { totalCents?: number | null; paidCents?: number; status?: 'ready_for_pickup' | 'in_transit' | 'collected' } = {}) {
  const number = await next(db, courier.id, 'package');
  const [pkg] = await db.insert(packages).values({
    courierId: courier.id, packageNo: `${courier.code.toUpperCase()}-P-${String(number).padStart(7, '0')}`, trackingNumber: `1Z${String(randomInt(1, 2 ** 47)).padStart(16, '0')}`,
    carrier: 'ups', status: options.status ?? 'ready_for_pickup', customerId, branchId: courier.branch.id, weight: 3, volumetricDivisor: 166, chargeableWeight: 3,
    description: 'Running shoes',
  }).returning();
  const totalCents = options.totalCents === undefined ? 250_000 : options.totalCents;
  if (totalCents === null) return { pkg: pkg!, invoice: null };
  const paidCents = options.paidCents ?? 0;
  const status = paidCents === 0 ? 'unpaid' : paidCents >= totalCents ? 'paid' : 'partially_paid';
  const gctCents = Math.round(totalCents * 0.1);
  const [invoice] = await db.insert(invoices).values({
    courierId: courier.id, customerId, branchId: courier.branch.id, invoiceNo: `INV-${String(await next(db, courier.id, 'invoice')).padStart(6, '0')}`,
    status, subtotalCents: totalCents - gctCents, gctCents, totalCents, paidCents, pricingSnapshot: {},
  }).returning();
  await db.insert(invoicePackages).values({ invoiceId: invoice!.id, packageId: pkg!.id, courierId: courier.id });
  await db.update(packages).set({ invoiceId: invoice!.id }).where(eq(packages.id, pkg!.id));
  return { pkg: pkg!, invoice: invoice! };
}

/** Pays an invoice in full, as recording a payment at the counter would. */
export async function payInFull(db: Database, invoiceId: string) {
  await db.update(invoices).set({ paidCents: sql`${invoices.totalCents}`, status: 'paid' }).where(eq(invoices.id, invoiceId));
}

/** A signature as the pad sends it: a PNG data URL with a few strokes of ink on white. */
export async function signatureDataUrl(options: { blank?: boolean } = {}): Promise<string> {
  const image = new Jimp({ width: 240, height: 90, color: 0xffffffff });
  if (!options.blank) {
    for (let x = 20; x < 220; x += 1) {
      const y = Math.round(45 + 25 * Math.sin(x / 15));
      for (let d = -1; d <= 1; d += 1) image.setPixelColor(0x111111ff, x, y + d);
    }
  }
  const png = await image.getBuffer('image/png');
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A tiny PDF letter for multipart uploads. */
export const LETTER_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
