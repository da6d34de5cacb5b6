import { and, eq, sql } from 'drizzle-orm';
import { ACCESS, type Access } from '@parceldesk/shared/access';
import { MANIFEST_STATUS_LABELS } from '@parceldesk/shared/domain/manifests';
import { notArrivedMessage, RECONCILIATION_MSG } from '@parceldesk/shared/schemas/reconciliation';
import type { DbOrTx } from '../../../db/client';
import { manifests, reconciliations } from '../../../db/schema/index';
import { conflict, notFound } from '../../../lib/app-error';
import type { Principal } from '../../../lib/principal';
import { tenantWhere, type TenantScope } from '../../../lib/tenant-scope';

/**
 * Who may do what at the destination (issue 12; docs/decisions/013-reconciliation.md): reading a
 * reconciliation takes manifests_view or manifests_reconcile (a clerk who scans must see the
 * counts); scanning, marking damaged and finishing take manifests_reconcile. The super admin
 * reads the network's but scans nothing: the check-in is the courier's own.
 */
export const RECONCILIATION_READ: Access = { ...ACCESS.reconciliationView, tenant: { id: 'manifest' } };
export const RECONCILIATION_WRITE: Access = { ...ACCESS.reconciliationWork, tenant: { id: 'manifest' } };
export const RECONCILIATION_LIST: Access = ACCESS.reconciliationView;

export function mayReconcile(principal: Principal): boolean {
  if (principal.kind === 'customer' || principal.role === 'super_admin') return false;
  return principal.role === 'courier_admin' || principal.permissions.has('manifests_reconcile');
}

export type ManifestRow = typeof manifests.$inferSelect;
export type ReconciliationRow = typeof reconciliations.$inferSelect;

/** The manifest in scope, or 404 (another courier's is not found). `update` locks it for the finish. */
export async function manifestInScope(db: DbOrTx, scope: TenantScope, id: string, lock?: 'update'): Promise<ManifestRow> {
  const query = db.select().from(manifests).where(tenantWhere(manifests, scope, eq(manifests.id, id))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** 409 unless the manifest has arrived (a reconciled one says so). */
export function assertArrived(manifest: ManifestRow): void {
  if (manifest.status === 'reconciled') throw conflict(RECONCILIATION_MSG.alreadyReconciled);
  if (manifest.status !== 'arrived') throw conflict(notArrivedMessage(MANIFEST_STATUS_LABELS[manifest.status]));
}

/**
 * The manifest's reconciliation, locked: `share` for a scan (many at once, none during a finish),
 * `update` for the finish (waits for the scans in flight). 409 when none was started.
 */
export async function lockedReconciliation(db: DbOrTx, manifest: ManifestRow, lock: 'share' | 'update'): Promise<ReconciliationRow> {
  const query = db.select().from(reconciliations)
    .where(and(eq(reconciliations.manifestId, manifest.id), eq(reconciliations.courierId, manifest.courierId))).limit(1);
  const [row] = lock === 'share' ? await query.for('share') : await query.for('update');
  if (!row) throw conflict(RECONCILIATION_MSG.notStarted);
  return row;
}

/**
 * A scan's reads in one statement: the manifest in scope and its reconciliation locked `share`
 * (manifestInScope and lockedReconciliation together). Missing either, the same answers as they
 * give: 404 for a manifest out of scope, 409 when no reconciliation was started.
 */
export async function manifestWithReconciliation(db: DbOrTx, scope: TenantScope, id: string): Promise<{ manifest: ManifestRow; reconciliation: ReconciliationRow }> {
  const [row] = await db.select({ manifest: manifests, reconciliation: reconciliations }).from(manifests)
    .innerJoin(reconciliations, and(eq(reconciliations.manifestId, manifests.id), eq(reconciliations.courierId, manifests.courierId)))
    .where(tenantWhere(manifests, scope, eq(manifests.id, id))).limit(1).for('share', { of: reconciliations });
  if (row) return row;
  const manifest = await manifestInScope(db, scope, id);
  return { manifest, reconciliation: await lockedReconciliation(db, manifest, 'share') };
}

export const touchedNow = { updatedAt: sql`now()` };
