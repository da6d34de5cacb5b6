import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CARRIER_LABELS, CARRIERS, canonicalTracking, PACKAGE_STATUS_CUSTOMER_LABELS, parsePackageNumber, PACKAGE_STATUS_LABELS, PACKAGE_STATUSES, type PackageStatus } from '@parceldesk/shared/domain/packages';
import { type FilterOption, type ListQuery } from '@parceldesk/shared/schemas/list-query';
import {
  SERVICE_LABELS, SERVICES, type myPackageListColumns, type packageListColumns, type UnknownPackageListItem, type unknownPackageListColumns,
} from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, customers, customerSearchText, packageClaims, packageCountSql, packages, packageSearch, packageSearchText } from '../../db/schema/index';
import { branchOptions, courierOptions } from '../../lib/list-options';
import { containsPattern, countedStatuses, runListQuery, type ColumnsOf, type ExactSearch } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';
import { visiblePackages } from './package-access';
import { customerNameSql, mailboxSql, packageListFields, toPackageListItem, type PackageListRow } from './package-view';

const serviceOptions = SERVICES.map((value) => ({ value, label: SERVICE_LABELS[value] }));
const carrierOptions = CARRIERS.map((value) => ({ value, label: CARRIER_LABELS[value] }));

function statusOptions(forCustomer: boolean) {
  return PACKAGE_STATUSES.filter((s) => s !== 'pre_alerted').map((value) => ({ value, label: (forCustomer ? PACKAGE_STATUS_CUSTOMER_LABELS : PACKAGE_STATUS_LABELS)[value] }));
}

const p2 = alias(packages, 'p2');
const p3 = alias(packages, 'p3');
const c2 = alias(customers, 'c2');
const e = alias(packages, 'e');
/** An aliased table in FROM (drizzle writes an alias alone as its name). */
const packagesAs = (name: string) => sql`${packages} ${sql.identifier(name)}`;

/**
 * Search by package number, tracking number (also as typed with spaces or a USPS routing
 * prefix), customer name or mailbox, so no search reads a courier's whole package list:
 * - a whole package or (canonical) tracking number (a parcel scanned into the search box): the
 *   packages `exactNumberIds` finds on the unique btree indexes, alone, as an `ExactSearch` whose
 *   statement is planned once (docs/decisions/010-packages.md, Lists and search);
 * - otherwise one `id in (...)` of index lookups: package_search's trigram index, "contains" on
 *   their numbers (a long number's trigrams, TBA, 000 …, are in most of the million rows: 30 ms,
 *   which is why a whole number goes to the unique index instead), and the packages of the
 *   customers the customers' trigram index finds (name, mailbox, e-mail, phone). Their packages
 *   are read from (customer_id, received_at, id) alone: the customers are the scope's, and the
 *   list's own WHERE keeps its scope on every row anyway.
 * A customer's own list matches their own packages' numbers (a few rows, no index needed).
 */
function packageSearchCondition(scope: TenantScope, customerId: string | null, exactIds: readonly string[]) {
  return (term: string): SQL | ExactSearch => {
    const patterns = [...new Set([containsPattern(term), containsPattern(canonicalTracking(term))])];
    const matches = (text: SQL) => sql.join(patterns.map((p) => sql`${text} ilike ${p}`), sql` or `);
    if (customerId) return sql`${packages.id} in (select ${p2.id} from ${packagesAs('p2')} where ${p2.customerId} = ${customerId} and (${matches(packageSearchText(p2))}))`;
    if (exactIds.length > 0) return { exact: inArray(packages.id, [...exactIds]) };
    const inScope = (courierCol: SQL) => (scope.courierId ? sql`${courierCol} = ${scope.courierId}` : sql`true`);
    return sql`${packages.id} in (
      select ${packageSearch.packageId} from ${packageSearch} where ${inScope(sql`${packageSearch.courierId}`)} and (${matches(sql`${packageSearch.text}`)})
      union all
      select ${p3.id} from ${packagesAs('p3')} where ${p3.customerId} in (
        select ${c2.id} from ${customers} ${sql.identifier('c2')} where ${inScope(sql`${c2.courierId}`)} and ${customerSearchText(c2)} ilike ${containsPattern(term)}))`;
  };
}

/**
 * The packages whose tracking number (canonical, as stored) or package number (stored upper
 * case) is the whole term, each on its unique index; none for a term without a digit, which no
 * number is. Across the network a package number is looked up in the courier its code names: no
 * index has the number without the courier.
 */
async function exactNumberIds(db: DbOrTx, scope: TenantScope, term: string): Promise<string[]> {
  if (!/\d/.test(term)) return [];
  const eAs = packagesAs('e');
  const byTracking = sql`select ${e.id} as id from ${eAs} where ${scope.courierId ? sql`${e.courierId} = ${scope.courierId} and ` : sql``}${e.trackingNumber} = ${canonicalTracking(term)}`;
  const number = term.trim().toUpperCase();
  const parsed = parsePackageNumber(number);
  const courier = !parsed ? undefined : scope.courierId
    ? sql`${e.courierId} = ${scope.courierId}`
    : sql`${e.courierId} = (select ${couriers.id} from ${couriers} where lower(${couriers.code}) = ${parsed.courierCode.toLowerCase()})`;
  const lookup = courier ? sql`${byTracking} union select ${e.id} from ${eAs} where ${courier} and ${e.packageNo} = ${number}` : byTracking;
  const { rows } = await db.execute<{ id: string }>(sql`${lookup} order by 1 limit 50`);
  return rows.map((row) => row.id);
}

function columns(db: DbOrTx, scope: TenantScope, forCustomer: boolean): ColumnsOf<typeof packageListColumns> | ColumnsOf<typeof myPackageListColumns> {
  const base: ColumnsOf<typeof myPackageListColumns> = {
    packageNumber: { sql: packages.packageNo, sortable: true, filter: 'text' },
    trackingNumber: { sql: packages.trackingNumber, sortable: true, filter: 'text' },
    status: { sql: packages.status, sortable: true, filter: 'dropdown', options: () => statusOptions(forCustomer) },
    service: { sql: packages.service, sortable: true, filter: 'dropdown', options: () => serviceOptions },
    carrier: { sql: packages.carrier, sortable: true, filter: 'dropdown', options: () => carrierOptions },
    receivedAt: { sql: localDateTime(packages.receivedAt), sortable: true, sortBy: [packages.receivedAt], filter: 'text' },
    updatedAt: { sql: packages.updatedAt, kind: 'timestamp', sortable: true },
  };
  if (forCustomer) return base;
  const staff: ColumnsOf<typeof packageListColumns> = {
    ...base,
    customerName: { sql: customerNameSql, sortable: true, sortBy: [sql`lower(${customers.firstName})`, sql`lower(${customers.lastName})`], filter: 'text' },
    mailboxNumber: { sql: mailboxSql, sortable: true, filter: 'text' },
    branchName: { sql: sql`coalesce(${branches.name}, '')`, sortable: true, filter: 'dropdown', value: { sql: packages.branchId, type: 'uuid' }, options: branchOptions(db, scope) },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: packages.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    weight: { sql: packages.weight, kind: 'number', sortable: true, filter: 'number' },
  };
  return staff;
}

/**
 * The total of a courier-wide (or network) package list that no search or filter but status
 * narrows, read from the parcel counters migration 0027's triggers keep per courier, branch and
 * status in the writing transaction (exact, not an estimate); anything else counts its rows. A
 * branch-bound reader's list (its branch, unknown parcels, what they received) has no counter.
 * A status value compared as text (no dropdown shown) matches the same rows: no status name
 * contains another.
 */
function countedPackages(scope: TenantScope, onlyStatus?: PackageStatus) {
  return (query: ListQuery, shownOptions: Readonly<Record<string, readonly FilterOption[]>>): SQL | undefined => {
    if (scope.branch) return undefined;
    const statuses = countedStatuses(query, PACKAGE_STATUSES, true, shownOptions);
    if (statuses === null || (onlyStatus && statuses !== undefined)) return undefined;
    return packageCountSql({ courierId: scope.courierId }, onlyStatus ? [onlyStatus] : statuses);
  };
}

/** GET /packages: staff their courier's (the network for a super admin), a customer their own. */
export async function listPackages(db: DbOrTx, principal: Principal, query: ListQuery) {
  const forCustomer = principal.kind === 'customer';
  const scope: TenantScope = forCustomer ? { courierId: principal.courierId } : scopeOf(principal);
  const exactIds = query.search && !forCustomer ? await exactNumberIds(db, scope, query.search) : [];
  return runListQuery({
    db,
    select: packageListFields,
    from: (q) => q.from(packages)
      .leftJoin(customers, and(eq(customers.id, packages.customerId), eq(customers.courierId, packages.courierId)))
      .leftJoin(branches, eq(branches.id, packages.branchId))
      .innerJoin(couriers, eq(couriers.id, packages.courierId))
      .$dynamic(),
    where: visiblePackages(principal),
    columns: columns(db, scope, forCustomer),
    searchCondition: packageSearchCondition(scope, forCustomer ? principal.id : null, exactIds),
    countedTotal: forCustomer ? undefined : countedPackages(scope),
    query,
    statement: forCustomer ? 'packages/mine' : 'packages',
    defaultSort: { field: 'receivedAt', order: 'desc' },
    tieBreaker: packages.id,
    map: (row) => toPackageListItem(row as PackageListRow, forCustomer),
  });
}

const pendingClaims = sql<number>`(select count(*)::int from ${packageClaims} where ${packageClaims.packageId} = ${packages.id} and ${packageClaims.status} = 'pending')`;

/** GET /packages/unknown: parcels nobody matched, with what was read off the label. */
export function listUnknownPackages(db: DbOrTx, principal: Principal, query: ListQuery) {
  const scope = scopeOf(principal);
  const unknownColumns: ColumnsOf<typeof unknownPackageListColumns> = {
    packageNumber: { sql: packages.packageNo, sortable: true, searchable: true, filter: 'text' },
    trackingNumber: { sql: packages.trackingNumber, sortable: true, searchable: true, filter: 'text' },
    labelName: { sql: sql`coalesce(${packages.labelName}, '')`, sortable: true, searchable: true, filter: 'text' },
    labelMailbox: { sql: sql`coalesce(${packages.labelMailbox}, '')`, sortable: true, searchable: true, filter: 'text' },
    carrier: { sql: packages.carrier, sortable: true, filter: 'dropdown', options: () => carrierOptions },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: packages.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    receivedAt: { sql: localDateTime(packages.receivedAt), sortable: true, sortBy: [packages.receivedAt], filter: 'text' },
  };
  return runListQuery({
    db,
    select: {
      id: packages.id, packageNo: packages.packageNo, trackingNumber: packages.trackingNumber, carrier: packages.carrier,
      labelName: packages.labelName, labelMailbox: packages.labelMailbox, shipper: packages.shipper, weight: packages.weight,
      branchName: sql<string>`coalesce(${branches.name}, '')`, receivedAt: packages.receivedAt, pendingClaims,
      courierId: packages.courierId, courierName: couriers.name,
    },
    from: (q) => q.from(packages).leftJoin(branches, eq(branches.id, packages.branchId)).innerJoin(couriers, eq(couriers.id, packages.courierId)).$dynamic(),
    where: visiblePackages(principal, eq(packages.status, 'unknown')),
    columns: unknownColumns,
    countedTotal: countedPackages(scope, 'unknown'),
    query,
    statement: 'packages/unknown',
    defaultSort: { field: 'receivedAt', order: 'desc' },
    tieBreaker: packages.id,
    map: (row): UnknownPackageListItem => ({
      id: row.id, packageNumber: row.packageNo, trackingNumber: row.trackingNumber, carrier: row.carrier, labelName: row.labelName,
      labelMailbox: row.labelMailbox, shipper: row.shipper, weight: Number(row.weight), branchName: row.branchName,
      receivedAt: row.receivedAt.toISOString(), pendingClaims: Number(row.pendingClaims), courierId: row.courierId, courierName: row.courierName,
    }),
  });
}
