import { eq, sql } from 'drizzle-orm';
import { groupPermissionsByModule, PERMISSION_LABELS, PERMISSIONS, permissionModule } from '@parceldesk/shared/permissions';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { roleListColumns} from '@parceldesk/shared/schemas/roles';
import {
  ROLE_MSG, roleInUseMessage, type CreateRoleInput, type PermissionCatalogue, type RoleDetail, type RoleListItem, type UpdateRoleInput
} from '@parceldesk/shared/schemas/roles';
import type { DbOrTx } from '../../db/client';
import { couriers, roles, users } from '../../db/schema/index';
import { auditAction, courierForNewRow, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { courierOptions } from '../../lib/list-options';
import { qualified, runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import { isUniqueViolation } from '../../lib/pg-errors';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The permission catalogue, grouped by the part before the first underscore (spec section 6). */
export function permissionCatalogue(): PermissionCatalogue {
  const groups = groupPermissionsByModule(PERMISSIONS);
  return {
    permissions: PERMISSIONS.map((name) => ({ name, label: PERMISSION_LABELS[name], module: permissionModule(name) })),
    modules: Object.entries(groups).map(([module, names]) => ({
      module,
      label: capitalise(module),
      permissions: names.map((name) => ({ name, label: PERMISSION_LABELS[name as keyof typeof PERMISSION_LABELS] })),
    })),
  };
}

const usersCount = sql<number>`(select count(*)::int from users u where u.role_id = ${qualified(roles.id)})`;

const listFields = {
  id: roles.id, courierId: roles.courierId, courierName: couriers.name, name: roles.name, description: roles.description,
  builtin: roles.builtin, permissions: roles.permissions, usersCount, createdAt: roles.createdAt,
};

const BUILTIN_OPTIONS = [
  { value: 'branch_manager', label: 'Branch Manager (built-in)' },
  { value: 'staff', label: 'Staff (built-in)' },
];

function columns(db: DbOrTx, scope: TenantScope): ColumnsOf<typeof roleListColumns, 'courierId'> {
  return {
    name: { sql: roles.name, sortable: true, sortBy: [sql`lower(${roles.name})`], searchable: true, filter: 'text' },
    description: { sql: roles.description, searchable: true, filter: 'text' },
    builtin: { sql: roles.builtin, sortable: true, filter: 'dropdown', options: () => BUILTIN_OPTIONS },
    usersCount: { sql: usersCount, kind: 'number', sortable: true, filter: 'number' },
    courierName: { sql: couriers.name, sortable: true, searchable: !scope.courierId, filter: 'dropdown', value: { sql: roles.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    courierId: { sql: roles.courierId, filter: 'exact', value: { sql: roles.courierId, type: 'uuid' } },
    createdAt: { sql: localDateTime(roles.createdAt), sortable: true, sortBy: [roles.createdAt], filter: 'text' },
  };
}

const withDate = <T extends { createdAt: Date; courierName: string | null }>(row: T) => ({ ...row, courierName: row.courierName ?? '', createdAt: row.createdAt.toISOString() });

export function listRoles({ db, scope, query }: { db: DbOrTx; scope: TenantScope; query: ListQuery }) {
  return runListQuery({
    db,
    select: listFields,
    from: (q) => q.from(roles).leftJoin(couriers, eq(couriers.id, roles.courierId)).$dynamic(),
    where: tenantWhere(roles, scope),
    columns: columns(db, scope),
    query,
    statement: 'roles',
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: roles.id,
    map: (row): RoleListItem => withDate(row),
  });
}

export async function getRole({ db, scope, id }: { db: DbOrTx; scope: TenantScope; id: string }): Promise<RoleDetail> {
  const [row] = await db.select({ ...listFields, updatedAt: roles.updatedAt }).from(roles)
    .innerJoin(couriers, eq(couriers.id, roles.courierId))
    .where(tenantWhere(roles, scope, eq(roles.id, id)));
  if (!row) throw notFound();
  return { ...withDate(row), updatedAt: row.updatedAt.toISOString() };
}

const nameTaken = () => conflict(ROLE_MSG.nameTaken, { name: ROLE_MSG.nameTaken });

export async function createRole(db: DbOrTx, { actor, input }: { actor: Actor; input: CreateRoleInput }): Promise<RoleDetail> {
  const courierId = await courierForNewRow(db, actor.scope, input.courierId);
  try {
    const [created] = await db.insert(roles).values({
      courierId, name: input.name, description: input.description || null, permissions: input.permissions ?? [],
    }).returning({ id: roles.id });
    if (!created) throw new Error('role insert returned nothing');
    await auditAction(db, actor, { courierId, action: 'role.created', targetType: 'role', targetId: created.id, details: { name: input.name, permissions: input.permissions } });
    const id = created.id;
    return await getRole({ db, scope: actor.scope, id });
  } catch (error) {
    if (isUniqueViolation(error, 'roles_courier_name_key')) throw nameTaken();
    throw error;
  }
}

/** Users of the role see the new permissions on their next request (the principal reads them live). */
export async function updateRole(db: DbOrTx, { actor, id, input }: { actor: Actor; id: string; input: UpdateRoleInput }): Promise<RoleDetail> {
  try {
    const [updated] = await db.update(roles).set({
      name: input.name, description: input.description === undefined ? undefined : input.description || null,
      permissions: input.permissions ?? [], updatedAt: new Date(),
    }).where(tenantWhere(roles, actor.scope, eq(roles.id, id))).returning({ courierId: roles.courierId });
    if (!updated) throw notFound();
    await auditAction(db, actor, { courierId: updated.courierId, action: 'role.updated', targetType: 'role', targetId: id, details: { name: input.name, permissions: input.permissions } });
  } catch (error) {
    if (isUniqueViolation(error, 'roles_courier_name_key')) throw nameTaken();
    throw error;
  }
  return getRole({ db, scope: actor.scope, id });
}

export async function deleteRole(db: DbOrTx, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  // FOR UPDATE conflicts with the key-share lock a concurrent assignment takes on the role,
  // so nobody can be given the role between the count and the delete.
  const [role] = await db.select().from(roles).where(tenantWhere(roles, actor.scope, eq(roles.id, id))).for('update');
  if (!role) throw notFound();
  if (role.builtin) throw conflict(ROLE_MSG.builtinNotDeletable);
  const [usage] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.roleId, id));
  if (usage && usage.n > 0) throw conflict(roleInUseMessage(usage.n));
  await db.delete(roles).where(eq(roles.id, id));
  await auditAction(db, actor, { courierId: role.courierId, action: 'role.deleted', targetType: 'role', targetId: id, details: { name: role.name } });
}
