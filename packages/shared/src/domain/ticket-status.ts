import { DomainError } from './domain-error';

/**
 * Ticket statuses and the moves between them (issue 5; the reasons are in
 * docs/decisions/002-ticket-statuses.md). The server enforces these rules and the screens offer
 * only the moves that will succeed, both from this one table.
 */
export const TICKET_STATUSES = ['pending', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

/**
 * Moves staff may make with PUT /tickets/{id}/status. Replies move tickets too (statusAfterReply):
 * a staff reply to a pending ticket makes it In Progress, a customer reply to a resolved one
 * reopens it (In Progress), and nobody replies to a closed ticket until staff reopen it.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  pending: ['in_progress', 'resolved', 'closed'],
  in_progress: ['resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  closed: ['in_progress'],
};

export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[from].includes(to);
}

export const TICKET_CLOSED_MSG = {
  customer: 'This ticket is closed. Please open a new ticket.',
  staff: 'This ticket is closed. Reopen it before replying.',
} as const;

export function sameStatusMessage(status: TicketStatus): string {
  return `The ticket is already ${TICKET_STATUS_LABELS[status]}`;
}

export function invalidTransitionMessage(from: TicketStatus, to: TicketStatus): string {
  return `A ticket cannot move from ${TICKET_STATUS_LABELS[from]} to ${TICKET_STATUS_LABELS[to]}`;
}

/** A manual move: staying put or leaving the table is a conflict with the ticket's state (409). */
export function assertTicketMove(from: TicketStatus, to: TicketStatus): void {
  if (from === to) throw new DomainError('conflict', 'ticket.same_status', sameStatusMessage(to), 'status');
  if (!canMoveTicket(from, to)) throw new DomainError('conflict', 'ticket.invalid_transition', invalidTransitionMessage(from, to), 'status');
}

/** The status a reply leaves the ticket in; a closed ticket takes no replies (409). */
export function statusAfterReply(status: TicketStatus, byCustomer: boolean): TicketStatus {
  if (status === 'closed') throw new DomainError('conflict', 'ticket.closed', byCustomer ? TICKET_CLOSED_MSG.customer : TICKET_CLOSED_MSG.staff);
  if (byCustomer) return status === 'resolved' ? 'in_progress' : status;
  return status === 'pending' ? 'in_progress' : status;
}
