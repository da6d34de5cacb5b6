/**
 * Manifests (issue 12; shared/domain.md step 4): statuses and the tables' value sets. The moves
 * and the package statuses they set follow below (docs/decisions/012-manifests.md).
 */

export const MANIFEST_STATUSES = ['open', 'closed', 'departed', 'arrived', 'reconciled'] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

/** The reconciliation at the destination (built on these tables by the reconciliation part). */
export const RECONCILIATION_STATUSES = ['in_progress', 'finished'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export const RECONCILIATION_SCAN_OUTCOMES = ['received', 'extra', 'damaged'] as const;
export type ReconciliationScanOutcome = (typeof RECONCILIATION_SCAN_OUTCOMES)[number];
