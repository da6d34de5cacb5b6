import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import { PICKUP_MSG, type CreatePickup } from '@parceldesk/shared/schemas/pickups';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, packageEvents, packages, pickupInvoices, pickupPackages, pickups } from '../../db/schema/index';
import { publishEvent } from '../../events/publish';
import { auditAction, withImpersonation, type Actor } from '../../lib/actor';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { nextNumber } from '../../lib/counters';
import { rememberAnswer, replayOf, requestHash } from '../../lib/idempotency';
import { isUniqueViolation } from '../../lib/pg-errors';
import { enqueueEmail } from '../../mail/outbox';
import { counterCourier, customerInScope, invoicesOfParcels, summariseInvoices, unbilledChargesOfParcels } from './counter-reads';
import { letterForPickup, storeSignature } from './pickup-files';
import { receiptEmail } from './pickup-receipt';
import { getPickup } from './pickup-view';
import { createNotifications } from '../../lib/notifications';

export const PICKUP_ROUTE = 'POST /pickups';
export const formatPickupNumber = (sequence: number) => `PU-${String(sequence).padStart(6, '0')}`;

export interface ReleaseResult {
  pickupId: string;
  statusCode: 200 | 201;
  count: number;
}

/** What stops a parcel leaving unpaid: an open balance on its invoices, or no invoice at all. */
interface Unpaid {
  packageNumber: string;
  message: string;
  balanceCents: number;
}

/**
 * POST /pickups, inside the route's transaction (issue 13, "The pickup counter and signatures"):
 * the parcels (one customer's, ready for pickup, locked in id order so overlapping releases
 * queue instead of deadlocking) become collected with one package event each; the pickup keeps
 * the collector, the signature and the invoices. A parcel with a balance due, or not invoiced,
 * or with charges not invoiced yet (storage days, a switching fee), stops the release (409) unless a courier admin gives a reason: the override is audited. Two
 * releases of one parcel at once: the second waits on the row lock and finds it collected (409);
 * pickup_packages' unique package is the backstop. The receipt email goes through the outbox.
 */
export async function releasePickup(
  tx: DbOrTx,
  input: { actor: Actor; body: CreatePickup; signature: Buffer; idempotencyKey: string | null; publicUrl: string },
): Promise<ReleaseResult> {
  const { actor, body } = input;
  const courierId = counterCourier(actor.scope);
  const key = input.idempotencyKey ? { principalId: actor.principal.id, key: input.idempotencyKey, hash: requestHash(PICKUP_ROUTE, body) } : null;
  if (key) {
    const replay = await replayOf(tx, key);
    if (replay) return { pickupId: replay.resourceId, statusCode: 200, count: body.packageIds.length };
  }

  const ids = [...new Set(body.packageIds)].sort();
  const parcels = await tx.select({
    id: packages.id, packageNo: packages.packageNo, status: packages.status, customerId: packages.customerId, branchId: packages.branchId, receivedBy: packages.receivedBy,
  }).from(packages).where(and(eq(packages.courierId, courierId), inArray(packages.id, ids))).orderBy(asc(packages.id)).for('update');
  if (parcels.length !== ids.length) throw notFound();
  const owners = new Set(parcels.map((parcel) => parcel.customerId));
  const [customerId] = owners;
  if (owners.size !== 1 || !customerId) throw conflict(PICKUP_MSG.oneCustomer);
  const customer = await customerInScope(tx, actor.scope, customerId);
  for (const parcel of parcels) {
    if (parcel.status === 'collected') throw conflict(PICKUP_MSG.alreadyCollected(parcel.packageNo));
    if (parcel.status !== 'ready_for_pickup') throw conflict(PICKUP_MSG.notReady(parcel.packageNo, PACKAGE_STATUS_LABELS[parcel.status]));
  }

  const billed = await invoicesOfParcels(tx, courierId, ids);
  const unbilled = await unbilledChargesOfParcels(tx, ids);
  const unpaid: Unpaid[] = [];
  for (const parcel of [...parcels].sort((a, b) => a.packageNo.localeCompare(b.packageNo))) {
    const own = billed.filter((row) => row.packageId === parcel.id);
    if (own.length === 0) unpaid.push({ packageNumber: parcel.packageNo, message: PICKUP_MSG.notInvoiced(parcel.packageNo), balanceCents: 0 });
    for (const row of own) {
      if (row.balanceCents > 0) unpaid.push({ packageNumber: parcel.packageNo, message: PICKUP_MSG.balanceDue(parcel.packageNo, row.balanceCents, row.invoiceNumber), balanceCents: row.balanceCents });
    }
    const pending = unbilled.get(parcel.id) ?? 0;
    if (pending > 0) unpaid.push({ packageNumber: parcel.packageNo, message: PICKUP_MSG.unbilledCharges(parcel.packageNo, pending), balanceCents: pending });
  }
  const isOverride = unpaid.length > 0;
  if (isOverride) {
    const [first] = unpaid;
    const message = `${first?.message ?? ''}${unpaid.length > 1 ? ` (and ${unpaid.length - 1} more)` : ''}`;
    if (!body.overrideReason) throw new AppError(409, message, undefined, 'pickup.unpaid');
    if (actor.principal.role !== 'courier_admin') throw new AppError(403, PICKUP_MSG.overrideAdminOnly, { overrideReason: PICKUP_MSG.overrideAdminOnly });
  }

  const isAuthorised = body.collectorKind === 'authorised';
  const letter = isAuthorised && body.authorisationLetterFileId ? await letterForPickup(tx, courierId, body.authorisationLetterFileId) : null;
  const pickupNo = formatPickupNumber(await nextNumber(tx, courierId, 'pickup'));
  const signatureFileId = await storeSignature(tx, courierId, input.signature, pickupNo);
  const [courier] = await tx.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, courierId));
  const [contact] = await tx.select({ isActive: customers.isActive }).from(customers).where(eq(customers.id, customerId));
  const emailTo = contact?.isActive && customer.email ? customer.email : null;

  let pickupId: string;
  try {
    const [row] = await tx.insert(pickups).values({
      courierId, pickupNo, customerId, branchId: parcels[0]?.branchId ?? null,
      collectorKind: body.collectorKind,
      collectorName: isAuthorised ? body.collectorName ?? '' : customer.name,
      collectorIdType: isAuthorised ? body.idType ?? null : null,
      collectorIdNumber: isAuthorised ? body.idNumber ?? null : null,
      collectorRelationship: isAuthorised ? body.relationship ?? null : null,
      authorisationLetterFileId: letter?.id ?? null,
      signatureFileId,
      releasedBy: actor.principal.kind === 'user' ? actor.principal.id : null,
      isOverride,
      overrideReason: isOverride ? body.overrideReason ?? null : null,
      overrideBy: isOverride ? actor.principal.id : null,
      receiptEmailedTo: emailTo,
    }).returning({ id: pickups.id });
    if (!row) throw new Error('pickup insert returned nothing');
    pickupId = row.id;
    await tx.insert(pickupPackages).values(ids.map((packageId) => ({ pickupId, packageId, courierId })));
  } catch (error) {
    if (isUniqueViolation(error, 'pickups_letter_key')) throw conflict(PICKUP_MSG.letterInvalid, { authorisationLetterFileId: PICKUP_MSG.letterInvalid });
    if (isUniqueViolation(error, 'pickup_packages_package_key')) throw conflict(PICKUP_MSG.alreadyCollected(parcels[0]?.packageNo ?? ''));
    throw error;
  }
  const { invoices: invoiceList } = summariseInvoices(billed);
  if (invoiceList.length > 0) {
    await tx.insert(pickupInvoices).values(invoiceList.map((invoice) => ({ pickupId, invoiceId: invoice.id, courierId, balanceCentsAtRelease: invoice.balanceCents })));
  }

  await tx.update(packages).set({ status: 'collected', updatedAt: sql`now()` }).where(inArray(packages.id, ids));
  const collector = isAuthorised ? `${body.collectorName ?? ''} (${body.relationship ?? 'authorised person'})` : customer.name;
  await tx.insert(packageEvents).values(parcels.map((parcel) => ({
    courierId, packageId: parcel.id, kind: 'status', status: 'collected' as const,
    note: `Collected by ${collector}, receipt ${pickupNo}`,
    actorType: 'user' as const, actorId: actor.principal.id,
    details: withImpersonation(actor, {
      from: parcel.status, to: 'collected', pickupId, pickupNo, collectorKind: body.collectorKind,
      ...(isOverride ? { override: { reason: body.overrideReason } } : {}),
    }) ?? null,
  })));

  const packageNumbers = parcels.map((parcel) => parcel.packageNo).sort();
  await auditAction(tx, actor, {
    courierId, action: 'pickup.released', targetType: 'pickup', targetId: pickupId,
    details: { pickupNo, customerId, packageNumbers, invoiceNumbers: invoiceList.map((invoice) => invoice.invoiceNumber), collectorKind: body.collectorKind, collectorName: collector },
  });
  if (isOverride) {
    await auditAction(tx, actor, {
      courierId, action: 'pickup.override', targetType: 'pickup', targetId: pickupId,
      details: { pickupNo, reason: body.overrideReason, unpaid: unpaid.map(({ packageNumber, balanceCents }) => ({ packageNumber, balanceCents })) },
    });
  }
  for (const parcel of parcels) {
    await publishEvent(tx, {
      family: 'packages', audience: 'all', courierId, kind: 'package.status', packageId: parcel.id, packageNumber: parcel.packageNo, status: 'collected', customerId,
      branchId: parcel.branchId, receivedBy: parcel.receivedBy,
    });
  }
  await createNotifications(tx, [{
    courierId, customerId, type: 'package.status',
    title: packageNumbers.length === 1 ? `${packageNumbers[0]}: Collected` : `${packageNumbers.length} parcels collected`,
    body: `${packageNumbers.join(', ')} ${packageNumbers.length === 1 ? 'was' : 'were'} collected by ${collector} (receipt ${pickupNo}).`,
    link: '/customer/packages',
  }]);

  if (emailTo) {
    const pickup = await getPickup(tx, actor.scope, pickupId);
    const email = receiptEmail(pickup, courier?.name ?? '');
    await enqueueEmail(tx, { courierId, to: emailTo, subject: email.subject, text: email.text });
  }
  if (key) await rememberAnswer(tx, { ...key, courierId, route: PICKUP_ROUTE, statusCode: 201, outcome: 'released', resourceId: pickupId });
  return { pickupId, statusCode: 201, count: ids.length };
}
