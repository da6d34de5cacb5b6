import { describe, expect, it } from 'vitest';
import { bellBadgeLabel, capCount, countCustomerUnread, sidebarBadgeLabel } from './ticket-counts';

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
