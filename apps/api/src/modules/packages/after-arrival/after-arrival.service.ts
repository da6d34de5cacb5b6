import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { toCents } from '@parceldesk/shared/domain/money';
import { formatPackageNumber, parsePackageNumber, PACKAGE_STATUS_LABELS, trackingMatchKeys } from '@parceldesk/shared/domain/packages';
import { BRANCH_RECEIPT_MOVE } from '@parceldesk/shared/domain/reconciliation';
import { isBranchScoped } from '@parceldesk/shared/permissions';
import { RECONCILIATION_MSG, type BranchReceiptResult, type SwitchBranchInput, type SwitchBranchResult } from '@parceldesk/shared/schemas/reconciliation';
import type { DbOrTx } from '../../../db/client';
import { branches, manifestPackages, manifests, packageCharges, packages } from '../../../db/schema/index';
import { auditAction, type Actor } from '../../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/app-error';
import { billPendingCharges } from '../../../lib/invoice-charges';
import { storedFees } from '../../settings/additional-fees.service';
import { loadPackage, type PackageRow } from '../package-access';
import { announcePackage, recordPackageEvent, touched } from '../package-history';

const NO_SUCH_PACKAGE = 'We have no package with this number';

async function branchName(tx: DbOrTx, id: string | null): Promise<string> {
  if (!id) return '';
  const [row] = await tx.select({ name: branches.name }).from(branches).where(eq(branches.id, id));
  return row?.name ?? '';
}

/** The courier's package a scanned package or tracking number names, locked for the change. */
async function packageByCode(tx: DbOrTx, courierId: string, code: string): Promise<PackageRow> {
  const number = parsePackageNumber(code);
  const [row] = await tx.select().from(packages).where(and(
    eq(packages.courierId, courierId),
    or(inArray(packages.trackingNumber, trackingMatchKeys(code)), number ? eq(packages.packageNo, formatPackageNumber(number.courierCode, number.sequence)) : undefined),
  )).limit(1).for('update');
  if (!row) throw notFound(NO_SUCH_PACKAGE);
  return row;
}

/**
 * POST /packages/branch-receipt (issue 12, decision 013): the pickup branch scans a parcel the
 * reconciliation sent on to it (in transit, on a reconciled manifest); it becomes ready for
 * pickup and its customer is told. Scanning it again answers `already`. A clerk bound to one
 * branch receives only that branch's parcels.
 */
export async function receiveAtBranch(tx: DbOrTx, { actor, code, publicUrl }: { actor: Actor; code: string; publicUrl: string }): Promise<BranchReceiptResult> {
  const { principal } = actor;
  if (principal.kind === 'customer' || !principal.courierId) throw forbidden();
  const pkg = await packageByCode(tx, principal.courierId, code);
  const name = await branchName(tx, pkg.branchId);
  const answer = (result: BranchReceiptResult['result'], message: string): BranchReceiptResult => ({
    result, message, packageId: pkg.id, packageNumber: pkg.packageNo, status: result === 'received' ? BRANCH_RECEIPT_MOVE.to : pkg.status, branchName: name,
  });
  if (isBranchScoped(principal) && pkg.branchId !== principal.branchId) throw conflict(`${RECONCILIATION_MSG.receiptOtherBranch}${name ? ` (${name})` : ''}`);
  const [forwarded] = await tx.select({ number: manifests.number }).from(manifestPackages)
    .innerJoin(manifests, eq(manifests.id, manifestPackages.manifestId))
    .where(and(eq(manifestPackages.packageId, pkg.id), isNull(manifestPackages.releasedAt), eq(manifests.status, 'reconciled'))).limit(1);
  if (pkg.status === BRANCH_RECEIPT_MOVE.to && forwarded) return answer('already', `${pkg.packageNo} is already ${PACKAGE_STATUS_LABELS.ready_for_pickup}${name ? ` at ${name}` : ''}`);
  if (pkg.status !== BRANCH_RECEIPT_MOVE.from || !forwarded) throw conflict(RECONCILIATION_MSG.receiptNotForwarded);
  const [moved] = await tx.update(packages).set({ status: BRANCH_RECEIPT_MOVE.to, ...touched }).where(eq(packages.id, pkg.id)).returning();
  if (!moved) throw new Error('package vanished');
  await recordPackageEvent(tx, { pkg, kind: 'branch_receipt', status: BRANCH_RECEIPT_MOVE.to, actor, location: name || null, note: `Received at ${name || 'its pickup branch'} from manifest ${forwarded.number}` });
  await auditAction(tx, actor, { courierId: pkg.courierId, action: 'package.branch_receipt', targetType: 'package', targetId: pkg.id, details: { packageNo: pkg.packageNo, branchId: pkg.branchId, manifest: forwarded.number } });
  await announcePackage(tx, { pkg: moved, kind: 'package.status', publicUrl, notify: true });
  return answer('received', `${pkg.packageNo} received at ${name || 'its branch'}: ${PACKAGE_STATUS_LABELS.ready_for_pickup}`);
}

/** Statuses after which the parcel has left the courier's care: its branch no longer matters. */
const CLOSED = ['collected', 'delivered', 'returned', 'abandoned'];

/**
 * POST /packages/{id}/switch-branch (issue 12, decision 013): the customer asked to collect at
 * another branch. The pickup branch changes, and the courier's switching fee (settings tab 2,
 * as it is now) is charged on the package as a `package_charges` row in J$ cents, billed in the
 * same transaction when the parcel has an invoice. One history row, one audit row.
 */
export async function switchBranch(
  tx: DbOrTx,
  { actor, packageId, input, publicUrl }: { actor: Actor; packageId: string; input: SwitchBranchInput; publicUrl: string },
): Promise<SwitchBranchResult> {
  const pkg = await loadPackage(tx, actor.principal, packageId, { lock: true });
  if (CLOSED.includes(pkg.status)) throw conflict(RECONCILIATION_MSG.switchClosed);
  const [branch] = await tx.select({ id: branches.id, name: branches.name }).from(branches)
    .where(and(eq(branches.courierId, pkg.courierId), eq(branches.id, input.branchId), eq(branches.isActive, true))).limit(1);
  if (!branch) throw badRequest(RECONCILIATION_MSG.branchInvalid, { branchId: RECONCILIATION_MSG.branchInvalid });
  if (branch.id === pkg.branchId) throw conflict(RECONCILIATION_MSG.switchSameBranch, { branchId: RECONCILIATION_MSG.switchSameBranch });
  const from = await branchName(tx, pkg.branchId);
  const feeCents = toCents((await storedFees(tx, pkg.courierId)).switchingFee);
  await tx.update(packages).set({ branchId: branch.id, ...touched }).where(eq(packages.id, pkg.id));
  let chargeId: string | null = null;
  if (feeCents > 0) {
    const [charge] = await tx.insert(packageCharges).values({
      courierId: pkg.courierId, packageId: pkg.id, kind: 'switching', amountCents: feeCents, note: input.note ?? null,
      details: { fromBranchId: pkg.branchId, toBranchId: branch.id }, createdBy: actor.principal.id,
    }).returning({ id: packageCharges.id });
    chargeId = charge?.id ?? null;
  }
  const fee = feeCents > 0 ? `; switching fee J$ ${(feeCents / 100).toFixed(2)}` : '';
  await recordPackageEvent(tx, {
    pkg, kind: 'branch_switch', status: pkg.status, actor, location: branch.name,
    note: `Pickup branch changed${from ? ` from ${from}` : ''} to ${branch.name} at the customer's request${fee}${input.note ? `: ${input.note}` : ''}`,
    details: { fromBranchId: pkg.branchId, toBranchId: branch.id, feeCents, chargeId },
  });
  // Billed at once on the parcel's invoice (a supplementary one once it is paid); a parcel not
  // invoiced yet carries the charge to its invoice (lib/invoice-charges).
  if (chargeId) await billPendingCharges(tx, { actor, courierId: pkg.courierId, packageId: pkg.id, publicUrl });
  await auditAction(tx, actor, {
    courierId: pkg.courierId, action: 'package.branch_switched', targetType: 'package', targetId: pkg.id,
    details: { packageNo: pkg.packageNo, fromBranchId: pkg.branchId, toBranchId: branch.id, feeCents, chargeId },
  });
  return {
    message: `${pkg.packageNo} will be collected at ${branch.name}${fee}`, packageId: pkg.id, branchId: branch.id, branchName: branch.name, feeCents, chargeId,
  };
}

