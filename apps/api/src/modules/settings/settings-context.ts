import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import type { DbOrTx } from '../../db/client';
import type { Access } from '@parceldesk/shared/access';
import { actorOf, type Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';
import { courierById } from '../../lib/courier-lookup';

/** Settings are the courier admin's; a super admin may act on any courier by naming it. */
export const SETTINGS_ACCESS: Access = { roles: ['super_admin', 'courier_admin'] };

export const settingsQuerySchema = z.object({ courierId: z.string().uuid('courierId must be a valid id').optional() });

/** A tenant scope narrowed to exactly one courier: every /settings/* call acts on one. */
export interface SettingsScope extends TenantScope {
  courierId: string;
}

/**
 * Which courier a /settings/* call acts on: the caller's own for a courier admin (naming another
 * courier answers 404, as any other courier's id does); a super admin must name it with
 * ?courierId=<uuid> since the network has no single courier.
 */
export async function resolveSettingsScope(db: DbOrTx, principal: Principal, requestedCourierId?: string): Promise<SettingsScope> {
  const scope = scopeOf(principal);
  if (scope.courierId) {
    if (requestedCourierId && requestedCourierId !== scope.courierId) throw notFound();
    return { courierId: scope.courierId };
  }
  if (!requestedCourierId) throw badRequest(SETTINGS_MSG.courierIdRequired, { courierId: SETTINGS_MSG.courierIdRequired });
  const courier = await courierById(db, requestedCourierId);
  if (!courier) throw notFound('Unknown courier');
  return { courierId: courier.id };
}

/** Who changes a setting, acting on exactly one courier: audited through lib/actor.ts. */
export type SettingsActor = Actor<SettingsScope>;

export async function settingsActor(db: DbOrTx, request: FastifyRequest, requestedCourierId?: string): Promise<SettingsActor> {
  const actor = actorOf(request);
  return { ...actor, scope: await resolveSettingsScope(db, actor.principal, requestedCourierId) };
}
