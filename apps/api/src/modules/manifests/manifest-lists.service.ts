import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { MANIFEST_STATUS_LABELS, MANIFEST_STATUSES } from '@parceldesk/shared/domain/manifests';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { ManifestListItem } from '@parceldesk/shared/schemas/manifests';
import { SERVICE_LABELS, SERVICES } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { couriers, manifestPackages, manifests, manifestSearchText, packages } from '../../db/schema/index';
import { courierOptions } from '../../lib/list-options';
import { qualified, runListQuery, type ListColumnMap } from '../../lib/list-query';
import { LOCAL_TIME_ZONE, localDateTime } from '../../lib/local-time';
import type { Principal } from '../../lib/principal';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';
import { toManifestListItem } from './manifest-detail.service';

const serviceOptions = SERVICES.map((value) => ({ value, label: SERVICE_LABELS[value] }));
const statusOptions = MANIFEST_STATUSES.map((value) => ({ value, label: MANIFEST_STATUS_LABELS[value] }));

const packageCount = sql<number>`(select count(*)::int from ${manifestPackages} where ${manifestPackages.manifestId} = ${qualified(manifests.id)})`;
const totalWeight = sql<string>`(select coalesce(sum(p.weight), 0) from ${manifestPackages} mp2 join ${packages} p on p.id = mp2.package_id where mp2.manifest_id = ${qualified(manifests.id)})`;
/** A calendar day as the instant it begins in Jamaica, so day ranges compare as on timestamps. */
const dayStart = (column: AnyColumn) => sql`(${column}::timestamp at time zone ${sql.raw(`'${LOCAL_TIME_ZONE}'`)})`;
const dayText = (column: AnyColumn) => sql<string>`coalesce(to_char(${column}, 'YYYY-MM-DD'), '')`;

/** GET /manifests: the courier's (the network's for a super admin), newest first. */
export function listManifests(db: DbOrTx, principal: Principal, query: ListQuery) {
  const scope = scopeOf(principal);
  const columns: ListColumnMap = {
    number: { sql: manifests.number, sortable: true, filter: 'text' },
    service: { sql: manifests.service, sortable: true, filter: 'dropdown', options: () => serviceOptions },
    status: { sql: manifests.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    carrier: { sql: manifests.carrier, sortable: true, filter: 'text' },
    waybill: { sql: sql`coalesce(${manifests.mawb}, ${manifests.billOfLading}, '')`, sortable: true, filter: 'text' },
    origin: { sql: manifests.origin, sortable: true, filter: 'text' },
    destination: { sql: manifests.destination, sortable: true, filter: 'text' },
    departureDate: { sql: dayText(manifests.departureDate), sortable: true, sortBy: [manifests.departureDate], filter: 'text', range: { sql: dayStart(manifests.departureDate), type: 'date' } },
    arrivalDate: { sql: dayText(manifests.arrivalDate), sortable: true, sortBy: [manifests.arrivalDate], filter: 'text', range: { sql: dayStart(manifests.arrivalDate), type: 'date' } },
    packageCount: { sql: packageCount, kind: 'number', sortable: true, filter: 'number' },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: manifests.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    createdAt: { sql: localDateTime(manifests.createdAt), sortable: true, sortBy: [manifests.createdAt], filter: 'text', range: { sql: manifests.createdAt, type: 'date' } },
  };
  return runListQuery({
    db,
    select: { manifest: manifests, courierName: couriers.name, packageCount, weight: totalWeight },
    from: (q) => q.from(manifests).innerJoin(couriers, eq(couriers.id, manifests.courierId)).$dynamic(),
    where: tenantWhere(manifests, scope),
    columns,
    searchSql: manifestSearchText(manifests),
    query,
    statement: 'manifests',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: manifests.id,
    map: (row): ManifestListItem => toManifestListItem({ ...row.manifest, courierName: row.courierName, packageCount: row.packageCount, weight: row.weight }),
  });
}
