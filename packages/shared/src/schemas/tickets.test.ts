import { describe, expect, it } from 'vitest';
import { createTicketSchema, TICKET_MSG, ticketSettingsSchema, ticketStatusColor } from './tickets';

describe('ticket statuses', () => {
  it('colours Pending yellow, In Progress blue, Resolved green and anything else grey (spec section 4)', () => {
    expect(['pending', 'in_progress', 'resolved', 'closed', 'archived'].map(ticketStatusColor)).toEqual(['yellow', 'blue', 'green', 'grey', 'grey']);
  });
});

describe('ticket forms', () => {
  it('carries the user-facing messages', () => {
    const result = createTicketSchema.safeParse({ subject: '  ', department: '', message: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([TICKET_MSG.subjectRequired, TICKET_MSG.departmentRequired, TICKET_MSG.messageRequired]);
  });

  it('refuses a department list with the same name twice, whatever the case and spacing', () => {
    const result = ticketSettingsSchema.safeParse({ notifyStaffByEmail: false, departments: ['Billing', ' billing '] });
    expect(result.error?.issues[0]?.message).toBe(TICKET_MSG.departmentsDuplicate);
    expect(ticketSettingsSchema.safeParse({ notifyStaffByEmail: false, departments: [] }).error?.issues[0]?.message).toBe(TICKET_MSG.departmentsRequired);
  });
});
