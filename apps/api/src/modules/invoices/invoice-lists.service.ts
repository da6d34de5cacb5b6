import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  AGING_BUCKET_DAYS, AGING_BUCKET_LABELS, AGING_BUCKETS, INVOICE_STATUS_LABELS, INVOICE_STATUSES, OPEN_INVOICE_STATUSES, type AgingBucket,
} from '@parceldesk/shared/domain/billing';
import type { FilterOption, ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { InvoiceSummary, invoiceListColumns } from '@parceldesk/shared/schemas/invoices';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, customers, customerSearchText, invoiceCountSql, invoices } from '../../db/schema/index';
import { badRequest } from '../../lib/app-error';
import { branchOptions, courierOptions } from '../../lib/list-options';
import { containsPattern, countedStatuses, runListQuery, type ColumnsOf, type ListColumnMap } from '../../lib/list-query';
import { LOCAL_TIME_ZONE, localDateTime } from '../../lib/local-time';
import type { Principal } from '../../lib/principal';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { visibleInvoices } from './invoice-access';
import { invoiceCustomerNameSql, invoiceListFields, toInvoiceListItem, type InvoiceListRow } from './invoice-view';

const statusOptions = INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }));
const agingOptions = AGING_BUCKETS.map((value) => ({ value, label: AGING_BUCKET_LABELS[value] }));
const zone = sql.raw(`'${LOCAL_TIME_ZONE}'`);

/**
 * Aging as a range of issue instants, so the (courier, issued_at) indexes serve it: "31–60 days"
 * is issued between the start of the local day 60 days ago and the start of the day 30 days ago.
 */
function agingCondition(raw: string | string[]): SQL {
  const buckets = (Array.isArray(raw) ? raw : [raw]);
  const parts = buckets.map((value) => {
    if (!(AGING_BUCKETS as readonly string[]).includes(value)) throw badRequest('Filter aging must be 0-30, 31-60, 61-90 or 90+', { filters: 'Filter aging must be 0-30, 31-60, 61-90 or 90+' });
    const [min, max] = AGING_BUCKET_DAYS[value as AgingBucket];
    const dayStart = (daysAgo: number) => sql`(((now() at time zone ${zone})::date - ${daysAgo}::int)::timestamp at time zone ${zone})`;
    // Age ≥ min: issued before the start of the day (min − 1) days ago; age ≤ max: issued on or after the start of the day max days ago.
    const conditions: SQL[] = [];
    if (min > 0) conditions.push(sql`${invoices.issuedAt} < ${dayStart(min - 1)}`);
    if (max !== null) conditions.push(sql`${invoices.issuedAt} >= ${dayStart(max)}`);
    return and(...conditions) ?? sql`true`;
  });
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

const i2 = alias(invoices, 'i2');
const i3 = alias(invoices, 'i3');
const c2 = alias(customers, 'c2');

/** "INV-", "INV" or "NV-" at the start of a term, before at least three more characters. */
const NUMBER_PREFIX = /^(?:i?nv-?|v-)(?=[^%_\\]{3})/i;

/**
 * The invoice-number condition of a search. Every number starts "INV-", so the trigrams of that
 * prefix ("inv", "nv-", "v-0"…) are in every row of the trigram index: a term that starts with it
 * made the index read a posting list of every invoice in the network (57 ms of a 1,000,000-invoice
 * search at load 15, against 0.1 ms for the digits). The index is asked for the rest of the term,
 * and the whole term is checked on the rows it finds (lower(...) like: a filter, not an index
 * condition), so the answer is the same.
 */
function invoiceNumberMatches(column: AnyPgColumn, term: string): SQL {
  const rest = term.replace(NUMBER_PREFIX, '');
  if (rest === term) return sql`${column} ilike ${containsPattern(term)}`;
  return sql`${column} ilike ${containsPattern(rest)} and lower(${column}) like lower(${containsPattern(term)})`;
}

/**
 * Search by invoice number, customer name or mailbox: the ids the invoices' trigram index finds
 * united with the invoices of the customers the customers' trigram index finds. The customers are
 * held to the scope; their invoices are read from (customer_id, issued_at, id) alone, an
 * index-only scan (a courier condition there read each invoice's row: 920 heap pages for
 * "Campbell 13" at 1,005,000 invoices), and the list's own WHERE keeps the scope on every row.
 */
function invoiceSearch(scope: TenantScope, customerId: string | null) {
  return (term: string): SQL => {
    const pattern = containsPattern(term);
    const inScope = (courierCol: SQL) => (scope.courierId ? sql`${courierCol} = ${scope.courierId}` : sql`true`);
    if (customerId) return invoiceNumberMatches(invoices.invoiceNo, term);
    return sql`${invoices.id} in (
      select ${i2.id} from ${invoices} ${sql.identifier('i2')} where ${inScope(sql`${i2.courierId}`)} and ${invoiceNumberMatches(i2.invoiceNo, term)}
      union all
      select ${i3.id} from ${invoices} ${sql.identifier('i3')} where ${i3.customerId} in (
        select ${c2.id} from ${customers} ${sql.identifier('c2')} where ${inScope(sql`${c2.courierId}`)} and ${customerSearchText(c2)} ilike ${pattern}))`;
  };
}

function columns(db: DbOrTx, scope: TenantScope, forCustomer: boolean): ListColumnMap {
  const base = {
    invoiceNumber: { sql: invoices.invoiceNo, sortable: true, filter: 'text' },
    status: { sql: invoices.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    totalCents: { sql: invoices.totalCents, kind: 'number', sortable: true, filter: 'number' },
    balanceCents: { sql: invoices.balanceCents, kind: 'number', sortable: true, filter: 'number' },
    issuedAt: {
      sql: localDateTime(invoices.issuedAt), sortable: true, sortBy: [invoices.issuedAt], filter: 'text',
      range: { sql: invoices.issuedAt, type: 'date' },
    },
  } as const satisfies ListColumnMap;
  if (forCustomer) return base;
  // `aging` is not a column: listInvoices turns it into a range of issue instants (agingCondition).
  const staff: ColumnsOf<Omit<typeof invoiceListColumns, 'aging'>> = {
    ...base,
    customerName: { sql: invoiceCustomerNameSql, sortable: true, sortBy: [sql`lower(${customers.firstName})`, sql`lower(${customers.lastName})`], filter: 'text' },
    mailboxNumber: { sql: sql`coalesce(${customers.mailboxNumber}, '')`, sortable: true, filter: 'text' },
    branchName: { sql: sql`coalesce(${branches.name}, '')`, sortable: true, filter: 'dropdown', value: { sql: invoices.branchId, type: 'uuid' }, options: branchOptions(db, scope) },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: invoices.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
  };
  return staff;
}

/**
 * The total of a courier-wide (or network) invoice list that no search or filter but status
 * narrows, read from the counters migration 0030's triggers keep per courier and status in the
 * writing transaction (exact, not an estimate): a few rows instead of a courier's 200,000 index
 * entries per request. Anything else counts its rows: a branch-bound reader (their customers'
 * invoices), aging, a search, any other filter, and a status typed into a text box (shown instead
 * of the dropdown when the scope holds fewer than two statuses), which is a contains-match and
 * "paid" is in "unpaid".
 */
function countedInvoices(scope: TenantScope) {
  return (query: ListQuery, shownOptions: Readonly<Record<string, readonly FilterOption[]>>): SQL | undefined => {
    if (scope.branch) return undefined;
    const statuses = countedStatuses(query, INVOICE_STATUSES, false, shownOptions);
    return statuses === null ? undefined : invoiceCountSql(scope.courierId, statuses);
  };
}

/**
 * GET /invoices: staff with invoices_view their courier's (branch-scoped staff: their branch's
 * customers'), the super admin the network, a customer their own. Filters of the list convention
 * plus `aging` (days since issue, as a range of issue dates so the indexes serve it).
 */
export async function listInvoices(db: DbOrTx, principal: Principal, query: ListQuery) {
  const forCustomer = principal.kind === 'customer';
  const scope: TenantScope = forCustomer ? { courierId: principal.courierId } : scopeOf(principal);
  const { aging, ...filters } = query.filters;
  if (aging !== undefined && (forCustomer || (typeof aging === 'object' && !Array.isArray(aging)))) {
    throw badRequest(forCustomer ? 'Unknown filter column: aging' : 'Filter aging takes one of its values', { filters: 'Unknown filter column: aging' });
  }
  const result = await runListQuery({
    db,
    select: invoiceListFields,
    from: (q) => q.from(invoices)
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .leftJoin(branches, eq(branches.id, invoices.branchId))
      .innerJoin(couriers, eq(couriers.id, invoices.courierId))
      .$dynamic(),
    where: visibleInvoices(principal, aging === undefined ? undefined : agingCondition(aging as string | string[])),
    columns: columns(db, scope, forCustomer),
    searchCondition: invoiceSearch(scope, forCustomer ? principal.id : null),
    countedTotal: forCustomer || aging !== undefined ? undefined : countedInvoices(scope),
    query: { ...query, filters },
    statement: forCustomer ? 'invoices/mine' : 'invoices',
    defaultSort: { field: 'issuedAt', order: 'desc' },
    tieBreaker: invoices.id,
    map: (row) => toInvoiceListItem(row as InvoiceListRow),
  });
  return forCustomer ? result : { ...result, filterOptions: { ...result.filterOptions, aging: agingOptions } };
}

/** GET /invoices/summary (customer): their open invoices and what they owe now. */
export async function invoiceSummary(db: DbOrTx, principal: Principal): Promise<InvoiceSummary> {
  const [row] = await db.select({
    openInvoices: sql<number>`count(*)::int`,
    amountDueCents: sql<number>`coalesce(sum(${invoices.balanceCents}), 0)::bigint`,
  }).from(invoices).where(visibleInvoices(principal, sql`${invoices.status} in (${sql.join(OPEN_INVOICE_STATUSES.map((s) => sql`${s}`), sql`, `)})`));
  return { openInvoices: Number(row?.openInvoices ?? 0), amountDueCents: Number(row?.amountDueCents ?? 0) };
}
