import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { manifests } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';

export type ManifestRow = typeof manifests.$inferSelect;

/**
 * Whether a staff-side principal may change manifests: admins always (the super admin reads only:
 * the network's manifests are the couriers' documents), branch managers and staff with manifests_manage.
 */
export function mayManageManifests(principal: Principal): boolean {
  if (principal.kind === 'customer' || principal.role === 'super_admin') return false;
  if (principal.role === 'courier_admin') return true;
  return principal.permissions.has('manifests_manage');
}

/**
 * One manifest of the scope, or 404 (another courier's is not found). `lock`: `share` while
 * parcels are added or removed (several stations at once), `update` for a status move or a header
 * edit, which so wait for the loading in flight and are waited for by the next one.
 */
export async function loadManifest(db: DbOrTx, scope: TenantScope, id: string, lock?: 'share' | 'update'): Promise<ManifestRow> {
  const query = db.select().from(manifests).where(tenantWhere(manifests, scope, eq(manifests.id, id))).limit(1);
  const [row] = lock === 'update' ? await query.for('update') : lock === 'share' ? await query.for('share') : await query;
  if (!row) throw notFound();
  return row;
}
