import { and, asc, eq } from 'drizzle-orm';
import type { AllocationRequest } from '@parceldesk/shared/domain/payments';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { PackageStatus } from '@parceldesk/shared/domain/packages';
import { DELIVERY_MSG, type completeDeliverySchema } from '@parceldesk/shared/schemas/delivery';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { deliveryRequestPackages, deliveryRequests, storedFiles } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { CONTENT_TYPES } from '../../lib/file-types';
import type { PreparedPhoto } from '../../lib/photos';
import { auditAction } from '../../lib/actor';
import { assertMove, lockRequest, recordDeliveryEvent, releaseParcels, tellCustomer, touched, type DeliveryRow } from './delivery-history';
import type { DeliveryPorts } from './delivery-ports';
import { collectable } from './delivery-view';

/**
 * The parcels move through the packages' own status path (history row, audit, the customer's
 * package notification), which asks packages_manage of branch managers and staff: said up front,
 * rather than as the package path's "no customer" answer.
 */
function assertMovesParcels(actor: Actor): void {
  const { principal } = actor;
  if (principal.kind !== 'user') throw notFound();
  if ((principal.role === 'staff' || principal.role === 'branch_manager') && !principal.permissions.has('packages_manage')) {
    throw forbidden('Sending parcels out and delivering them also needs the packages_manage permission');
  }
}

async function moveParcels(tx: Tx, input: { actor: Actor; request: DeliveryRow; to: PackageStatus; note: string; ports: DeliveryPorts; publicUrl: string }) {
  const rows = await tx.select({ packageId: deliveryRequestPackages.packageId }).from(deliveryRequestPackages)
    .where(and(eq(deliveryRequestPackages.requestId, input.request.id), eq(deliveryRequestPackages.live, true))).orderBy(asc(deliveryRequestPackages.packageId));
  for (const row of rows) {
    await input.ports.changePackageStatus(tx, { actor: input.actor, packageId: row.packageId, change: { status: input.to, note: input.note, location: null }, publicUrl: input.publicUrl });
  }
}

/**
 * Money taken at the door pays the invoices of the parcels delivered and the request's delivery-fee
 * invoice (not the customer's oldest elsewhere), invoice by invoice in number order; more than
 * they owe is refused.
 */
async function allocationsFor(tx: Tx, request: DeliveryRow, collectedCents: number): Promise<AllocationRequest[]> {
  const { owed, dueCents: due } = await collectable(tx, request);
  const balances = [...owed].filter(([, invoice]) => invoice.balanceCents > 0);
  if (collectedCents > due) throw badRequest(DELIVERY_MSG.collectedTooMuch(due), { collectedCents: DELIVERY_MSG.collectedTooMuch(due) });
  let left = collectedCents;
  const out: AllocationRequest[] = [];
  for (const [invoiceId, invoice] of balances.sort((a, b) => a[1].invoiceNo.localeCompare(b[1].invoiceNo))) {
    if (left === 0) break;
    const amountCents = Math.min(left, invoice.balanceCents);
    out.push({ invoiceId, amountCents });
    left -= amountCents;
  }
  return out;
}

/** POST /delivery-requests/{id}/out-for-delivery: scheduled → out_for_delivery, with a driver; the parcels too. */
export async function sendOut(tx: Tx, input: { actor: Actor; id: string; ports: DeliveryPorts; publicUrl: string }): Promise<void> {
  const { actor } = input;
  assertMovesParcels(actor);
  const request = await lockRequest(tx, { scope: actor.scope, id: input.id });
  assertMove(request.status, 'out_for_delivery');
  if (!request.driverId) throw conflict(DELIVERY_MSG.driverNeeded, { driverId: DELIVERY_MSG.driverNeeded });
  await moveParcels(tx, { ...input, request, to: 'out_for_delivery', note: `Delivery ${request.requestNo}` });
  await tx.update(deliveryRequests).set({ status: 'out_for_delivery', ...touched }).where(eq(deliveryRequests.id, request.id));
  await recordDeliveryEvent(tx, { actor, request, from: request.status, to: 'out_for_delivery', action: 'delivery_request.out_for_delivery' });
  await tellCustomer(tx, { request, publicUrl: input.publicUrl, title: `Out for delivery: ${request.requestNo}`, body: `Your delivery ${request.requestNo} is on its way to ${request.address} today.` });
}

/**
 * POST /delivery-requests/{id}/deliver: out_for_delivery → delivered with the recipient's name and
 * signature (checked and stored as at the pickup counter); the parcels delivered; money taken at
 * the door recorded by the payments' own recordPayment (allocated oldest invoice first, receipt
 * emailed), all in one transaction.
 */
export async function completeDelivery(tx: Tx, input: { actor: Actor; id: string; body: z.output<typeof completeDeliverySchema>; signature: Buffer | null; ports: DeliveryPorts; publicUrl: string }): Promise<void> {
  const { actor, body } = input;
  assertMovesParcels(actor);
  const request = await lockRequest(tx, { scope: actor.scope, id: input.id });
  assertMove(request.status, 'delivered');
  // Proof: the signature sent now, or the photo taken at the door (POST .../photo), or both.
  if (!input.signature && !request.photoFileId) throw badRequest(DELIVERY_MSG.proofRequired, { signature: DELIVERY_MSG.proofRequired });
  const [file] = input.signature ? await tx.insert(storedFiles).values({
    courierId: request.courierId, kind: 'delivery_signature', fileName: `signature-${request.requestNo}.png`, contentType: CONTENT_TYPES.png, sizeBytes: input.signature.length, data: input.signature,
  }).returning({ id: storedFiles.id }) : [];
  await moveParcels(tx, { ...input, request, to: 'delivered', note: `Delivery ${request.requestNo}: received by ${body.recipientName}` });
  let payment: { paymentId: string; paymentNo: string } | null = null;
  if (body.collectedCents > 0) {
    payment = await input.ports.recordPayment(tx, {
      actor, customerId: request.customerId, method: body.paymentMethod, reference: request.requestNo, amountCents: body.collectedCents,
      allocations: await allocationsFor(tx, request, body.collectedCents), note: `Collected on delivery ${request.requestNo}`, idempotencyKey: null, publicUrl: input.publicUrl,
    });
  }
  await tx.update(deliveryRequests).set({
    status: 'delivered', recipientName: body.recipientName, signatureFileId: file?.id ?? null, paymentId: payment?.paymentId ?? null, collectedCents: body.collectedCents,
    deliveredAt: new Date(), ...touched,
  }).where(eq(deliveryRequests.id, request.id));
  await releaseParcels(tx, request.id);
  await recordDeliveryEvent(tx, {
    actor, request, from: request.status, to: 'delivered', note: `Received by ${body.recipientName}${payment ? `; ${formatMoney(body.collectedCents)} collected (${payment.paymentNo})` : ''}${body.note ? `; ${body.note}` : ''}`,
    action: 'delivery_request.delivered', details: { recipientName: body.recipientName, collectedCents: body.collectedCents, paymentNo: payment?.paymentNo ?? null },
  });
  await tellCustomer(tx, {
    request, publicUrl: input.publicUrl, title: `Delivered: ${request.requestNo}`,
    body: `Your delivery ${request.requestNo} was delivered to ${request.address} and received by ${body.recipientName}.${payment ? ` We received ${formatMoney(body.collectedCents)} (payment ${payment.paymentNo}).` : ''} Thank you for shipping with us.`,
  });
}

/**
 * POST /delivery-requests/{id}/photo: the photo taken at the door (already judged by its bytes and
 * resized by lib/photos, before the transaction), kept as the request's proof of delivery while it
 * is out for delivery. A second photo replaces the first; "delivered" then needs no signature.
 */
export async function addDeliveryPhoto(tx: Tx, input: { actor: Actor; id: string; photo: PreparedPhoto }): Promise<void> {
  const { actor, photo } = input;
  assertMovesParcels(actor);
  const request = await lockRequest(tx, { scope: actor.scope, id: input.id });
  if (request.status !== 'out_for_delivery') throw conflict(DELIVERY_MSG.photoNotOut, { photo: DELIVERY_MSG.photoNotOut });
  const [file] = await tx.insert(storedFiles).values({
    courierId: request.courierId, kind: 'delivery_photo', fileName: photo.fileName, contentType: photo.contentType, sizeBytes: photo.data.length, data: photo.data,
  }).returning({ id: storedFiles.id });
  await tx.update(deliveryRequests).set({ photoFileId: file?.id ?? null, ...touched }).where(eq(deliveryRequests.id, request.id));
  await auditAction(tx, actor, {
    courierId: request.courierId, action: 'delivery_request.photo_added', targetType: 'delivery_request', targetId: request.id,
    details: { requestNo: request.requestNo, fileId: file?.id ?? null, width: photo.width, height: photo.height, bytes: photo.data.length },
  });
}

/** POST /delivery-requests/{id}/fail: out_for_delivery → failed with the reason; the parcels back to ready_for_pickup. */
export async function failDelivery(tx: Tx, input: { actor: Actor; id: string; reason: string; ports: DeliveryPorts; publicUrl: string }): Promise<void> {
  const { actor } = input;
  assertMovesParcels(actor);
  const request = await lockRequest(tx, { scope: actor.scope, id: input.id });
  assertMove(request.status, 'failed');
  await moveParcels(tx, { ...input, request, to: 'ready_for_pickup', note: `Delivery ${request.requestNo} failed: ${input.reason}` });
  await tx.update(deliveryRequests).set({ status: 'failed', failureReason: input.reason, ...touched }).where(eq(deliveryRequests.id, request.id));
  await releaseParcels(tx, request.id);
  await recordDeliveryEvent(tx, { actor, request, from: request.status, to: 'failed', note: input.reason, action: 'delivery_request.failed' });
  await tellCustomer(tx, {
    request, publicUrl: input.publicUrl, title: `Delivery not completed: ${request.requestNo}`,
    body: `We could not complete delivery ${request.requestNo}: ${input.reason}. Your parcels are back at the branch, ready for pickup; you can request delivery again.`,
  });
}
