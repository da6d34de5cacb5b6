import type { PackageStatus } from './packages';

/**
 * Reconciliation at the destination (issue 12; shared/domain.md step 5): what finishing does to
 * each parcel of the manifest, and what the later branch receipt does. The generic status route's
 * table (PACKAGE_TRANSITIONS) is not widened for these moves: they happen only here, in the
 * reconciliation's finish and the branch receipt. Reasons: docs/decisions/013-reconciliation.md.
 */

/**
 * A parcel that was scanned (received or damaged) and is `arrived` moves on: ready for pickup
 * when its pickup branch is the branch the shipment was checked in at (or it has none yet),
 * otherwise in transit to its branch, where a branch receipt scan makes it ready. A parcel in any
 * other status (put on hold meanwhile, say) is left as it is.
 */
export function receivedMoveOf(from: PackageStatus, isAtDestination: boolean): PackageStatus | null {
  if (from !== 'arrived') return null;
  return isAtDestination ? 'ready_for_pickup' : 'in_transit';
}

/** A parcel of the manifest nobody scanned becomes missing, unless it already left the journey (on hold, collected…). */
export const MISSING_FROM: readonly PackageStatus[] = ['manifested', 'in_transit', 'arrived'];

export function missingMoveOf(from: PackageStatus): PackageStatus | null {
  return MISSING_FROM.includes(from) ? 'missing' : null;
}

/** The branch receipt: a parcel forwarded from the reconciliation (in transit to its branch) arrives there. */
export const BRANCH_RECEIPT_MOVE = { from: 'in_transit', to: 'ready_for_pickup' } as const satisfies { from: PackageStatus; to: PackageStatus };
