import type { FastifyRequest } from 'fastify';
import { MSG } from '@parceldesk/shared/messages';
import type { DbOrTx } from '../db/client';
import { principalOf } from '../plugins/auth';
import { badRequest, notFound } from './app-error';
import { auditInsert } from './audit';
import { courierById } from './courier-lookup';
import type { Principal } from './principal';
import { scopeOf, type TenantScope } from './tenant-scope';

/**
 * Who is changing something, from where, and within which scope: everything an audited write
 * needs, so services never see the request (issue 10). `impersonatorId` is the real person when a
 * super admin or courier admin acts as someone else; every audit row of the write names them.
 */
export interface Actor<S extends TenantScope = TenantScope> {
  principal: Principal;
  scope: S;
  ip: string;
  impersonatorId: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const principal = principalOf(request);
  return { principal, scope: scopeOf(principal), ip: request.ip, impersonatorId: principal.impersonatorId };
}

/** How history and audit rows name the actor's kind (issue 17: an API key is audited as that key). */
export const actorTypeOf = (principal: Principal): 'user' | 'customer' | 'api_key' => principal.kind;

/** Where an anonymous request (sign-in, sign-up, password reset) comes from, for sessions and audit rows. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

export const originOf = (request: FastifyRequest): RequestOrigin => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * A record's details with the impersonation note: the real person behind an impersonated write
 * (`impersonatedBy`). Audit rows and history rows (package events) both take it from here.
 */
export function withImpersonation(actor: Actor | null, details?: Record<string, unknown>): Record<string, unknown> | undefined {
  return actor?.impersonatorId ? { ...details, impersonatedBy: actor.impersonatorId } : details;
}

/**
 * The one audit path for a signed-in actor's write, in the write's transaction. An impersonated
 * write always records the impersonator (`details.impersonatedBy`), whatever the feature.
 */
export async function auditAction(tx: DbOrTx, actor: Actor, entry: ActorAuditEntry): Promise<void> {
  await auditActionInsert(tx, actor, entry);
}

type ActorAuditEntry = { courierId: string | null; action: string; targetType?: string; targetId?: string; details?: Record<string, unknown> };

/** auditAction's row, not yet run, for a write sent as one statement (db/one-statement.ts). */
export function auditActionInsert(tx: DbOrTx, actor: Actor, entry: ActorAuditEntry) {
  return auditInsert(tx, {
    courierId: entry.courierId,
    actorType: actorTypeOf(actor.principal),
    actorId: actor.principal.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ip: actor.ip,
    details: withImpersonation(actor, entry.details),
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
