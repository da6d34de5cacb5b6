import type { FastifyRequest } from 'fastify';
import { MSG } from '@parceldesk/shared/messages';
import type { DbOrTx } from '../db/client';
import type { Principal } from '../modules/auth/principal';
import { courierById } from '../modules/couriers/courier-lookup';
import { principalOf } from '../plugins/auth';
import { badRequest, notFound } from './app-error';
import { writeAudit } from './audit';
import { scopeOf, type TenantScope } from './tenant-scope';

/** Who is changing something, and within which scope: what every audited write needs. */
export interface Actor {
  principal: Principal;
  scope: TenantScope;
  ip: string;
}

export function actorOf(request: FastifyRequest): Actor {
  const principal = principalOf(request);
  return { principal, scope: scopeOf(principal), ip: request.ip };
}

/** The audit row of a write by a signed-in user, in the write's transaction (impersonation noted). */
export async function auditAction(
  tx: DbOrTx,
  actor: Actor,
  entry: { courierId: string | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown> },
): Promise<void> {
  const details = actor.principal.impersonatorId ? { ...entry.details, impersonatedBy: actor.principal.impersonatorId } : entry.details;
  await writeAudit(tx, {
    courierId: entry.courierId,
    actorType: actor.principal.kind === 'customer' ? 'customer' : 'user',
    actorId: actor.principal.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ip: actor.ip,
    details,
  });
}

/**
 * The courier a new tenant row belongs to: the caller's own, or for a super admin the one named
 * in the body (required). A courier user naming another courier gets 404, as for any other id.
 */
export async function courierForNewRow(db: DbOrTx, scope: TenantScope, requested: string | null | undefined): Promise<string> {
  if (scope.courierId) {
    if (requested && requested !== scope.courierId) throw notFound();
    return scope.courierId;
  }
  if (!requested) throw badRequest(MSG.courierRequired, { courierId: MSG.courierRequired });
  const courier = await courierById(db, requested);
  if (!courier) throw badRequest(MSG.courierRequired, { courierId: MSG.courierRequired });
  return courier.id;
}
