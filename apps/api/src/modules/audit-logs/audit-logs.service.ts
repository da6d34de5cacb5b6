import { and, eq, sql } from 'drizzle-orm';
import type { auditLogListColumns } from '@parceldesk/shared/schemas/audit-logs';
import { AUDIT_ACTOR_TYPE_LABELS, AUDIT_ACTOR_TYPES, type AuditLogItem } from '@parceldesk/shared/schemas/audit-logs';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { DbOrTx } from '../../db/client';
import { auditLogs, couriers, customers, integrationKeys, users } from '../../db/schema/index';
import { courierOptions } from '../../lib/list-options';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';

const actorName = sql<string | null>`case ${auditLogs.actorType}
  when 'user' then ${users.firstName} || ' ' || ${users.lastName}
  when 'customer' then ${customers.firstName} || ' ' || ${customers.lastName}
  when 'api_key' then 'API key ' || ${integrationKeys.name} || ' (' || ${integrationKeys.prefix} || ')'
  else 'System' end`;
const actorEmail = sql<string | null>`coalesce(${users.email}, ${customers.email})`;
const actorRole = sql<string | null>`case ${auditLogs.actorType} when 'user' then ${users.role} when 'customer' then 'customer' else null end`;

const actorTypeOptions = AUDIT_ACTOR_TYPES.map((value) => ({ value, label: AUDIT_ACTOR_TYPE_LABELS[value] }));

/**
 * The actions ever written, read with a loose index scan of audit_logs_action_idx (one probe per
 * distinct action, however many rows); lib/list-query.ts then keeps those present in the scope.
 */
function actionOptions(db: DbOrTx) {
  return async () => {
    const result = await db.execute<{ action: string }>(sql`
      with recursive actions(action) as (
        select min(action) from audit_logs
        union all
        select (select min(a.action) from audit_logs a where a.action > actions.action) from actions where actions.action is not null
      )
      select action from actions where action is not null limit 200`);
    return result.rows.map((r) => ({ value: r.action, label: r.action }));
  };
}

function columns(db: DbOrTx, scope: TenantScope): ColumnsOf<typeof auditLogListColumns, 'actorEmail'> {
  return {
    createdAt: { sql: localDateTime(auditLogs.createdAt), sortable: true, sortBy: [auditLogs.createdAt], filter: 'text' },
    actorName: { sql: actorName, sortable: true, searchable: true, filter: 'text' },
    actorEmail: { sql: actorEmail, searchable: true },
    actorType: { sql: auditLogs.actorType, sortable: true, filter: 'dropdown', options: () => actorTypeOptions },
    action: { sql: auditLogs.action, sortable: true, searchable: true, filter: 'dropdown', options: actionOptions(db) },
    targetType: { sql: auditLogs.targetType, sortable: true, filter: 'text' },
    targetId: { sql: sql`${auditLogs.targetId}::text`, filter: 'text' },
    ip: { sql: auditLogs.ip, sortable: true, searchable: true, filter: 'text' },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: auditLogs.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
  };
}

/** GET /audit-logs: a courier admin reads their courier's entries, the super admin every entry (and filters by courier). */
export function listAuditLogs(db: DbOrTx, scope: TenantScope, query: ListQuery) {
  return runListQuery({
    db,
    select: {
      id: auditLogs.id, createdAt: auditLogs.createdAt, actorType: auditLogs.actorType, actorId: auditLogs.actorId,
      actorName, actorEmail, actorRole, action: auditLogs.action, targetType: auditLogs.targetType, targetId: auditLogs.targetId,
      ip: auditLogs.ip, details: auditLogs.details, courierId: auditLogs.courierId, courierName: couriers.name,
    },
    from: (q) => q.from(auditLogs)
      .leftJoin(users, and(eq(auditLogs.actorType, 'user'), eq(users.id, auditLogs.actorId)))
      .leftJoin(customers, and(eq(auditLogs.actorType, 'customer'), eq(customers.id, auditLogs.actorId)))
      .leftJoin(integrationKeys, and(eq(auditLogs.actorType, 'api_key'), eq(integrationKeys.id, auditLogs.actorId)))
      .leftJoin(couriers, eq(couriers.id, auditLogs.courierId))
      .$dynamic(),
    where: tenantWhere(auditLogs, scope),
    columns: columns(db, scope),
    query,
    statement: 'audit-logs',
    statementValues: ['user', 'customer', 'api_key'], // the actor types of the joins
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: auditLogs.id,
    map: (row): AuditLogItem => ({ ...row, createdAt: row.createdAt.toISOString(), details: row.details ?? null }),
  });
}
