import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { canonicalTracking, formatPackageNumber, parsePackageNumber, trackingMatchKeys, type PackageStatus } from '@parceldesk/shared/domain/packages';
import type { ReconciliationCounts, ReconciliationScan } from '@parceldesk/shared/schemas/reconciliation';
import type { DbOrTx } from '../../../db/client';
import { runAsOneStatement } from '../../../db/one-statement';
import { isoOf } from '../../../db/prepared';

/**
 * Reads of the reconciliation: what a scanned code names, the scans as the screens and the report
 * show them, and the live counts. Raw SQL where one statement joins six tables.
 */

export interface ScannedPackage {
  id: string;
  packageNo: string;
}

/** The code as it is matched: a package number in its printed form, else the canonical tracking number. */
export function codeKeyOf(code: string): string {
  const number = parsePackageNumber(code);
  return number ? formatPackageNumber(number.courierCode, number.sequence) : canonicalTracking(code);
}

/**
 * The courier's package a scanned code names: its package number (`IEX-P-0004312`, also typed
 * `iex-p-4312`) or a tracking number under any of its keys (the USPS `420`+ZIP prefix, the FedEx
 * 34-digit barcode, the `92612…` tail: the scan station's rules, packages/shared trackingMatchKeys).
 */
export async function packageOfCode(db: DbOrTx, courierId: string, code: string): Promise<ScannedPackage | null> {
  const result = await db.execute<{ id: string; package_no: string }>(packageOfCodeSql(courierId, code));
  const [row] = result.rows;
  return row ? { id: row.id, packageNo: row.package_no } : null;
}

function packageOfCodeSql(courierId: string, code: string): SQL {
  const number = parsePackageNumber(code);
  const packageNo = number ? formatPackageNumber(number.courierCode, number.sequence) : null;
  const keys = trackingMatchKeys(code);
  return sql`
    select id, package_no from packages
    where courier_id = ${courierId}
      and (tracking_number in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})${packageNo ? sql` or package_no = ${packageNo}` : sql``})
    limit 1`;
}

/**
 * A scan's lookups in one statement: the scan this device id already made (a replay), the package
 * the code names (packageOfCode) and whether the manifest carries it.
 */
export async function scanLookup(db: DbOrTx, input: { courierId: string; manifestId: string; reconciliationId: string; clientScanId: string; code: string }) {
  const result = await db.execute<{ replay_id: string | null; id: string | null; package_no: string | null; on_manifest: boolean | null }>(sql`
    select (select s.id from reconciliation_scans s where s.reconciliation_id = ${input.reconciliationId} and s.client_scan_id = ${input.clientScanId} limit 1) as replay_id,
      p.id, p.package_no,
      exists (select 1 from manifest_packages mp where mp.manifest_id = ${input.manifestId} and mp.package_id = p.id) as on_manifest
    from (select 1) one left join lateral (${packageOfCodeSql(input.courierId, input.code)}) p on true`);
  const row = result.rows[0];
  const pkg: ScannedPackage | null = row?.id && row.package_no ? { id: row.id, packageNo: row.package_no } : null;
  return { replayId: row?.replay_id ?? null, pkg, onManifest: Boolean(pkg && row?.on_manifest) };
}

type ScanRow = {
  id: string; code: string; outcome: ReconciliationScan['outcome']; package_id: string | null; package_no: string | null;
  tracking_number: string | null; customer_name: string | null; package_status: PackageStatus | null;
  belongs_id: string | null; belongs_number: string | null; note: string | null; photo_file_id: string | null;
  scanned_by: string | null; device_id: string | null; created_at: Date | string;
};

function toScan(row: ScanRow): ReconciliationScan {
  return {
    id: row.id, code: row.code, outcome: row.outcome, packageId: row.package_id, packageNumber: row.package_no,
    trackingNumber: row.tracking_number, customerName: row.customer_name, packageStatus: row.package_status,
    belongsTo: row.outcome === 'extra' && row.belongs_id && row.belongs_number ? { manifestId: row.belongs_id, manifestNumber: row.belongs_number } : null,
    note: row.note, photoFileId: row.photo_file_id, scannedBy: row.scanned_by, deviceId: row.device_id, scannedAt: isoOf(row.created_at),
  };
}

/**
 * Scans of a reconciliation with what a person reads: the package, its customer, who scanned it,
 * and for an extra the manifest it is really on (its current membership). `photoFileId` is the
 * package file id, served by GET /package-files/{id}.
 */
export async function scanRows(db: DbOrTx, reconciliationId: string, options: { where?: SQL; limit?: number; order?: 'newest' | 'oldest' } = {}): Promise<ReconciliationScan[]> {
  const result = await db.execute<ScanRow>(scanRowsSql(reconciliationId, options));
  return result.rows.map(toScan);
}

function scanRowsSql(reconciliationId: string, options: { where?: SQL; limit?: number; order?: 'newest' | 'oldest' }): SQL {
  return sql`
    select s.id, s.code, s.outcome, s.package_id, p.package_no, p.tracking_number, p.status as package_status,
      coalesce(c.first_name || ' ' || c.last_name, p.label_name) as customer_name,
      m.id as belongs_id, m.number as belongs_number, s.note,
      (select pf.id from package_files pf where pf.stored_file_id = s.photo_file_id limit 1) as photo_file_id,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as scanned_by,
      s.device_id, s.created_at
    from reconciliation_scans s
    left join packages p on p.id = s.package_id
    left join customers c on c.id = p.customer_id
    left join users u on u.id = s.scanned_by
    left join manifest_packages mp on mp.package_id = s.package_id and mp.released_at is null
    left join manifests m on m.id = mp.manifest_id
    where s.reconciliation_id = ${reconciliationId}${options.where ? sql` and ${options.where}` : sql``}
    order by s.created_at ${options.order === 'oldest' ? sql`asc` : sql`desc`}, s.id
    ${options.limit ? sql`limit ${options.limit}` : sql``}`;
}

/**
 * One scan as the screens show it and the live counts, in one statement (a scan's answer), with
 * `alongside` writes and NOTIFYs sent in it too (db/one-statement.ts: they are not yet visible to
 * it, so the scan itself must have been written by an earlier statement).
 */
export async function scanWithCounts(
  db: DbOrTx, manifestId: string, reconciliationId: string, scanId: string, alongside: { writes: SQLWrapper[]; notifies: SQL[] } = { writes: [], notifies: [] },
): Promise<{ scan: ReconciliationScan | null; counts: ReconciliationCounts }> {
  const [row] = await runAsOneStatement<{ scan: ScanRow | null; expected: number; received: number; damaged: number; extra: number }>(db, {
    ...alongside,
    result: sql`select (select to_json(x) from (${scanRowsSql(reconciliationId, { where: sql`s.id = ${scanId}`, limit: 1 })}) x) as scan, c.*
      from (${countsSql(manifestId, reconciliationId)}) c`,
  });
  return { scan: row?.scan ? toScan(row.scan) : null, counts: countsFrom(row) };
}

/**
 * Live counts in one statement. Expected: every parcel the manifest carried; received: its
 * parcels scanned (one row per parcel, decision 013), damaged among them; extra: scans of parcels
 * not on it.
 */
export async function countsOf(db: DbOrTx, manifestId: string, reconciliationId: string | null): Promise<ReconciliationCounts> {
  const result = await db.execute<CountsRow>(countsSql(manifestId, reconciliationId));
  return countsFrom(result.rows[0]);
}

type CountsRow = { expected: number; received: number; damaged: number; extra: number };

const countsSql = (manifestId: string, reconciliationId: string | null) => sql`
    select
      (select count(*)::int from manifest_packages where manifest_id = ${manifestId}) as expected,
      count(*) filter (where s.outcome in ('received', 'damaged'))::int as received,
      count(*) filter (where s.outcome = 'damaged')::int as damaged,
      count(*) filter (where s.outcome = 'extra')::int as extra
    from reconciliation_scans s
    where s.reconciliation_id = ${reconciliationId ?? '00000000-0000-0000-0000-000000000000'}`;

function countsFrom(row: CountsRow | undefined): ReconciliationCounts {
  const counts = row ?? { expected: 0, received: 0, damaged: 0, extra: 0 };
  return { expected: counts.expected, received: counts.received, damaged: counts.damaged, extra: counts.extra, missing: Math.max(0, counts.expected - counts.received) };
}
