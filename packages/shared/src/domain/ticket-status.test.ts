import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import { assertTicketMove, canMoveTicket, statusAfterReply, TICKET_CLOSED_MSG, TICKET_STATUSES } from './ticket-status';

describe('ticket statuses', () => {
  it('never lets a ticket go back to Pending, nor stay where it is', () => {
    for (const from of TICKET_STATUSES) {
      expect(canMoveTicket(from, 'pending')).toBe(false);
      expect(canMoveTicket(from, from)).toBe(false);
    }
    expect(canMoveTicket('closed', 'in_progress')).toBe(true);
    expect(canMoveTicket('closed', 'resolved')).toBe(false);
  });

  it('refuses a manual move off the table with a coded conflict on the status field', () => {
    expect(() => assertTicketMove('pending', 'resolved')).not.toThrow();
    const error = (() => { try { assertTicketMove('closed', 'resolved'); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'ticket.invalid_transition', field: 'status', message: 'A ticket cannot move from Closed to Resolved' });
    expect(() => assertTicketMove('resolved', 'resolved')).toThrow('The ticket is already Resolved');
  });

  it('moves a ticket on a reply: staff take pending on, a customer reopens resolved, closed takes none', () => {
    expect(statusAfterReply('pending', false)).toBe('in_progress');
    expect(statusAfterReply('pending', true)).toBe('pending');
    expect(statusAfterReply('resolved', true)).toBe('in_progress');
    expect(statusAfterReply('resolved', false)).toBe('resolved');
    expect(() => statusAfterReply('closed', true)).toThrow(TICKET_CLOSED_MSG.customer);
    expect(() => statusAfterReply('closed', false)).toThrow(TICKET_CLOSED_MSG.staff);
  });
});
