import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  canonicalTracking, guessCarrier, normaliseMailbox, packageWeights, trackingMatchKeys,
} from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, type ReceiveOutcome, type ReceivePackageInput } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx, Tx } from '../../db/client';
import { runAsOneStatement } from '../../db/one-statement';
import { branches, couriers, customers, packageFiles, packages, preAlerts } from '../../db/schema/index';
import { auditActionInsert, courierForNewRow, type Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { isCustomerTold, packageAnnouncement, packageEventInsert } from './package-history';
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

/** A customer the scan may belong to, with what telling them needs. */
type CustomerMatch = { id: string; branchId: string | null; firstName: string; email: string; packageEmails: boolean; isActive: boolean };
type PendingPreAlert = Pick<typeof preAlerts.$inferSelect, 'id' | 'customerId' | 'carrier' | 'store' | 'description' | 'declaredValueCents' | 'service'> & { owner: CustomerMatch };

/** A customer row under `alias` as the JSON of a CustomerMatch. */
const customerJson = (alias: string) => {
  const column = (c: AnyPgColumn) => sql`${sql.identifier(alias)}.${sql.identifier(c.name)}`;
  return sql`json_build_object('id', ${column(customers.id)}, 'branchId', ${column(customers.branchId)}, 'firstName', ${column(customers.firstName)},
    'email', ${column(customers.email)}, 'packageEmails', ${column(customers.packageEmails)}, 'isActive', ${column(customers.isActive)})`;
};

/**
 * What the scan is checked against, in one statement once the number's lock is held: a package
 * of the number already (under any of its keys), the courier's code, divisor, name and key,
 * whether the branch named is the courier's, the customer the scan names (an id, else a mailbox
 * number; no match: unknown, the number kept as read), and the pending pre-alerts of the number
 * under any of its keys, locked, each with its customer.
 */
async function scanContext(tx: DbOrTx, courierId: string, form: ReceivePackageInput, keys: string[]) {
  const existing = tx.select({ id: packages.id }).from(packages).where(and(eq(packages.courierId, courierId), inArray(packages.trackingNumber, keys))).limit(1);
  const branchOk = form.branchId
    ? sql`exists (${tx.select({ id: branches.id }).from(branches).where(and(eq(branches.courierId, courierId), eq(branches.id, form.branchId)))})`
    : sql`true`;
  const named = form.customerId ? eq(customers.id, form.customerId)
    : form.mailboxNumber ? eq(customers.mailboxNumber, normaliseMailbox(form.mailboxNumber)) : sql`false`;
  const pending = tx.select({
    id: preAlerts.id, customerId: preAlerts.customerId, carrier: preAlerts.carrier, store: preAlerts.store, description: preAlerts.description,
    declaredValueCents: preAlerts.declaredValueCents, service: preAlerts.service,
  }).from(preAlerts).where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.status, 'pending'), inArray(preAlerts.trackingNumber, keys))).for('update');
  const { rows: [row] } = await tx.execute<{
    existingId: string | null; code: string; divisor: number; courierName: string; apiKey: string; branchOk: boolean;
    named: CustomerMatch | null; preAlerts: PendingPreAlert[];
  }>(sql`with pending as (${pending})
    select (${existing}) as "existingId", ${couriers.code} as code, ${couriers.volumetricDivisor} as divisor, ${couriers.name} as "courierName",
      ${couriers.apiKey} as "apiKey", ${branchOk} as "branchOk",
      case when ${customers.id} is null then null else ${customerJson('customers')} end as named,
      (select coalesce(json_agg(json_build_object('id', p.id, 'customerId', p.customer_id, 'carrier', p.carrier, 'store', p.store, 'description', p.description,
        'declaredValueCents', p.declared_value_cents, 'service', p.service, 'owner', ${customerJson('owner')}) order by p.id), '[]'::json)
        from pending p join ${customers} owner on owner.id = p.customer_id) as "preAlerts"
    from ${couriers} left join ${customers} on ${customers.courierId} = ${couriers.id} and ${named}
    where ${couriers.id} = ${courierId}`);
  if (!row) throw notFound();
  if (row.existingId) return { existing: true, packageId: row.existingId } as const;
  if (!row.branchOk) throw badRequest(PACKAGE_MSG.branchInvalid, { branchId: PACKAGE_MSG.branchInvalid });
  if (form.customerId && !row.named) throw notFound();
  // The one pending pre-alert of the number: two customers pre-alerting it match neither (staff decide).
  const owners = new Set(row.preAlerts.map((p) => p.customerId));
  const preAlert = owners.size === 1 ? row.preAlerts[0]! : null;
  return { existing: false, courier: { code: row.code, divisor: row.divisor, name: row.courierName, apiKey: row.apiKey }, named: row.named, preAlert } as const;
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
 * with it, and only COMMIT follows: in the same round trip when the route opened the transaction
 * with `inTransactionCommittedByLast` (bulk receive's one transaction commits at its end).
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
    await runAsOneStatement(db, { writes: answerOf(result), last: true });
    return result;
  }
  const { courier, named, preAlert } = context;
  // A pre-alert is fulfilled by its own customer's parcel: the scan may name nobody, or them.
  const usedPreAlert = preAlert && (!named || named.id === preAlert.customerId) ? preAlert : null;
  const customer = named ?? usedPreAlert?.owner ?? null;
  const outcome: Exclude<ReceiveOutcome, 'existing'> = !customer ? 'unknown' : usedPreAlert ? 'matched_pre_alert' : 'received';
  const status = customer ? 'received' as const : 'unknown' as const;
  const recipient = customer && isCustomerTold({ customerId: customer.id, status })
    ? { firstName: customer.firstName, email: customer.email, packageEmails: customer.packageEmails, isActive: customer.isActive, courierName: courier.name, apiKey: courier.apiKey }
    : null;
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
    last: true,
  });
  return result;
}
