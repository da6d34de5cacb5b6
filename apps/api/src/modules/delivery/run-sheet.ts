import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DELIVERY_WINDOW_LABELS, DELIVERY_WINDOWS, type DeliveryWindow } from '@parceldesk/shared/domain/delivery';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, deliveryLocations, deliveryRequests, users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { openPdf } from '../../lib/pdf-fonts';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';
import { collectable } from './delivery-view';

const A4: [number, number] = [595.28, 841.89];
const M = 40;

export interface RunStop {
  requestNo: string; customerName: string; mailboxNumber: string; phone: string; address: string; location: string;
  window: DeliveryWindow; driverName: string | null; parcels: { packageNumber: string; description: string | null }[]; amountDueCents: number;
}

/**
 * The stops of a day (one driver's, or everyone's): scheduled or out for delivery, in window order,
 * then the driver's stop order, then request number.
 */
export async function runStops(db: DbOrTx, scope: TenantScope, input: { date: string; driverId?: string | undefined }): Promise<{ courierName: string; driverName: string | null; stops: RunStop[] }> {
  if (!scope.courierId) throw notFound();
  const windowOrder = sql`array_position(array[${sql.join(DELIVERY_WINDOWS.map((w) => sql`${w}`), sql`, `)}]::text[], ${deliveryRequests.timeWindow})`;
  const rows = await db.select({
    id: deliveryRequests.id, requestNo: deliveryRequests.requestNo, feeInvoiceId: deliveryRequests.feeInvoiceId, phone: deliveryRequests.phone, address: deliveryRequests.address, window: deliveryRequests.timeWindow,
    customerName: sql<string>`coalesce(nullif(${customers.businessName}, ''), ${customers.firstName} || ' ' || ${customers.lastName})`, mailboxNumber: customers.mailboxNumber,
    location: sql<string>`${deliveryLocations.name} || ', ' || ${deliveryLocations.parish}`,
    driverName: sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${deliveryRequests.driverId})`,
  }).from(deliveryRequests)
    .innerJoin(customers, eq(customers.id, deliveryRequests.customerId))
    .innerJoin(deliveryLocations, eq(deliveryLocations.id, deliveryRequests.locationId))
    .where(and(
      tenantWhere(deliveryRequests, scope), eq(deliveryRequests.scheduledDate, input.date),
      inArray(deliveryRequests.status, ['scheduled', 'out_for_delivery']),
      input.driverId ? eq(deliveryRequests.driverId, input.driverId) : undefined,
    ))
    .orderBy(windowOrder, sql`${deliveryRequests.stopOrder} nulls last`, asc(deliveryRequests.requestNo));
  const stops: RunStop[] = [];
  for (const row of rows) {
    const { feeInvoiceId, ...stop } = row;
    const { parcels, dueCents } = await collectable(db, { id: row.id, feeInvoiceId });
    stops.push({ ...stop, window: stop.window ?? 'morning', mailboxNumber: stop.mailboxNumber ?? '', parcels: parcels.map((p) => ({ packageNumber: p.packageNumber, description: p.description })), amountDueCents: dueCents });
  }
  const [courier] = await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, scope.courierId));
  let driverName: string | null = null;
  if (input.driverId) {
    const [driver] = await db.select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(and(eq(users.id, input.driverId), eq(users.courierId, scope.courierId)));
    // Another courier's user is not found, as any other id.
    if (!driver) throw notFound();
    driverName = driver.name;
  }
  return { courierName: courier?.name ?? '', driverName, stops };
}

/** GET /delivery-requests/run-sheet: one A4 sheet (or more) the driver carries: the stops in order, parcels, amount to collect, a line to sign. */
export function renderRunSheetPdf(input: { courierName: string; date: string; driverName: string | null; stops: readonly RunStop[] }): Promise<Buffer> {
  const { doc, bytes } = openPdf(`Run sheet ${input.date}`, { size: A4, margin: M });
  const width = A4[0] - 2 * M;
  doc.font('Bold').fontSize(18).text(input.courierName, M, M, { width });
  doc.font('Bold').fontSize(14).text(`Delivery run sheet: ${input.date}${input.driverName ? `, driver ${input.driverName}` : ''}`, { width });
  const total = input.stops.reduce((sum, stop) => sum + stop.amountDueCents, 0);
  doc.font('Regular').fontSize(10).text(`${input.stops.length} stop${input.stops.length === 1 ? '' : 's'}; to collect ${formatMoney(total)}`, { width });
  doc.moveDown(0.8);
  if (input.stops.length === 0) doc.font('Regular').fontSize(11).text('No deliveries scheduled.', { width });
  input.stops.forEach((stop, index) => {
    if (doc.y > A4[1] - 170) doc.addPage();
    doc.font('Bold').fontSize(12).text(`Stop ${index + 1}: ${stop.requestNo}   ${DELIVERY_WINDOW_LABELS[stop.window]}`, M, doc.y, { width });
    doc.font('Regular').fontSize(10)
      .text(`${stop.customerName} (mailbox ${stop.mailboxNumber})   Phone ${stop.phone}`, { width })
      .text(`${stop.address}, ${stop.location}`, { width });
    if (!input.driverName) doc.text(`Driver: ${stop.driverName ?? 'not assigned'}`, { width });
    for (const parcel of stop.parcels) doc.text(`   • ${parcel.packageNumber}${parcel.description ? `  ${parcel.description}` : ''}`, { width });
    doc.font('Bold').text(`Amount to collect: ${formatMoney(stop.amountDueCents)}`, { width });
    doc.font('Regular').fontSize(9).fillColor('#555').text('Received by (name and signature): ______________________________', { width }).fillColor('#000');
    doc.moveDown(0.8);
  });
  doc.end();
  return bytes;
}
