import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { MEMBERSHIP_LABELS, MEMBERSHIP_TYPES } from '@parceldesk/shared/constants';
import type { CustomerDetail, CustomerListItem } from '@parceldesk/shared/schemas/customers';
import type { customerListColumns } from '@parceldesk/shared/schemas/customers';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, customerSearchText, customers } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { activeOptions, branchOptions, courierOptions } from '../../lib/list-options';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime, localDayEnd, localDayStart } from '../../lib/local-time';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';
import { loadCustomerProfile } from '../../lib/profiles';

const fullName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;

const listFields = {
  id: customers.id, mailboxNumber: customers.mailboxNumber, firstName: customers.firstName, lastName: customers.lastName,
  name: fullName, email: customers.email, phone: customers.phone, branchId: customers.branchId, branchName: branches.name,
  accountType: customers.accountType, businessName: customers.businessName, membershipType: customers.membershipType,
  isActive: customers.isActive, courierId: customers.courierId, courierName: couriers.name, createdAt: customers.createdAt,
};

const ACCOUNT_TYPE_OPTIONS = [{ value: 'individual', label: 'Individual' }, { value: 'business', label: 'Business' }];
const MEMBERSHIP_OPTIONS = MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_LABELS[value] }));

/** Sorts match the indexes of db/schema/tenancy.ts (customers_courier_*), so 100,000 rows page fast. */
function columns(db: DbOrTx, scope: TenantScope): ColumnsOf<typeof customerListColumns, 'branchId' | 'courierId'> {
  return {
    mailboxNumber: { sql: customers.mailboxNumber, sortable: true, searchable: true, filter: 'text' },
    name: { sql: fullName, sortable: true, sortBy: [sql`lower(${customers.firstName})`, sql`lower(${customers.lastName})`], searchable: true, filter: 'text' },
    email: { sql: customers.email, sortable: true, sortBy: [sql`lower(${customers.email})`], searchable: true, filter: 'text' },
    phone: { sql: customers.phone, sortable: true, searchable: true, filter: 'text' },
    branchName: { sql: branches.name, sortable: true, filter: 'dropdown', value: { sql: customers.branchId, type: 'uuid' }, options: branchOptions(db, scope) },
    branchId: { sql: customers.branchId, filter: 'exact', value: { sql: customers.branchId, type: 'uuid' } },
    accountType: { sql: customers.accountType, sortable: true, filter: 'dropdown', options: () => ACCOUNT_TYPE_OPTIONS },
    businessName: { sql: customers.businessName, sortable: true, searchable: true, filter: 'text' },
    membershipType: { sql: customers.membershipType, sortable: true, filter: 'dropdown', options: () => MEMBERSHIP_OPTIONS },
    isActive: { sql: customers.isActive, kind: 'boolean', sortable: true, filter: 'dropdown', value: { sql: customers.isActive, type: 'boolean' }, options: () => activeOptions },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: customers.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    courierId: { sql: customers.courierId, filter: 'exact', value: { sql: customers.courierId, type: 'uuid' } },
    createdAt: { sql: localDateTime(customers.createdAt), sortable: true, sortBy: [customers.createdAt], filter: 'text' },
  };
}

/** A month of sign-ups is a month of local (Jamaica) time, by the one local-time rule of lib/local-time.ts. */
export function signedUpIn(year: number, month: number): SQL | undefined {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return and(gte(customers.createdAt, localDayStart(first)), lt(customers.createdAt, localDayEnd(last)));
}

export const businessOnly = eq(customers.accountType, 'business');

/** Any customer list: the scope's customers narrowed by `where` (a month, business accounts, one courier). */
export function listCustomers({ db, scope, query, where }: { db: DbOrTx; scope: TenantScope; query: ListQuery; where?: SQL }) {
  return runListQuery({
    db,
    select: listFields,
    from: (q) => q.from(customers)
      .leftJoin(couriers, eq(couriers.id, customers.courierId))
      .leftJoin(branches, eq(branches.id, customers.branchId))
      .$dynamic(),
    where: tenantWhere(customers, scope, where),
    columns: columns(db, scope),
    searchSql: customerSearchText(customers),
    query,
    statement: 'customers',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: customers.id,
    map: (row): CustomerListItem => ({ ...row, courierName: row.courierName ?? '', createdAt: row.createdAt.toISOString() }),
  });
}

/**
 * One customer in scope, or 404. Packages, invoices, payments and tickets are left out until the
 * issues that bring them: nothing here is a placeholder.
 */
export async function getCustomer({ db, scope, id, where }: { db: DbOrTx; scope: TenantScope; id: string; where?: SQL }): Promise<CustomerDetail> {
  const [row] = await db.select({
    isActive: customers.isActive, couponCode: customers.couponCode, referralCode: customers.referralCode, updatedAt: customers.updatedAt,
  }).from(customers).where(tenantWhere(customers, scope, eq(customers.id, id), where));
  if (!row) throw notFound();
  const profile = await loadCustomerProfile(db, id);
  if (!profile) throw notFound();
  const { role: _role, impersonated_by: _by, ...rest } = profile;
  return { ...rest, ...row, updatedAt: row.updatedAt.toISOString() };
}
