import { describe, expect, it } from 'vitest';
import { formatAction, formatAuditDetails } from './audit-details';

describe('audit log formatting', () => {
  it('reads details as key: value pairs, nested values as JSON, long text cut', () => {
    expect(formatAuditDetails({ ticketNo: 'TKT-000001', from: 'pending', to: 'resolved', attachments: [] })).toBe('ticketNo: TKT-000001; from: pending; to: resolved; attachments: []');
    expect(formatAuditDetails({ before: { gct: 15 } })).toBe('before: {"gct":15}');
    expect(formatAuditDetails(null)).toBe('');
    expect(formatAuditDetails({ note: 'x'.repeat(400) }, 50)).toHaveLength(50);
  });

  it('turns action codes into words', () => {
    expect(formatAction('ticket.status_changed')).toBe('Ticket status changed');
    expect(formatAction('auth.sign_in')).toBe('Auth sign in');
  });
});
