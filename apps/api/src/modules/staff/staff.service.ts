import { and, eq, sql } from 'drizzle-orm';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import { accountPermissions } from '@parceldesk/shared/permissions';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import type { StaffDetail, StaffListItem } from '@parceldesk/shared/schemas/staff';
import type { staffListColumns } from '@parceldesk/shared/schemas/staff';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, roles, users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { activeOptions, branchOptions, courierOptions, roleOptions } from '../../lib/list-options';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import type { TenantScope } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';
import { pendingEmailOf } from '../../lib/account-links';
import { staffWhere } from './staff-scope';

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

const listFields = {
  id: users.id, firstName: users.firstName, lastName: users.lastName, name: fullName, email: users.email,
  role: users.role, roleId: users.roleId, roleName: roles.name, branchId: users.branchId, branchName: branches.name,
  courierId: couriers.id, courierName: couriers.name, isActive: users.isActive, createdAt: users.createdAt,
};

function columns(db: DbOrTx, principal: Principal, scope: TenantScope): ColumnsOf<typeof staffListColumns, 'branchId' | 'courierId'> {
  const positions = (principal.role === 'super_admin' ? ['courier_admin', 'branch_manager', 'staff'] as const : ['branch_manager', 'staff'] as const)
    .map((value) => ({ value, label: ROLE_LABELS[value] }));
  return {
    name: { sql: fullName, sortable: true, sortBy: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`], searchable: true, filter: 'text' },
    email: { sql: users.email, sortable: true, sortBy: [sql`lower(${users.email})`], searchable: true, filter: 'text' },
    role: { sql: users.role, sortable: true, filter: 'dropdown', options: () => positions },
    roleName: { sql: roles.name, sortable: true, searchable: true, filter: 'dropdown', value: { sql: users.roleId, type: 'uuid' }, options: roleOptions(db, scope) },
    branchName: { sql: branches.name, sortable: true, searchable: true, filter: 'dropdown', value: { sql: users.branchId, type: 'uuid' }, options: branchOptions(db, scope) },
    branchId: { sql: users.branchId, filter: 'exact', value: { sql: users.branchId, type: 'uuid' } },
    isActive: { sql: users.isActive, kind: 'boolean', sortable: true, filter: 'dropdown', value: { sql: users.isActive, type: 'boolean' }, options: () => activeOptions },
    courierName: { sql: couriers.name, sortable: true, searchable: !scope.courierId, filter: 'dropdown', value: { sql: users.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    courierId: { sql: users.courierId, filter: 'exact', value: { sql: users.courierId, type: 'uuid' } },
    createdAt: { sql: localDateTime(users.createdAt), sortable: true, sortBy: [users.createdAt], filter: 'text' },
  };
}

type Position = StaffListItem['role'];
const toItem = <T extends { createdAt: Date; role: string; courierId: string | null; courierName: string | null }>(row: T) => ({
  ...row, role: row.role as Position, courierId: row.courierId ?? '', courierName: row.courierName ?? '', createdAt: row.createdAt.toISOString(),
});

export function listStaff({ db, principal, scope, query }: { db: DbOrTx; principal: Principal; scope: TenantScope; query: ListQuery }) {
  return runListQuery({
    db,
    select: listFields,
    from: (q) => q.from(users)
      .leftJoin(couriers, eq(couriers.id, users.courierId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(branches, eq(branches.id, users.branchId))
      .$dynamic(),
    where: staffWhere(principal, scope),
    columns: columns(db, principal, scope),
    query,
    statement: 'staff',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: users.id,
    map: (row): StaffListItem => toItem(row),
  });
}

/** One user the caller may see on the staff screens, or 404. */
export async function getStaff({ db, principal, scope, id }: { db: DbOrTx; principal: Principal; scope: TenantScope; id: string }): Promise<StaffDetail> {
  const [row] = await db.select({
    ...listFields, permissions: users.permissions, rolePermissions: roles.permissions,
    invitationPending: sql<boolean>`${users.passwordHash} is null`, updatedAt: users.updatedAt,
  }).from(users)
    .innerJoin(couriers, eq(couriers.id, users.courierId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(and(staffWhere(principal, scope), eq(users.id, id)));
  if (!row) throw notFound();
  const rolePermissions = row.rolePermissions ?? [];
  return {
    ...toItem(row),
    rolePermissions,
    effectivePermissions: [...accountPermissions({ rolePermissions, permissions: row.permissions })],
    pendingEmail: await pendingEmailOf(db, { type: 'user', id }),
    updatedAt: row.updatedAt.toISOString(),
  };
}
