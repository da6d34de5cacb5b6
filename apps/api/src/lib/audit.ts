import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema/index';

export interface AuditEntry {
  courierId: string | null;
  actorType: 'user' | 'customer' | 'system' | 'api_key';
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * The audit row writer, in the caller's transaction so the record and the change commit together.
 * A signed-in actor's write goes through lib/actor.ts (auditAction), which notes impersonation;
 * this is called directly only for writes with no signed-in actor (sign-up, sign-in, reset).
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await auditInsert(tx, entry);
}

/** The audit row's insert, not yet run (db/one-statement.ts runs it with the change's other rows). */
export function auditInsert(tx: DbOrTx, entry: AuditEntry) {
  return tx.insert(auditLogs).values({
    courierId: entry.courierId,
    actorType: entry.actorType,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  });
}
