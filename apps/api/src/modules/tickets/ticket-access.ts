import { and, eq, type SQL } from 'drizzle-orm';
import { ACCESS, canAccess } from '@parceldesk/shared/access';
import { canMoveTicket, TICKET_STATUSES, type TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import type { DbOrTx } from '../../db/client';
import { tickets } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/app-error';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';

export type TicketRow = typeof tickets.$inferSelect;

/** Admins see every ticket of their scope; branch managers and staff need tickets_view (spec section 6). */
export function canViewTickets(principal: Principal): boolean {
  return canAccess(principal, ACCESS.ticketsView);
}

/** Staff answer and change status with tickets_reply (and must see tickets); customers answer their own. */
export function canAnswerTickets(principal: Principal): boolean {
  return canViewTickets(principal) && canAccess(principal, ACCESS.ticketsReply);
}

export function requireTicketsView(principal: Principal): void {
  if (!canViewTickets(principal)) throw forbidden();
}

/**
 * The tickets a principal may open: a customer their own (another customer's ticket is simply
 * not found), everyone else the tickets of their tenant scope.
 */
export function visibleTickets(principal: Principal, ...conditions: (SQL | undefined)[]): SQL | undefined {
  if (principal.kind === 'customer') {
    if (!principal.courierId) throw notFound();
    return and(eq(tickets.courierId, principal.courierId), eq(tickets.customerId, principal.id), ...conditions);
  }
  return tenantWhere(tickets, scopeOf(principal), ...conditions);
}

/** One ticket the principal may open, or 404; `lock` takes the row lock that orders replies and status changes. */
export async function loadTicket(db: DbOrTx, principal: Principal, id: string, options: { lock?: boolean } = {}): Promise<TicketRow> {
  const query = db.select().from(tickets).where(visibleTickets(principal, eq(tickets.id, id))).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The statuses a viewer may move a ticket to now (docs/decisions/002-ticket-statuses.md). */
export function allowedStatuses(principal: Principal, status: TicketStatus): TicketStatus[] {
  if (principal.kind === 'customer' || !canAnswerTickets(principal)) return [];
  return TICKET_STATUSES.filter((to) => canMoveTicket(status, to));
}
