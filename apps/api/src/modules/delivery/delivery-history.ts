import { eq, sql } from 'drizzle-orm';
import { assertDeliveryMove, type DeliveryStatus } from '@parceldesk/shared/domain/delivery';
import { isDomainError } from '@parceldesk/shared/domain/domain-error';
import type { DbOrTx } from '../../db/client';
import { deliveryRequestEvents, deliveryRequestPackages, deliveryRequests } from '../../db/schema/index';
import { auditAction, withImpersonation, type Actor } from '../../lib/actor';
import { fromDomainError, notFound } from '../../lib/app-error';
import { tellCustomer as tellOne } from '../../lib/tell-customer';
import { tenantWhere, type TenantScope } from '../../lib/tenant-scope';

export type DeliveryRow = typeof deliveryRequests.$inferSelect;

/**
 * The request under its row lock, within the scope (a customer: their own). Every change starts
 * here, so two people acting on one request at once queue and the second reads what the first left.
 */
export async function lockRequest(tx: DbOrTx, input: { scope: TenantScope; customerId?: string; id: string }): Promise<DeliveryRow> {
  const [row] = await tx.select().from(deliveryRequests).where(tenantWhere(
    deliveryRequests, input.scope, eq(deliveryRequests.id, input.id),
    input.customerId ? eq(deliveryRequests.customerId, input.customerId) : undefined,
  )).for('update');
  if (!row) throw notFound();
  return row;
}

/** The shared state machine's rule as the API answers it: 409 naming both statuses. */
export function assertMove(from: DeliveryStatus, to: DeliveryStatus): void {
  try {
    assertDeliveryMove(from, to);
  } catch (error) {
    if (isDomainError(error)) throw fromDomainError(error);
    throw error;
  }
}

/** One history row (and the audit row) in the change's transaction. */
export async function recordDeliveryEvent(
  tx: DbOrTx,
  input: { actor: Actor; request: DeliveryRow; from: DeliveryStatus | null; to: DeliveryStatus; note?: string | null; details?: Record<string, unknown>; action: string },
): Promise<void> {
  const { actor, request } = input;
  await tx.insert(deliveryRequestEvents).values({
    courierId: request.courierId, requestId: request.id, fromStatus: input.from, toStatus: input.to, note: input.note ?? null,
    actorType: actor.principal.kind === 'customer' ? 'customer' : 'user', actorId: actor.principal.id, details: withImpersonation(actor, input.details) ?? null,
  });
  await auditAction(tx, actor, {
    courierId: request.courierId, action: input.action, targetType: 'delivery_request', targetId: request.id,
    details: { requestNo: request.requestNo, from: input.from, to: input.to, note: input.note ?? null, ...input.details },
  });
}

/** The parcels leave the request (it closed): they may go on another one. */
export async function releaseParcels(tx: DbOrTx, requestId: string): Promise<void> {
  await tx.update(deliveryRequestPackages).set({ live: false }).where(eq(deliveryRequestPackages.requestId, requestId));
}

export const touched = { updatedAt: sql`now()` };

/** Tells the request's customer: in-app always, an email through the outbox while their account is active. */
export async function tellCustomer(tx: DbOrTx, input: { request: DeliveryRow; title: string; body: string; publicUrl: string }): Promise<void> {
  const { request } = input;
  await tellOne(tx, {
    courierId: request.courierId, customerId: request.customerId, type: 'delivery.status', title: input.title, body: input.body,
    link: `/customer/delivery-requests?request=${encodeURIComponent(request.requestNo)}`, publicUrl: input.publicUrl, email: 'active',
  });
}
