import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { customers } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import { scopeOf } from '../../lib/tenant-scope';

/** Who wrote a history row (payment_events, invoice_events). */
export const actorRef = (actor: Actor) => ({ actorType: actor.principal.kind === 'customer' ? 'customer' as const : 'user' as const, actorId: actor.principal.id });

/**
 * The rows of a customer-owned billing table (payments, payment proofs) a principal may see: a
 * customer their own, staff their courier's (the super admin the network), and staff held to their
 * branch (docs/decisions/008) the rows of their branch's customers. Anything else is not found.
 */
export function visibleBilling(table: { courierId: PgColumn; customerId: PgColumn }, principal: Principal, ...conditions: (SQL | undefined)[]): SQL | undefined {
  if (principal.kind === 'customer') {
    if (!principal.courierId) throw notFound();
    return and(eq(table.courierId, principal.courierId), eq(table.customerId, principal.id), ...conditions);
  }
  const scope = scopeOf(principal);
  const branch = scope.branch
    ? scope.branch.id ? sql`${table.customerId} in (select ${customers.id} from ${customers} where ${customers.branchId} = ${scope.branch.id})` : sql`false`
    : undefined;
  return and(scope.courierId ? eq(table.courierId, scope.courierId) : undefined, branch, ...conditions);
}

/** A customer's name as billing documents print it: the business name for a business account. */
export const customerDisplayName = sql<string>`coalesce(nullif(${customers.businessName}, ''), ${customers.firstName} || ' ' || ${customers.lastName})`;
