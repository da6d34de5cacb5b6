import { z } from 'zod';
import type { ListColumns } from './people';

/** The audit log (issue 5: /admin/audit-logs, /superadmin/audit-logs): who did what, when, from where, to which record. */
export const AUDIT_ACTOR_TYPES = ['user', 'customer', 'system', 'api_key'] as const;
export const AUDIT_ACTOR_TYPE_LABELS: Record<(typeof AUDIT_ACTOR_TYPES)[number], string> = {
  user: 'Staff user',
  customer: 'Customer',
  system: 'System',
  api_key: 'API key',
};

export const auditLogItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  actorId: z.string().nullable(),
  /** 'First Last' of the user or customer; 'System' for system entries; null when the account is gone. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** super_admin, courier_admin, branch_manager, staff or customer. */
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  courierId: z.string().nullable(),
  courierName: z.string().nullable(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

/**
 * GET /audit-logs (list convention). `action`, `actorType` and `courierName` (super
 * admin; filters by courier id) are dropdowns; `createdAt` filters as text on the local
 * date-time 'YYYY-MM-DD HH:MM'.
 */
export const auditLogListColumns = {
  createdAt: { sortable: true, filter: 'text' },
  actorName: { sortable: true, filter: 'text' },
  actorType: { sortable: true, filter: 'dropdown' },
  action: { sortable: true, filter: 'dropdown' },
  targetType: { sortable: true, filter: 'text' },
  targetId: { filter: 'text' },
  ip: { sortable: true, filter: 'text' },
  courierName: { sortable: true, filter: 'dropdown' },
} as const satisfies ListColumns;
