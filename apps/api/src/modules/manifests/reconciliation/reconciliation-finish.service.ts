import { eq, sql } from 'drizzle-orm';
import { missingMoveOf, receivedMoveOf } from '@parceldesk/shared/domain/reconciliation';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@parceldesk/shared/domain/packages';
import type { ReconciliationFinishResult } from '@parceldesk/shared/schemas/reconciliation';
import type { DbOrTx } from '../../../db/client';
import { manifestEvents, manifests, reconciliations } from '../../../db/schema/index';
import { publishEvent } from '../../../events/publish';
import { auditAction, withImpersonation, type Actor } from '../../../lib/actor';
import { conflict, forbidden } from '../../../lib/app-error';
import { RECONCILIATION_MSG } from '@parceldesk/shared/schemas/reconciliation';
import { assertArrived, lockedReconciliation, manifestInScope, mayReconcile } from './reconciliation-access';
import { tellCustomersOfMoves, tellStaffOfMissing, type MovedParcel } from './reconciliation-notify';
import { issueInvoicesForPackages } from '../../invoices/issue-invoices.service';

interface ParcelRow extends Record<string, unknown> {
  id: string; status: PackageStatus; branch_id: string | null; received_by: string | null; customer_id: string | null; package_no: string;
  tracking_number: string; shipper: string | null; outcome: 'received' | 'damaged' | 'extra' | null; note: string | null;
}

/**
 * POST /manifests/{id}/reconciliation/finish, one transaction: the manifest (update lock, so no
 * status move runs meanwhile) and the reconciliation (update lock: scans in flight finish first,
 * later ones find it finished). Each parcel of the manifest moves per packages/shared
 * domain/reconciliation.ts with one history row; missing ones tell their customers and the staff;
 * the manifest becomes reconciled with its own history row; everything is audited.
 */
export async function finishReconciliation(tx: DbOrTx, { actor, manifestId, publicUrl }: { actor: Actor; manifestId: string; publicUrl: string }): Promise<ReconciliationFinishResult> {
  if (!mayReconcile(actor.principal)) throw forbidden();
  const manifest = await manifestInScope(tx, actor.scope, manifestId, 'update');
  const reconciliation = await lockedReconciliation(tx, manifest, 'update');
  if (reconciliation.status === 'finished') throw conflict(RECONCILIATION_MSG.alreadyReconciled);
  assertArrived(manifest);

  const parcels = (await tx.execute<ParcelRow>(sql`
    select p.id, p.status, p.branch_id, p.received_by, p.customer_id, p.package_no, p.tracking_number, p.shipper, s.outcome, s.note
    from manifest_packages mp
    join packages p on p.id = mp.package_id
    left join reconciliation_scans s on s.reconciliation_id = ${reconciliation.id} and s.package_id = p.id
    where mp.manifest_id = ${manifest.id}
    order by p.package_no
    for update of p`)).rows;

  const destination = reconciliation.branchId;
  const moves: { row: ParcelRow; to: PackageStatus }[] = [];
  let leftAsTheyWere = 0;
  for (const row of parcels) {
    const scanned = row.outcome === 'received' || row.outcome === 'damaged';
    const to = scanned ? receivedMoveOf(row.status, row.branch_id === null || row.branch_id === destination) : missingMoveOf(row.status);
    if (to) moves.push({ row, to });
    else leftAsTheyWere += 1;
  }

  const base = { manifestId: manifest.id, manifestNumber: manifest.number, reconciliationId: reconciliation.id };
  if (moves.length > 0) {
    const payload = JSON.stringify(moves.map(({ row, to }) => ({
      id: row.id, to,
      note: to === 'missing' ? `Not found when manifest ${manifest.number} was reconciled` : to === 'in_transit' ? `Checked in from manifest ${manifest.number}; on its way to its pickup branch` : `Checked in from manifest ${manifest.number}`,
      details: withImpersonation(actor, { ...base, ...(row.outcome === 'damaged' ? { damaged: true, damageNote: row.note } : {}) }) ?? base,
    })));
    // Set-based: one statement moves every parcel and writes its history row (a 5,000-parcel manifest in one round trip).
    await tx.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${payload}::jsonb) as x(id uuid, "to" text, note text, details jsonb)
      ), moved as (
        update packages p set status = input."to", updated_at = now(), branch_id = coalesce(p.branch_id, ${destination}::uuid)
        from input where p.id = input.id
        returning p.id, p.courier_id, input."to" as status, input.note, input.details
      )
      insert into package_events (courier_id, package_id, kind, status, note, actor_type, actor_id, details)
      select courier_id, id, 'reconciliation', status, note, 'user', ${actor.principal.id}::uuid, details from moved`);
  }

  const count = (status: PackageStatus) => moves.filter((m) => m.to === status).length;
  const damaged = parcels.filter((p) => p.outcome === 'damaged').length;
  const [{ extra } = { extra: 0 }] = (await tx.execute<{ extra: number }>(sql`
    select count(*)::int as extra from reconciliation_scans where reconciliation_id = ${reconciliation.id} and outcome = 'extra'`)).rows;
  const result: ReconciliationFinishResult = {
    readyForPickup: count('ready_for_pickup'), forwarded: count('in_transit'), missing: count('missing'), leftAsTheyWere, extra, damaged,
    message: '',
  };
  result.message = `Manifest ${manifest.number} reconciled: ${result.readyForPickup} ${PACKAGE_STATUS_LABELS.ready_for_pickup}, ${result.forwarded} sent on to their branch, ${result.missing} missing, ${extra} extra`;

  await tx.update(reconciliations).set({ status: 'finished', finishedBy: actor.principal.id, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(reconciliations.id, reconciliation.id));
  await tx.update(manifests).set({ status: 'reconciled', reconciledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(manifests.id, manifest.id));
  const details = { readyForPickup: result.readyForPickup, forwarded: result.forwarded, missing: result.missing, leftAsTheyWere, extra, damaged };
  await tx.insert(manifestEvents).values({
    courierId: manifest.courierId, manifestId: manifest.id, fromStatus: 'arrived', toStatus: 'reconciled', note: null,
    actorType: 'user', actorId: actor.principal.id, details: withImpersonation(actor, { ...details, reconciliationId: reconciliation.id }) ?? details,
  });

  const moved: MovedParcel[] = moves.map(({ row, to }) => ({ id: row.id, customerId: row.customer_id, packageNo: row.package_no, trackingNumber: row.tracking_number, shipper: row.shipper, status: to,
    branchId: row.branch_id ?? destination, receivedBy: row.received_by }));
  const emailed = await tellCustomersOfMoves(tx, manifest.courierId, moved, publicUrl);
  const staffTold = await tellStaffOfMissing(tx, { courierId: manifest.courierId, manifestId: manifest.id, number: manifest.number, missing: moved.filter((p) => p.status === 'missing') });
  // Issue 13: a parcel checked in here is invoiced if arrival could not (already invoiced ones are skipped).
  const checkedIn = moved.filter((p) => p.status === 'ready_for_pickup' || p.status === 'in_transit').map((p) => p.id);
  const invoiced = (await issueInvoicesForPackages(tx, { actor, courierId: manifest.courierId, packageIds: checkedIn, publicUrl })).issued.length;
  await auditAction(tx, actor, { courierId: manifest.courierId, action: 'reconciliation.finished', targetType: 'manifest', targetId: manifest.id, details: { number: manifest.number, ...details, emailed, staffTold, invoiced } });
  await publishEvent(tx, { family: 'reconciliations', kind: 'reconciliation.finished', audience: 'staff', courierId: manifest.courierId, customerId: null, manifestId: manifest.id, reconciliationId: reconciliation.id });
  return result;
}
