import { and, eq, sql } from 'drizzle-orm';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import { DEFAULT_STORAGE_RULES } from '@parceldesk/shared/schemas/pricing-settings';
import type { uncollectedListColumns, UncollectedListItem } from '@parceldesk/shared/schemas/uncollected';
import type { DbOrTx } from '../../db/client';
import { branches, courierPricingSettings, customers, customerSearchText, packages, storageCharges, storageNotices } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { branchOptions } from '../../lib/list-options';
import { containsPattern, qualified, runListQuery, type ColumnsOf } from '../../lib/list-query';
import type { Principal } from '../../lib/principal';
import { scopeOf } from '../../lib/tenant-scope';
import { daysWaitingSql, uncollectedCutoffSql } from '../../lib/ready-since';
import { isoOf } from '../../db/prepared';

// Stored and kept by a trigger (migration 0027); null only at other statuses, which this list leaves out.
const readySince = sql<Date>`${packages.readySince}`;
const daysWaiting = daysWaitingSql(packages.readySince);
const feesCents = sql<number>`coalesce((select sum(sc.amount_cents) from ${storageCharges} sc where sc.package_id = ${qualified(packages.id)}), 0)::int`;
const lastReminderAt = sql<Date | null>`(select max(sn.sent_at) from ${storageNotices} sn where sn.package_id = ${qualified(packages.id)} and sn.kind <> 'abandoned')`;
const customerName = sql<string>`coalesce(${customers.firstName} || ' ' || ${customers.lastName}, '')`;

const fields = {
  id: packages.id, packageNo: packages.packageNo, trackingNumber: packages.trackingNumber, customerId: packages.customerId, customerName,
  mailboxNumber: sql<string>`coalesce(${customers.mailboxNumber}, '')`, branchId: customers.branchId, branchName: sql<string>`coalesce(${branches.name}, '')`,
  readySince, daysWaiting, feesCents, lastReminderAt,
};

/**
 * GET /uncollected: the courier's parcels ready for pickup longer than its threshold, with days
 * waiting, fees so far (storage_charges) and the last reminder. Staff with packages_uncollected
 * and courier admins; branch-scoped staff see their branch's customers' parcels (decision 008).
 */
export async function listUncollected(db: DbOrTx, principal: Principal, query: ListQuery) {
  const scope = scopeOf(principal);
  if (!scope.courierId) throw notFound();
  // The courier's threshold, inside the list's own statements (default 15 days when it never saved
  // its storage rules): a list runs at most 3 statements (plugins/statement-budget.test.ts).
  const thresholdDays = sql`coalesce((select ${courierPricingSettings.storageThresholdDays} from ${courierPricingSettings}
    where ${courierPricingSettings.courierId} = ${scope.courierId}), ${DEFAULT_STORAGE_RULES.thresholdDays})`;
  const branch = scope.branch ? (scope.branch.id ? eq(customers.branchId, scope.branch.id) : sql`false`) : undefined;
  const columns: ColumnsOf<typeof uncollectedListColumns> = {
    packageNumber: { sql: packages.packageNo, sortable: true, filter: 'text' },
    customerName: { sql: customerName, sortable: true, filter: 'text' },
    mailboxNumber: { sql: sql`coalesce(${customers.mailboxNumber}, '')`, sortable: true, filter: 'text' },
    branchName: { sql: sql`coalesce(${branches.name}, '')`, sortable: true, filter: 'dropdown', value: { sql: customers.branchId, type: 'uuid' }, options: branchOptions(db, scope) },
    readySince: { sql: readySince, kind: 'timestamp', sortable: true },
    daysWaiting: { sql: daysWaiting, kind: 'number', sortable: true, filter: 'number' },
    feesCents: { sql: feesCents, kind: 'number', sortable: true, filter: 'number' },
    lastReminderAt: { sql: sql`coalesce(${lastReminderAt}, '-infinity'::timestamptz)`, kind: 'timestamp', sortable: true },
  };
  return runListQuery({
    db,
    select: fields,
    from: (q) => q.from(packages)
      .leftJoin(customers, eq(customers.id, packages.customerId))
      .leftJoin(branches, eq(branches.id, customers.branchId))
      .$dynamic(),
    where: and(
      eq(packages.courierId, scope.courierId),
      eq(packages.status, 'ready_for_pickup'),
      sql`${packages.customerId} is not null`,
      branch,
      // daysWaiting > threshold, as an instant the ready_since index answers.
      sql`${packages.readySince} < ${uncollectedCutoffSql(thresholdDays)}`,
    ),
    columns,
    searchCondition: (term) => {
      const pattern = containsPattern(term);
      return sql`(${packages.packageNo} ilike ${pattern} or ${packages.trackingNumber} ilike ${pattern} or ${customerSearchText(customers)} ilike ${pattern})`;
    },
    query,
    statement: 'uncollected',
    defaultSort: { field: 'daysWaiting', order: 'desc' },
    tieBreaker: packages.id,
    map: (row): UncollectedListItem => ({
      id: row.id, packageNumber: row.packageNo, trackingNumber: row.trackingNumber, customerId: row.customerId, customerName: row.customerName,
      mailboxNumber: row.mailboxNumber, branchId: row.branchId, branchName: row.branchName, readySince: isoOf(row.readySince),
      daysWaiting: Number(row.daysWaiting), feesCents: Number(row.feesCents), lastReminderAt: row.lastReminderAt ? isoOf(row.lastReminderAt) : null,
    }),
  });
}
