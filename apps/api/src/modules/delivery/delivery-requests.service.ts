import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DELIVERY_WINDOW_LABELS, formatDeliveryNumber } from '@parceldesk/shared/domain/delivery';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { deliveryFeeLine } from '@parceldesk/shared/domain/pricing';
import { DELIVERY_MSG, type createDeliveryRequestSchema, type scheduleDeliverySchema } from '@parceldesk/shared/schemas/delivery';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  deliveryLocations, deliveryRequestPackages, deliveryRequests, invoicePackages, invoices, packageCharges, packages, paymentAllocations, payments, users,
} from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { billPendingCharges } from '../../lib/invoice-charges';
import { nextNumber } from '../../lib/counters';
import { isUniqueViolation } from '../../lib/pg-errors';
import { assertMove, lockRequest, recordDeliveryEvent, releaseParcels, tellCustomer, touched, type DeliveryRow } from './delivery-history';
import type { DeliveryPorts } from './delivery-ports';

const todayInJamaica = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

function customerOf(actor: Actor): { courierId: string; customerId: string } {
  if (actor.principal.kind !== 'customer' || !actor.principal.courierId) throw notFound();
  return { courierId: actor.principal.courierId, customerId: actor.principal.id };
}

/**
 * POST /delivery-requests: the customer's own parcels, each ready for pickup and on no other open
 * request (locked in id order, then the partial unique index is the backstop), to an address in an
 * active location of their courier. The fee is the location's now; it reaches the invoice when
 * staff schedule the delivery (until then the customer may cancel and nothing was charged).
 */
export async function createDeliveryRequest(tx: Tx, input: { actor: Actor; body: z.output<typeof createDeliveryRequestSchema>; publicUrl: string }): Promise<string> {
  const { actor, body } = input;
  const { courierId, customerId } = customerOf(actor);
  if (body.preferredDate < todayInJamaica()) throw badRequest(DELIVERY_MSG.datePast, { preferredDate: DELIVERY_MSG.datePast });
  const [location] = await tx.select().from(deliveryLocations)
    .where(and(eq(deliveryLocations.courierId, courierId), eq(deliveryLocations.id, body.locationId), eq(deliveryLocations.isActive, true)));
  if (!location) throw badRequest(DELIVERY_MSG.locationInactive, { locationId: DELIVERY_MSG.locationInactive });

  const ids = [...new Set(body.packageIds)].sort();
  const parcels = await tx.select({ id: packages.id, packageNo: packages.packageNo, status: packages.status }).from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, customerId), inArray(packages.id, ids)))
    .orderBy(asc(packages.id)).for('update');
  // Another customer's parcel (or another courier's) is simply not found.
  if (parcels.length !== ids.length) throw notFound();
  const notReady = parcels.find((p) => p.status !== 'ready_for_pickup');
  if (notReady) throw conflict(DELIVERY_MSG.packageNotReady(notReady.packageNo), { packageIds: DELIVERY_MSG.packageNotReady(notReady.packageNo) });
  const [taken] = await tx.select({ packageNo: packages.packageNo, requestNo: deliveryRequests.requestNo }).from(deliveryRequestPackages)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, deliveryRequestPackages.requestId)).innerJoin(packages, eq(packages.id, deliveryRequestPackages.packageId))
    .where(and(inArray(deliveryRequestPackages.packageId, ids), eq(deliveryRequestPackages.live, true))).limit(1);
  if (taken) throw conflict(DELIVERY_MSG.packageOnRequest(taken.packageNo, taken.requestNo), { packageIds: DELIVERY_MSG.packageOnRequest(taken.packageNo, taken.requestNo) });

  const requestNo = formatDeliveryNumber(await nextNumber(tx, courierId, 'delivery_request'));
  const [request] = await tx.insert(deliveryRequests).values({
    courierId, requestNo, customerId, locationId: location.id, address: body.address, phone: body.phone, preferredDate: body.preferredDate,
    notes: body.notes ?? null, feeCents: location.feeCents,
  }).returning();
  if (!request) throw new Error('delivery request insert returned nothing');
  try {
    await tx.insert(deliveryRequestPackages).values(ids.map((packageId) => ({ requestId: request.id, packageId, courierId })));
  } catch (error) {
    if (isUniqueViolation(error, 'delivery_request_packages_live_key')) throw conflict(DELIVERY_MSG.packagesRequired);
    throw error;
  }
  await recordDeliveryEvent(tx, { actor, request, from: null, to: 'requested', action: 'delivery_request.created', details: { packageNos: parcels.map((p) => p.packageNo), feeCents: location.feeCents } });
  await tellCustomer(tx, {
    request, publicUrl: input.publicUrl, title: `Delivery requested: ${requestNo}`,
    body: `We received your request ${requestNo} to deliver ${parcels.map((p) => p.packageNo).join(', ')} to ${body.address} (${location.name}, ${location.parish}) on or after ${body.preferredDate}. Delivery fee: ${formatMoney(location.feeCents)}. We will tell you when it is scheduled.`,
  });
  return request.id;
}

/** POST /delivery-requests/{id}/cancel: the customer's own, while it is only requested. */
export async function cancelDeliveryRequest(tx: Tx, input: { actor: Actor; id: string; publicUrl: string }): Promise<void> {
  const { actor } = input;
  const { customerId } = customerOf(actor);
  const request = await lockRequest(tx, { scope: actor.scope, customerId, id: input.id });
  assertMove(request.status, 'cancelled');
  await tx.update(deliveryRequests).set({ status: 'cancelled', ...touched }).where(eq(deliveryRequests.id, request.id));
  await releaseParcels(tx, request.id);
  await recordDeliveryEvent(tx, { actor, request, from: request.status, to: 'cancelled', action: 'delivery_request.cancelled' });
  await tellCustomer(tx, { request, publicUrl: input.publicUrl, title: `Delivery cancelled: ${request.requestNo}`, body: `Your delivery request ${request.requestNo} was cancelled. Your parcels stay ready for pickup.` });
}

function courierOf(actor: Actor): string {
  if (!actor.scope.courierId) throw notFound();
  return actor.scope.courierId;
}

/** An active staff-side user of the request's courier, or 400 on the driver field. */
async function driverOf(tx: Tx, courierId: string, driverId: string): Promise<{ id: string; name: string }> {
  const [driver] = await tx.select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users)
    .where(and(eq(users.id, driverId), eq(users.courierId, courierId), eq(users.isActive, true), inArray(users.role, ['courier_admin', 'branch_manager', 'staff'])));
  if (!driver) throw badRequest(DELIVERY_MSG.driverInvalid, { driverId: DELIVERY_MSG.driverInvalid });
  return driver;
}

/** The next stop of the driver's run that day. */
async function nextStop(tx: Tx, request: DeliveryRow, driverId: string, date: string): Promise<number> {
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${deliveryRequests.stopOrder}), 0)::int + 1` }).from(deliveryRequests)
    .where(and(eq(deliveryRequests.courierId, request.courierId), eq(deliveryRequests.driverId, driverId), eq(deliveryRequests.scheduledDate, date)));
  return row?.next ?? 1;
}

/**
 * The delivery fee onto an invoice of the request's parcels, through pricing's delivery line and the
 * invoices' own add-line path (an event the customer sees, audit, the customer told). Only an
 * invoice without payments takes new charges (issue 13); when every one has payments the fee is
 * recorded as a `delivery_fee` charge on the first invoiced parcel (one per request, migration
 * 0024) and billed like storage and switching charges (lib/invoice-charges.ts, decision 026): on
 * a supplementary invoice the customer owes. A request whose parcels have no invoice yet keeps
 * the fee pending, shown to the driver as an amount to collect.
 */
async function chargeFee(tx: Tx, input: { actor: Actor; request: DeliveryRow; ports: DeliveryPorts; publicUrl: string }): Promise<string | null> {
  const { request } = input;
  const line = deliveryFeeLine(request.feeCents);
  if (!line || request.feeInvoiceId) return request.feeInvoiceId;
  const hasPayments = sql`exists (select 1 from ${paymentAllocations} pa join ${payments} p on p.id = pa.payment_id where pa.invoice_id = ${invoices.id} and p.status = 'recorded')`;
  const [open] = await tx.select({ invoiceNo: invoices.invoiceNo, packageId: invoicePackages.packageId }).from(deliveryRequestPackages)
    .innerJoin(invoicePackages, and(eq(invoicePackages.packageId, deliveryRequestPackages.packageId), eq(invoicePackages.live, true), eq(invoicePackages.supplementary, false)))
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(deliveryRequestPackages.requestId, request.id), eq(invoices.status, 'unpaid'), eq(invoices.paidCents, 0), sql`not ${hasPayments}`))
    .orderBy(asc(invoices.invoiceNo)).limit(1);
  const [location] = await tx.select({ name: deliveryLocations.name }).from(deliveryLocations).where(eq(deliveryLocations.id, request.locationId));
  if (!open) return billFeeAfterPayment(tx, { ...input, amountCents: line.amountCents, note: `${request.requestNo} to ${location?.name ?? 'delivery location'}` });
  const invoice = await input.ports.addInvoiceLine(tx, {
    actor: input.actor, invoiceNo: open.invoiceNo, courierId: request.courierId, publicUrl: input.publicUrl,
    line: { code: line.code as 'delivery_fee', amountCents: line.amountCents, description: `${line.description}: ${request.requestNo} to ${location?.name ?? 'delivery location'}`, packageId: open.packageId },
  });
  return invoice.id;
}

/** The fee as a pending charge of the first invoiced parcel, billed at once on a supplementary invoice (or null: no parcel is invoiced). */
async function billFeeAfterPayment(tx: Tx, input: { actor: Actor; request: DeliveryRow; publicUrl: string; amountCents: number; note: string }): Promise<string | null> {
  const { request } = input;
  const [invoiced] = await tx.select({ packageId: invoicePackages.packageId }).from(deliveryRequestPackages)
    .innerJoin(invoicePackages, and(eq(invoicePackages.packageId, deliveryRequestPackages.packageId), eq(invoicePackages.live, true), eq(invoicePackages.supplementary, false)))
    .innerJoin(packages, eq(packages.id, deliveryRequestPackages.packageId))
    .where(eq(deliveryRequestPackages.requestId, request.id)).orderBy(asc(packages.packageNo)).limit(1);
  if (!invoiced) return null;
  await tx.insert(packageCharges).values({
    courierId: request.courierId, packageId: invoiced.packageId, kind: 'delivery_fee', amountCents: input.amountCents, note: input.note,
    details: { deliveryRequestId: request.id, requestNo: request.requestNo },
    createdBy: input.actor.principal.kind === 'user' ? input.actor.principal.id : null,
  }).onConflictDoNothing();
  const billed = await billPendingCharges(tx, { actor: input.actor, courierId: request.courierId, packageId: invoiced.packageId, publicUrl: input.publicUrl });
  if (billed) return billed.invoiceId;
  // Billed already (a retry after the charge was recorded): the invoice whose line bills it.
  const [charge] = await tx.select({ invoiceId: packageCharges.invoiceId }).from(packageCharges)
    .where(and(eq(packageCharges.kind, 'delivery_fee'), sql`${packageCharges.details}->>'deliveryRequestId' = ${request.id}`));
  return charge?.invoiceId ?? null;
}

/**
 * POST /delivery-requests/{id}/schedule: approve and schedule (requested → scheduled, the fee
 * charged once), or move the date and window of a scheduled one (a history row, no status change).
 */
export async function scheduleDelivery(tx: Tx, input: { actor: Actor; id: string; body: z.output<typeof scheduleDeliverySchema>; ports: DeliveryPorts; publicUrl: string }): Promise<void> {
  const { actor, body } = input;
  courierOf(actor);
  const request = await lockRequest(tx, { scope: actor.scope, id: input.id });
  const reschedule = request.status === 'scheduled';
  if (!reschedule) assertMove(request.status, 'scheduled');
  const driver = body.driverId ? await driverOf(tx, request.courierId, body.driverId) : null;
  const feeInvoiceId = await chargeFee(tx, { actor, request, ports: input.ports, publicUrl: input.publicUrl });
  const driverId = driver?.id ?? request.driverId;
  const moved = body.date !== request.scheduledDate || driver !== null;
  const stopOrder = driverId && moved ? await nextStop(tx, request, driverId, body.date) : request.stopOrder;
  await tx.update(deliveryRequests).set({ status: 'scheduled', scheduledDate: body.date, timeWindow: body.window, driverId, stopOrder, feeInvoiceId, ...touched })
    .where(eq(deliveryRequests.id, request.id));
  const when = `${body.date}, ${DELIVERY_WINDOW_LABELS[body.window]}`;
  await recordDeliveryEvent(tx, {
    actor, request, from: request.status, to: 'scheduled', note: reschedule ? `Rescheduled to ${when}` : `Scheduled for ${when}`,
    action: reschedule ? 'delivery_request.rescheduled' : 'delivery_request.scheduled', details: { date: body.date, window: body.window, driverId },
  });
  await tellCustomer(tx, {
    request, publicUrl: input.publicUrl, title: `Delivery ${reschedule ? 'rescheduled' : 'scheduled'}: ${request.requestNo}`,
    body: `Your delivery ${request.requestNo} is scheduled for ${when} to ${request.address}. Please have someone there to sign for the parcels.`,
  });
}

/** POST /delivery-requests/{id}/assign: the driver of a scheduled delivery (the next stop of their run that day). */
export async function assignDriver(tx: Tx, input: { actor: Actor; id: string; driverId: string }): Promise<void> {
  const { actor } = input;
  courierOf(actor);
  const request = await lockRequest(tx, { scope: actor.scope, id: input.id });
  if (request.status !== 'scheduled' || !request.scheduledDate) throw conflict(`A driver is assigned to a scheduled delivery; this one is ${request.status.replaceAll('_', ' ')}`);
  const driver = await driverOf(tx, request.courierId, input.driverId);
  if (driver.id === request.driverId) return;
  const stopOrder = await nextStop(tx, request, driver.id, request.scheduledDate);
  await tx.update(deliveryRequests).set({ driverId: driver.id, stopOrder, ...touched }).where(eq(deliveryRequests.id, request.id));
  await recordDeliveryEvent(tx, { actor, request, from: 'scheduled', to: 'scheduled', note: `Driver: ${driver.name} (stop ${stopOrder})`, action: 'delivery_request.assigned', details: { driverId: driver.id, stopOrder } });
}

/** POST /delivery-requests/{id}/reject: staff cannot serve it; the parcels stay ready for pickup. */
export async function rejectDelivery(tx: Tx, input: { actor: Actor; id: string; reason: string; publicUrl: string }): Promise<void> {
  const { actor } = input;
  courierOf(actor);
  const request = await lockRequest(tx, { scope: actor.scope, id: input.id });
  assertMove(request.status, 'rejected');
  await tx.update(deliveryRequests).set({ status: 'rejected', rejectionReason: input.reason, ...touched }).where(eq(deliveryRequests.id, request.id));
  await releaseParcels(tx, request.id);
  await recordDeliveryEvent(tx, { actor, request, from: request.status, to: 'rejected', note: input.reason, action: 'delivery_request.rejected' });
  await tellCustomer(tx, { request, publicUrl: input.publicUrl, title: `Delivery not possible: ${request.requestNo}`, body: `We cannot deliver ${request.requestNo}: ${input.reason}. Your parcels stay ready for pickup.` });
}
