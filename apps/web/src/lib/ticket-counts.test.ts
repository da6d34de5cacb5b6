import { describe, expect, it } from 'vitest';
import { bellBadgeLabel, bellTicketPath, capCount, countCustomerUnread, sidebarBadgeLabel, ticketListPathFor } from './ticket-counts';

describe('badge caps (spec section 9)', () => {
  it('the bell shows the count up to 99, then 99+', () => {
    expect(bellBadgeLabel(1)).toBe('1');
    expect(bellBadgeLabel(99)).toBe('99');
    expect(bellBadgeLabel(100)).toBe('99+');
    expect(bellBadgeLabel(2500)).toBe('99+');
  });

  it('sidebar and customer badges show up to 9, then 9+', () => {
    expect(sidebarBadgeLabel(9)).toBe('9');
    expect(sidebarBadgeLabel(10)).toBe('9+');
    expect(sidebarBadgeLabel(150)).toBe('9+');
    expect(capCount(0, 9)).toBe('0');
  });
});

describe('the customer badge rule (spec section 4)', () => {
  it('counts tickets with a staff message the customer has not read, nothing else', () => {
    expect(countCustomerUnread([
      { unread: true, hasStaffReply: true },
      { unread: false, hasStaffReply: true },
      { unread: true, hasStaffReply: false },
      { unread: true, hasStaffReply: true },
    ])).toBe(2);
    expect(countCustomerUnread([])).toBe(0);
  });
});

describe('where the bell leads (spec section 2)', () => {
  it('each role goes to its own list, opening the ticket by number', () => {
    expect(bellTicketPath('super_admin', 'TKT-000007')).toBe('/superadmin/support-tickets?ticket=TKT-000007');
    expect(bellTicketPath('courier_admin', 'TKT-000007')).toBe('/admin/support-tickets?ticket=TKT-000007');
    expect(bellTicketPath('branch_manager', 'TKT-000007')).toBe('/staff/support-tickets?ticket=TKT-000007');
    expect(bellTicketPath('staff', 'TKT-000007')).toBe('/staff/support-tickets?ticket=TKT-000007');
  });

  it('names the courier for the super admin only (numbers repeat across couriers)', () => {
    expect(bellTicketPath('super_admin', 'TKT-1', 'c-9')).toBe('/superadmin/support-tickets?ticket=TKT-1&courierId=c-9');
    expect(bellTicketPath('courier_admin', 'TKT-1', 'c-9')).toBe('/admin/support-tickets?ticket=TKT-1');
  });

  it("'View All Tickets' falls back to /admin/support-tickets for a role without a list", () => {
    expect(ticketListPathFor('super_admin')).toBe('/superadmin/support-tickets');
    expect(ticketListPathFor('staff')).toBe('/staff/support-tickets');
    expect(ticketListPathFor('courier_admin')).toBe('/admin/support-tickets');
    expect(ticketListPathFor(null)).toBe('/admin/support-tickets');
  });
});
