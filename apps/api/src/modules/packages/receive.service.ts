import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  canonicalTracking, formatPackageNumber, guessCarrier, normaliseMailbox, packageWeights, trackingMatchKeys,
} from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, type ReceiveOutcome, type ReceivePackageInput } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx, Tx } from '../../db/client';
import { branches, couriers, customers, packageFiles, packages, preAlerts } from '../../db/schema/index';
import { auditAction, courierForNewRow, type Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { nextNumber } from '../../lib/counters';
import { announcePackage, recordPackageEvent } from './package-history';
import { replayOf, rememberAnswer, requestHash } from '../../lib/idempotency';
import { amountToCents } from './package-view';

export interface ReceiveResult {
  statusCode: 200 | 201;
  outcome: ReceiveOutcome;
  packageId: string;
}

const OUTCOME_NOTES: Record<Exclude<ReceiveOutcome, 'existing'>, string> = {
  received: 'Received at the warehouse',
  matched_pre_alert: 'Received at the warehouse; matched to the customer\'s pre-alert',
  unknown: 'Received at the warehouse; no customer matched (unknown package)',
};

export const RECEIVE_MESSAGES: Record<ReceiveOutcome, string> = {
  received: PACKAGE_MSG.received,
  matched_pre_alert: 'Package received and matched to a pre-alert',
  unknown: 'Package received as unknown: no customer matched',
  existing: PACKAGE_MSG.alreadyReceived,
};

type CustomerMatch = { id: string; branchId: string | null };

/** The customer a scan names: an id, else a mailbox number (no match: unknown, the number kept as read). */
async function namedCustomer(tx: DbOrTx, courierId: string, form: ReceivePackageInput): Promise<CustomerMatch | null> {
  if (form.customerId) {
    const [row] = await tx.select({ id: customers.id, branchId: customers.branchId }).from(customers)
      .where(and(eq(customers.courierId, courierId), eq(customers.id, form.customerId)));
    if (!row) throw notFound();
    return row;
  }
  if (form.mailboxNumber) {
    const [row] = await tx.select({ id: customers.id, branchId: customers.branchId }).from(customers)
      .where(and(eq(customers.courierId, courierId), eq(customers.mailboxNumber, normaliseMailbox(form.mailboxNumber))));
    return row ?? null;
  }
  return null;
}

/** The one pending pre-alert of the number (under any of its keys); two customers claiming one number match neither. */
async function pendingPreAlert(tx: DbOrTx, courierId: string, keys: string[]) {
  const rows = await tx.select().from(preAlerts)
    .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.status, 'pending'), inArray(preAlerts.trackingNumber, keys)))
    .for('update');
  const owners = new Set(rows.map((r) => r.customerId));
  return owners.size === 1 ? rows[0] ?? null : null;
}

/**
 * POST /packages/receive, in the caller's transaction: the package, its first event, the
 * pre-alert it fulfils, the audit row, the customer's notifications and the Idempotency-Key's
 * answer. Two scans of one tracking number (two stations at once, or a retry) wait for each other
 * on a transaction lock of (courier, number): the second finds the first's package and answers it.
 * Bulk receive calls it row by row in its one transaction, so a file commits many or none.
 */
export async function receivePackage(db: Tx, input: { actor: Actor; form: ReceivePackageInput; idempotencyKey: string | null; publicUrl: string }): Promise<ReceiveResult> {
  const { actor, form } = input;
  const courierId = await courierForNewRow(db, actor.scope, form.courierId);
  const tracking = canonicalTracking(form.trackingNumber);
  const keys = trackingMatchKeys(form.trackingNumber);
  const hash = requestHash('POST /packages/receive', form);
  const principalId = actor.principal.id;

  if (input.idempotencyKey) {
    const replay = await replayOf(db, { principalId, key: input.idempotencyKey, hash });
    if (replay) return { statusCode: replay.statusCode as 200 | 201, outcome: replay.outcome as ReceiveOutcome, packageId: replay.resourceId };
  }
  const remember = async (result: ReceiveResult) => {
    if (input.idempotencyKey) await rememberAnswer(db, { principalId, key: input.idempotencyKey, hash, courierId, route: 'POST /packages/receive', ...result, resourceId: result.packageId });
    return result;
  };

  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`package:${courierId}:${tracking}`}, 0))`);
  const [existing] = await db.select({ id: packages.id }).from(packages)
    .where(and(eq(packages.courierId, courierId), inArray(packages.trackingNumber, keys))).limit(1);
  if (existing) return remember({ statusCode: 200, outcome: 'existing', packageId: existing.id });

  const [courier] = await db.select({ code: couriers.code, divisor: couriers.volumetricDivisor }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw notFound();
  if (form.branchId) {
    const [branch] = await db.select({ id: branches.id }).from(branches).where(and(eq(branches.courierId, courierId), eq(branches.id, form.branchId)));
    if (!branch) throw badRequest(PACKAGE_MSG.branchInvalid, { branchId: PACKAGE_MSG.branchInvalid });
  }

  const named = await namedCustomer(db, courierId, form);
  const preAlert = await pendingPreAlert(db, courierId, keys);
  // A pre-alert is fulfilled by its own customer's parcel: the scan may name nobody, or them.
  const usedPreAlert = preAlert && (!named || named.id === preAlert.customerId) ? preAlert : null;
  let customer = named;
  if (!customer && usedPreAlert) {
    const [owner] = await db.select({ id: customers.id, branchId: customers.branchId }).from(customers).where(eq(customers.id, usedPreAlert.customerId));
    customer = owner ?? null;
  }
  const outcome: Exclude<ReceiveOutcome, 'existing'> = !customer ? 'unknown' : usedPreAlert ? 'matched_pre_alert' : 'received';
  const weights = packageWeights(form, courier.divisor);
  const sequence = await nextNumber(db, courierId, 'package');
  const [pkg] = await db.insert(packages).values({
    courierId, packageNo: formatPackageNumber(courier.code, sequence), trackingNumber: tracking,
    carrier: form.carrier ?? usedPreAlert?.carrier ?? guessCarrier(tracking),
    status: customer ? 'received' : 'unknown',
    customerId: customer?.id ?? null,
    branchId: form.branchId ?? customer?.branchId ?? actor.principal.branchId ?? null,
    preAlertId: usedPreAlert?.id ?? null,
    service: form.service ?? usedPreAlert?.service ?? 'air',
    shipper: form.shipper ?? usedPreAlert?.store ?? null,
    description: form.description ?? usedPreAlert?.description ?? null,
    declaredValueCents: amountToCents(form.declaredValue) ?? usedPreAlert?.declaredValueCents ?? null,
    pieces: form.pieces, weight: form.weight, length: form.length ?? null, width: form.width ?? null, height: form.height ?? null,
    volumetricWeight: weights.volumetricWeight, volumetricDivisor: courier.divisor, chargeableWeight: weights.chargeableWeight,
    location: form.location ?? null, notes: form.notes ?? null,
    labelName: form.labelName ?? null, labelMailbox: form.mailboxNumber ? normaliseMailbox(form.mailboxNumber) : null,
    receivedBy: actor.principal.kind === 'user' ? actor.principal.id : null,
  }).returning();
  if (!pkg) throw new Error('package insert returned nothing');
  if (usedPreAlert) {
    await db.update(preAlerts).set({ status: 'received', packageId: pkg.id, updatedAt: sql`now()` }).where(eq(preAlerts.id, usedPreAlert.id));
    // The supplier invoice the customer uploaded belongs to the package now too.
    await db.update(packageFiles).set({ packageId: pkg.id }).where(eq(packageFiles.preAlertId, usedPreAlert.id));
  }
  await recordPackageEvent(db, {
    pkg, kind: 'received', status: pkg.status, actor, note: OUTCOME_NOTES[outcome], location: form.location ?? null,
    details: { outcome, preAlertId: usedPreAlert?.id ?? null, weight: form.weight, chargeableWeight: weights.chargeableWeight },
  });
  await auditAction(db, actor, {
    courierId, action: 'package.received', targetType: 'package', targetId: pkg.id,
    details: { packageNo: pkg.packageNo, trackingNumber: tracking, outcome, customerId: pkg.customerId },
  });
  await announcePackage(db, { pkg, kind: 'package.received', publicUrl: input.publicUrl, notify: true });
  return remember({ statusCode: 201, outcome, packageId: pkg.id });
}
