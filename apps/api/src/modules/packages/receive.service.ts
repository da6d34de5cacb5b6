import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import {
  canonicalTracking, guessCarrier, normaliseMailbox, packageWeights, trackingMatchKeys,
} from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, type ReceiveOutcome, type ReceivePackageInput } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx, Tx } from '../../db/client';
import { runAsOneStatement } from '../../db/one-statement';
import { branches, couriers, customers, packageFiles, packages, preAlerts } from '../../db/schema/index';
import { auditActionInsert, courierForNewRow, type Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { packageAnnouncement, packageEventInsert, packageRecipient } from './package-history';
import { answerInsert, replayOf, requestHash } from '../../lib/idempotency';
import { amountToCents } from './package-view';
import { PACKAGE_NUMBER_TOKEN, packageNumberCtes, withPackageNumber } from './numbered-in-statement';

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

/**
 * What the scan is checked against, in one statement once the number's lock is held: a package
 * of the number already (under any of its keys), the courier's code and divisor, whether the
 * branch named is the courier's, and the customer the scan names (an id, else a mailbox number;
 * no match: unknown, the number kept as read).
 */
async function scanContext(tx: DbOrTx, courierId: string, form: ReceivePackageInput, keys: string[]) {
  const existing = tx.select({ id: packages.id }).from(packages).where(and(eq(packages.courierId, courierId), inArray(packages.trackingNumber, keys))).limit(1);
  const branchOk = form.branchId
    ? sql<boolean>`exists (${tx.select({ id: branches.id }).from(branches).where(and(eq(branches.courierId, courierId), eq(branches.id, form.branchId)))})`
    : sql<boolean>`true`;
  const named = form.customerId ? eq(customers.id, form.customerId)
    : form.mailboxNumber ? eq(customers.mailboxNumber, normaliseMailbox(form.mailboxNumber)) : sql`false`;
  const [row] = await tx.select({
    existingId: sql<string | null>`(${existing})`, code: couriers.code, divisor: couriers.volumetricDivisor, branchOk,
    customerId: customers.id, customerBranchId: customers.branchId,
  }).from(couriers).leftJoin(customers, and(eq(customers.courierId, couriers.id), named)).where(eq(couriers.id, courierId));
  if (!row) throw notFound();
  if (row.existingId) return { existing: true, packageId: row.existingId } as const;
  if (!row.branchOk) throw badRequest(PACKAGE_MSG.branchInvalid, { branchId: PACKAGE_MSG.branchInvalid });
  if (form.customerId && !row.customerId) throw notFound();
  const customer: CustomerMatch | null = row.customerId ? { id: row.customerId, branchId: row.customerBranchId } : null;
  return { existing: false, courier: { code: row.code, divisor: row.divisor }, named: customer } as const;
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
 *
 * Every reading is done before the package number is taken: the number's counter row stays locked
 * until commit and every other scan of the courier queues on it (issue 11's receive p99 at 10
 * stations), so the number is taken by the one statement that writes the package and everything
 * with it, and only COMMIT follows.
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
  const answerOf = (result: ReceiveResult) => (input.idempotencyKey
    ? [answerInsert(db, { principalId, key: input.idempotencyKey, hash, courierId, route: 'POST /packages/receive', ...result, resourceId: result.packageId })]
    : []);

  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`package:${courierId}:${tracking}`}, 0))`);
  const context = await scanContext(db, courierId, form, keys);
  if (context.existing) {
    const result: ReceiveResult = { statusCode: 200, outcome: 'existing', packageId: context.packageId };
    await runAsOneStatement(db, { writes: answerOf(result) });
    return result;
  }
  const { courier, named } = context;
  const preAlert = await pendingPreAlert(db, courierId, keys);
  // A pre-alert is fulfilled by its own customer's parcel: the scan may name nobody, or them.
  const usedPreAlert = preAlert && (!named || named.id === preAlert.customerId) ? preAlert : null;
  let customer = named;
  if (!customer && usedPreAlert) {
    const [owner] = await db.select({ id: customers.id, branchId: customers.branchId }).from(customers).where(eq(customers.id, usedPreAlert.customerId));
    customer = owner ?? null;
  }
  const outcome: Exclude<ReceiveOutcome, 'existing'> = !customer ? 'unknown' : usedPreAlert ? 'matched_pre_alert' : 'received';
  const status = customer ? 'received' as const : 'unknown' as const;
  const recipient = await packageRecipient(db, { customerId: customer?.id ?? null, status });
  const weights = packageWeights(form, courier.divisor);
  const values = {
    id: randomUUID(), courierId, trackingNumber: tracking,
    carrier: form.carrier ?? usedPreAlert?.carrier ?? guessCarrier(tracking),
    status,
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
  } satisfies Partial<typeof packages.$inferInsert>;

  // The number is taken by the statement that writes the package and everything with it: from the
  // counter's lock to commit every scan of the courier waits, so no round trip (and no turn of the
  // API's event loop) may lie between the number and the writes. All is built beforehand with a
  // token where the number goes, which the statement replaces (numbered-in-statement.ts).
  const pkg = { ...values, packageNo: PACKAGE_NUMBER_TOKEN };
  const announcement = packageAnnouncement(db, { pkg, kind: 'package.received', publicUrl: input.publicUrl, notify: true, recipient });
  const result: ReceiveResult = { statusCode: 201, outcome, packageId: pkg.id };
  const writes: SQLWrapper[] = [
    db.insert(packages).values(pkg),
    ...(usedPreAlert ? [
      db.update(preAlerts).set({ status: 'received', packageId: pkg.id, updatedAt: sql`now()` }).where(eq(preAlerts.id, usedPreAlert.id)),
      // The supplier invoice the customer uploaded belongs to the package now too.
      db.update(packageFiles).set({ packageId: pkg.id }).where(eq(packageFiles.preAlertId, usedPreAlert.id)),
    ] : []),
    packageEventInsert(db, {
      pkg, kind: 'received', status: pkg.status, actor, note: OUTCOME_NOTES[outcome], location: form.location ?? null,
      details: { outcome, preAlertId: usedPreAlert?.id ?? null, weight: form.weight, chargeableWeight: weights.chargeableWeight },
    }),
    auditActionInsert(db, actor, {
      courierId, action: 'package.received', targetType: 'package', targetId: pkg.id,
      details: { packageNo: pkg.packageNo, trackingNumber: tracking, outcome, customerId: pkg.customerId },
    }),
    ...announcement.writes,
    ...answerOf(result),
  ];
  await runAsOneStatement(db, {
    first: packageNumberCtes(db, courierId, courier.code),
    writes: writes.map(withPackageNumber),
    notifies: announcement.notifies.map(withPackageNumber),
  });
  return result;
}
