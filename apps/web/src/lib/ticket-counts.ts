import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { BELL_BADGE_CAP, CUSTOMER_TICKET_LIMIT, SIDEBAR_BADGE_CAP, TICKET_POLL_MS } from '@parceldesk/shared/constants';
import type { TicketListItem } from '@parceldesk/shared/schemas/tickets';
import { api } from './api-client';

/**
 * The unread-ticket figures behind the Support Tickets sidebar badges (spec
 * sections 2, 4, 7 and 9). They live in lib because the shells, the ticket screens and the live
 * event stream all refresh them. Every key starts with TICKET_COUNTS_KEY so one invalidation
 * refreshes them all.
 */
export const TICKET_COUNTS_KEY = ['ticket-counts'] as const;

/** Spec section 9: the bell shows 99+, sidebar and customer badges 9+. */
export function capCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}
export const bellBadgeLabel = (count: number) => capCount(count, BELL_BADGE_CAP);
export const sidebarBadgeLabel = (count: number) => capCount(count, SIDEBAR_BADGE_CAP);

/** Spec sections 4 and 8: a failed count is 0 on screen and only logged (ticket and notification counts). */
export async function orFallback<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    console.error(`Could not load ${what}`, error);
    return fallback;
  }
}

/** GET /tickets/unread/count: the bell badge and the staff-side sidebar badge. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...TICKET_COUNTS_KEY, 'unread-count'],
    queryFn: ({ signal }) =>
      orFallback('the unread ticket count', async () => (await api<ResponseOf<'GET /tickets/unread/count'>>('/tickets/unread/count', { signal })).unreadCount, 0),
    refetchInterval: TICKET_POLL_MS,
    staleTime: 0,
  });

/**
 * The customer's badge (spec section 4, issue 5): tickets having at least one staff message the
 * customer has not read, from GET /tickets/customer/{userId}?page=1&limit=100.
 */
export function countCustomerUnread(tickets: readonly Pick<TicketListItem, 'unread' | 'hasStaffReply'>[]): number {
  return tickets.filter((ticket) => ticket.unread && ticket.hasStaffReply).length;
}

export const customerUnreadQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...TICKET_COUNTS_KEY, 'customer', customerId],
    queryFn: ({ signal }) =>
      orFallback('the unread ticket count', async () => {
        const path = `/tickets/customer/${encodeURIComponent(customerId)}?page=1&limit=${CUSTOMER_TICKET_LIMIT}`;
        const { data } = await api<ResponseOf<'GET /tickets/customer/:userId'>>(path, { signal });
        return countCustomerUnread(data);
      }, 0),
    refetchInterval: TICKET_POLL_MS,
    staleTime: 0,
  });
