import { eq, sql } from 'drizzle-orm';
import type { branchListColumns } from '@parceldesk/shared/schemas/branches';
import { BRANCH_MSG, type BranchDetail, type BranchListItem, type CreateBranchInput, type UpdateBranchInput } from '@parceldesk/shared/schemas/branches';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { DbOrTx } from '../../db/client';
import { branches, couriers } from '../../db/schema/index';
import { auditAction, courierForNewRow, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { activeOptions, courierOptions } from '../../lib/list-options';
import { qualified, runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import { isUniqueViolation } from '../../lib/pg-errors';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';

const customersCount = sql<number>`(select count(*)::int from customers c where c.courier_id = ${qualified(branches.courierId)} and c.branch_id = ${qualified(branches.id)})`;
const staffCount = sql<number>`(select count(*)::int from users u where u.courier_id = ${qualified(branches.courierId)} and u.branch_id = ${qualified(branches.id)})`;

const listFields = {
  id: branches.id, courierId: branches.courierId, courierName: couriers.name, name: branches.name, code: branches.code,
  address: branches.address, phone: branches.phone, openingHours: branches.openingHours, isActive: branches.isActive,
  customersCount, createdAt: branches.createdAt,
};

function columns(db: DbOrTx, scope: TenantScope): ColumnsOf<typeof branchListColumns, 'courierId'> {
  return {
    name: { sql: branches.name, sortable: true, sortBy: [sql`lower(${branches.name})`], searchable: true, filter: 'text' },
    code: { sql: branches.code, sortable: true, searchable: true, filter: 'text' },
    address: { sql: branches.address, sortable: true, searchable: true, filter: 'text' },
    phone: { sql: branches.phone, sortable: true, searchable: true, filter: 'text' },
    openingHours: { sql: branches.openingHours, filter: 'text' },
    isActive: { sql: branches.isActive, kind: 'boolean', sortable: true, filter: 'dropdown', value: { sql: branches.isActive, type: 'boolean' }, options: () => activeOptions },
    courierName: { sql: couriers.name, sortable: true, searchable: !scope.courierId, filter: 'dropdown', value: { sql: branches.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    courierId: { sql: branches.courierId, filter: 'exact', value: { sql: branches.courierId, type: 'uuid' } },
    customersCount: { sql: customersCount, kind: 'number', sortable: true, filter: 'number' },
    createdAt: { sql: localDateTime(branches.createdAt), sortable: true, sortBy: [branches.createdAt], filter: 'text' },
  };
}

const withDate = <T extends { createdAt: Date; courierName: string | null }>(row: T) => ({ ...row, courierName: row.courierName ?? '', createdAt: row.createdAt.toISOString() });

export function listBranches({ db, scope, query }: { db: DbOrTx; scope: TenantScope; query: ListQuery }) {
  return runListQuery({
    db,
    select: listFields,
    from: (q) => q.from(branches).leftJoin(couriers, eq(couriers.id, branches.courierId)).$dynamic(),
    where: tenantWhere(branches, scope),
    columns: columns(db, scope),
    query,
    statement: 'branches',
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: branches.id,
    map: (row): BranchListItem => withDate(row),
  });
}

export async function getBranch({ db, scope, id }: { db: DbOrTx; scope: TenantScope; id: string }): Promise<BranchDetail> {
  const [row] = await db.select({ ...listFields, staffCount, updatedAt: branches.updatedAt }).from(branches)
    .innerJoin(couriers, eq(couriers.id, branches.courierId))
    .where(tenantWhere(branches, scope, eq(branches.id, id)));
  if (!row) throw notFound();
  return { ...withDate(row), updatedAt: row.updatedAt.toISOString() };
}

const nameTaken = () => conflict(BRANCH_MSG.nameTaken, { name: BRANCH_MSG.nameTaken });
/** '' and null clear an optional field; undefined leaves it as it is. */
const cleared = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

export async function createBranch(db: DbOrTx, { actor, input }: { actor: Actor; input: CreateBranchInput }): Promise<BranchDetail> {
  const courierId = await courierForNewRow(db, actor.scope, input.courierId);
  try {
    const [created] = await db.insert(branches).values({
      courierId, name: input.name, code: cleared(input.code) ?? null, address: cleared(input.address) ?? null,
      phone: cleared(input.phone) ?? null, openingHours: cleared(input.openingHours) ?? null, isActive: input.isActive ?? true,
    }).returning({ id: branches.id });
    if (!created) throw new Error('branch insert returned nothing');
    await auditAction(db, actor, { courierId, action: 'branch.created', targetType: 'branch', targetId: created.id, details: { name: input.name } });
    const id = created.id;
    return await getBranch({ db, scope: actor.scope, id });
  } catch (error) {
    if (isUniqueViolation(error, 'branches_courier_name_key')) throw nameTaken();
    throw error;
  }
}

export async function updateBranch(db: DbOrTx, { actor, id, input }: { actor: Actor; id: string; input: UpdateBranchInput }): Promise<BranchDetail> {
  try {
    const [updated] = await db.update(branches).set({
      name: input.name, code: cleared(input.code), address: cleared(input.address), phone: cleared(input.phone),
      openingHours: cleared(input.openingHours), isActive: input.isActive, updatedAt: new Date(),
    }).where(tenantWhere(branches, actor.scope, eq(branches.id, id))).returning({ courierId: branches.courierId });
    if (!updated) throw notFound();
    await auditAction(db, actor, { courierId: updated.courierId, action: 'branch.updated', targetType: 'branch', targetId: id, details: { isActive: input.isActive } });
  } catch (error) {
    if (isUniqueViolation(error, 'branches_courier_name_key')) throw nameTaken();
    throw error;
  }
  return getBranch({ db, scope: actor.scope, id });
}
