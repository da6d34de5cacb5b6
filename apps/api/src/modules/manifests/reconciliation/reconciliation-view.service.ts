import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import { SERVICE_LABELS, SERVICES } from '@parceldesk/shared/schemas/packages';
import {
  RECONCILIATION_LAST_SCANS, RECONCILIATION_MISSING_SHOWN, RECONCILIATION_STATE_LABELS, type MissingParcel, type ReconciliationListItem,
  type ReconciliationView, type reconciliationListColumns,
} from '@parceldesk/shared/schemas/reconciliation';
import type { PackageStatus } from '@parceldesk/shared/domain/packages';
import type { DbOrTx } from '../../../db/client';
import { branches, manifestPackages, manifests, reconciliations, reconciliationScans, users } from '../../../db/schema/index';
import { qualified, runListQuery, type ColumnsOf } from '../../../lib/list-query';
import { localDateTime } from '../../../lib/local-time';
import type { Principal } from '../../../lib/principal';
import { scopeOf, tenantWhere } from '../../../lib/tenant-scope';
import { manifestInScope, mayReconcile } from './reconciliation-access';
import { countsOf, scanRows } from './reconciliation-scan-rows';

const personName = (id: string | null) => (id ? sql<string | null>`(select nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '') from ${users} where id = ${id})` : null);

async function nameOf(db: DbOrTx, id: string | null): Promise<string | null> {
  const expr = personName(id);
  if (!expr) return null;
  const result = await db.execute<{ name: string | null }>(sql`select ${expr} as name`);
  return result.rows[0]?.name ?? null;
}

/** The parcels of the manifest nobody has scanned yet, first by package number. */
async function missingOf(db: DbOrTx, manifestId: string, reconciliationId: string | null, limit: number): Promise<MissingParcel[]> {
  const result = await db.execute<{ id: string; package_no: string; tracking_number: string; customer_name: string | null; status: PackageStatus }>(sql`
    select p.id, p.package_no, p.tracking_number, p.status, coalesce(c.first_name || ' ' || c.last_name, p.label_name) as customer_name
    from manifest_packages mp
    join packages p on p.id = mp.package_id
    left join customers c on c.id = p.customer_id
    where mp.manifest_id = ${manifestId}
      and not exists (select 1 from reconciliation_scans s where s.reconciliation_id = ${reconciliationId ?? '00000000-0000-0000-0000-000000000000'} and s.package_id = p.id)
    order by p.package_no
    limit ${limit}`);
  return result.rows.map((r) => ({ packageId: r.id, packageNumber: r.package_no, trackingNumber: r.tracking_number, customerName: r.customer_name ?? '', status: r.status }));
}

export const missingParcels = missingOf;

/** GET /manifests/{id}/reconciliation: the live picture every screen on it shows. */
export async function getReconciliation(db: DbOrTx, principal: Principal, manifestId: string): Promise<ReconciliationView> {
  const manifest = await manifestInScope(db, scopeOf(principal), manifestId);
  const [rec] = await db.select({
    id: reconciliations.id, status: reconciliations.status, branchId: reconciliations.branchId, branchName: branches.name,
    startedBy: reconciliations.startedBy, startedAt: reconciliations.startedAt, finishedBy: reconciliations.finishedBy, finishedAt: reconciliations.finishedAt,
  }).from(reconciliations).leftJoin(branches, eq(branches.id, reconciliations.branchId)).where(eq(reconciliations.manifestId, manifest.id)).limit(1);
  const recId = rec?.id ?? null;
  const [counts, lastScans, flagged, missing, startedBy, finishedBy] = await Promise.all([
    countsOf(db, manifest.id, recId),
    recId ? scanRows(db, recId, { limit: RECONCILIATION_LAST_SCANS }) : Promise.resolve([]),
    recId ? scanRows(db, recId, { where: sql`s.outcome in ('extra', 'damaged')`, order: 'oldest' }) : Promise.resolve([]),
    missingOf(db, manifest.id, recId, RECONCILIATION_MISSING_SHOWN),
    nameOf(db, rec?.startedBy ?? null),
    nameOf(db, rec?.finishedBy ?? null),
  ]);
  return {
    manifest: {
      id: manifest.id, number: manifest.number, service: manifest.service, status: manifest.status, origin: manifest.origin,
      destination: manifest.destination, arrivedAt: manifest.arrivedAt?.toISOString() ?? null,
    },
    reconciliation: rec ? {
      id: rec.id, status: rec.status, branchId: rec.branchId, branchName: rec.branchName, startedBy, startedAt: rec.startedAt.toISOString(),
      finishedBy, finishedAt: rec.finishedAt?.toISOString() ?? null,
    } : null,
    counts,
    lastScans,
    extras: flagged.filter((scan) => scan.outcome === 'extra'),
    damaged: flagged.filter((scan) => scan.outcome === 'damaged'),
    missing,
    canReconcile: mayReconcile(principal) && manifest.status === 'arrived' && rec?.status !== 'finished',
  };
}

const serviceOptions = SERVICES.map((value) => ({ value, label: SERVICE_LABELS[value] }));
const stateOptions = (['not_started', 'in_progress', 'finished'] as const).map((value) => ({ value, label: RECONCILIATION_STATE_LABELS[value] }));

const m = qualified;
const expectedSql = sql<number>`(select count(*)::int from ${manifestPackages} where ${manifestPackages.manifestId} = ${m(manifests.id)})`;
const scannedSql = sql<number>`(select count(*)::int from ${reconciliationScans} where ${reconciliationScans.reconciliationId} = ${m(reconciliations.id)})`;
const stateSql = sql<ReconciliationListItem['reconciliationStatus']>`(case when ${m(reconciliations.status)} is null then 'not_started' else ${m(reconciliations.status)} end)`;

const columns: ColumnsOf<typeof reconciliationListColumns> = {
  number: { sql: manifests.number, sortable: true, searchable: true, filter: 'text' },
  service: { sql: manifests.service, sortable: true, filter: 'dropdown', options: () => serviceOptions },
  origin: { sql: manifests.origin, sortable: true, filter: 'text' },
  destination: { sql: manifests.destination, sortable: true, filter: 'text' },
  arrivalDate: { sql: sql`${manifests.arrivalDate}::text`, sortable: true, sortBy: [manifests.arrivalDate], filter: 'text' },
  reconciliationStatus: { sql: stateSql, sortable: true, filter: 'dropdown', options: () => stateOptions },
  expected: { sql: expectedSql, kind: 'number', sortable: true, filter: 'number' },
  scanned: { sql: scannedSql, kind: 'number', sortable: true, filter: 'number' },
  updatedAt: { sql: localDateTime(manifests.updatedAt), sortable: true, sortBy: [manifests.updatedAt], filter: 'text' },
};

/** GET /reconciliations: the courier's arrived manifests (to reconcile or under way) and reconciled ones. */
export function listReconciliations(db: DbOrTx, principal: Principal, query: ListQuery) {
  return runListQuery({
    db,
    select: {
      id: manifests.id, number: manifests.number, service: manifests.service, origin: manifests.origin, destination: manifests.destination,
      arrivalDate: manifests.arrivalDate, manifestStatus: manifests.status, reconciliationStatus: stateSql, expected: expectedSql, scanned: scannedSql,
      updatedAt: manifests.updatedAt,
    },
    from: (q) => q.from(manifests).leftJoin(reconciliations, eq(reconciliations.manifestId, manifests.id)).$dynamic(),
    where: tenantWhere(manifests, scopeOf(principal), and(inArray(manifests.status, ['arrived', 'reconciled']))),
    columns,
    query,
    statement: 'reconciliations',
    defaultSort: { field: 'updatedAt', order: 'desc' },
    tieBreaker: manifests.id,
    map: (row): ReconciliationListItem => ({
      id: row.id, number: row.number, service: row.service, origin: row.origin, destination: row.destination,
      arrivalDate: row.arrivalDate ?? null, manifestStatus: row.manifestStatus === 'reconciled' ? 'reconciled' : 'arrived',
      reconciliationStatus: row.reconciliationStatus, expected: Number(row.expected), scanned: Number(row.scanned), updatedAt: row.updatedAt.toISOString(),
    }),
  });
}
