import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { TicketListItem, UnreadTicket } from '@parceldesk/shared/schemas/tickets';
import type { AuthContextValue } from '../../lib/auth-context';
import { renderWithProviders, Where } from '../../test/render';
import { NavBadge } from './nav-badge';
import { TicketBell } from './ticket-bell';
import '../../test/contract-api';

// Mantine renders slowly when the whole suite runs at once: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, fail: false }));
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  api: (await import('../../test/contract-api')).contractChecked(vi.fn(async (path: string) => {
    if (server.fail) throw new Error('network down');
    return server.responses[path.split('?')[0] ?? path];
  })),
}));

type StaffRole = 'super_admin' | 'courier_admin' | 'branch_manager' | 'staff';
/** Admins hold no ticket permission by name: they see tickets by role. */
function user(role: StaffRole, permissions: string[] = role === 'branch_manager' || role === 'staff' ? ['tickets_view'] : []): AuthUser {
  return {
    id: 'u1', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com', role: { name: role, permissions: [] }, permissions,
    user_type: role === 'super_admin' ? 'super_admin' : role === 'courier_admin' ? 'admin' : 'staff',
    courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null }, branch: null,
  };
}

const ticket = (no: string, subject: string): UnreadTicket => ({
  id: `id-${no}`, ticket_no: no, subject, status: 'pending', department: 'Billing', updatedAt: '2026-03-01T10:00:00.000Z',
  customer: { firstName: 'Tanya', lastName: 'Campbell' }, courierId: 'c1', courierName: 'Island Express',
});

/** GET /tickets/customer/{userId}: the customer's tickets as the server lists them. */
function customerTickets(flags: { unread: boolean; hasStaffReply: boolean }[]) {
  const data = flags.map((flag, i): TicketListItem => ({
    id: `t${i}`, ticket_no: `TKT-${String(i + 1).padStart(6, '0')}`, subject: 'Parcel missing', department: 'Billing', status: 'pending',
    customer: { id: 'k1', firstName: 'Tanya', lastName: 'Campbell' }, customerName: 'Tanya Campbell', courierId: 'c1', courierName: 'Island Express',
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', lastMessageAt: '2026-03-01T10:00:00.000Z', ...flag,
  }));
  return { data, total: data.length, page: 1, limit: 100 };
}

function renderBell(role: StaffRole | 'customer', permissions?: string[]) {
  auth.current = role === 'customer'
    ? { status: 'authenticated', role: 'customer', user: null, customer: { id: 'k1', role: 'customer' } as AuthContextValue['customer'] }
    : { status: 'authenticated', role, user: user(role, permissions), customer: null };
  renderWithProviders(
    <>
      <TicketBell />
      <NavBadge kind="unreadTickets" />
      <Where />
    </>,
    { route: '/somewhere' },
  );
}

const bell = () => screen.getByRole('button', { name: /^Support tickets/ });

beforeEach(() => {
  server.fail = false;
  server.responses = {
    '/tickets/unread/count': { unreadCount: 3 },
    '/tickets/unread': { unreadCount: 3, tickets: [ticket('TKT-000007', 'Parcel missing'), ticket('TKT-000009', 'Invoice query')] },
  };
});
afterEach(() => vi.restoreAllMocks());

describe('TicketBell', () => {
  it('shows the unread count on the bell, capped at 99+, and the sidebar badge capped at 9+', async () => {
    server.responses['/tickets/unread/count'] = { unreadCount: 150 };
    renderBell('courier_admin');
    await waitFor(() => expect(bell().textContent).toBe('99+'));
    // What a screen reader says includes what is shown (WCAG 2.5.3).
    expect(bell().getAttribute('aria-label')).toBe('Support tickets, 99+ unread');
    expect(screen.getByTestId('nav-unread-badge').textContent).toBe('9+ unread');
  });

  it('shows the exact count below the caps', async () => {
    server.responses['/tickets/unread/count'] = { unreadCount: 7 };
    renderBell('courier_admin');
    await waitFor(() => expect(bell().textContent).toBe('7'));
    expect(screen.getByTestId('nav-unread-badge').textContent).toBe('7 unread');
  });

  it.each([
    ['super_admin', '/superadmin/support-tickets'],
    ['courier_admin', '/admin/support-tickets'],
    ['branch_manager', '/staff/support-tickets'],
    ['staff', '/staff/support-tickets'],
  ] as const)('%s: a ticket in the dropdown opens %s?ticket=NO', async (role, list) => {
    renderBell(role);
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('menuitem', { name: /TKT-000009: Invoice query, from Tanya Campbell/ }));
    // The super admin's link also names the courier: numbers repeat across couriers.
    const courier = role === 'super_admin' ? '&courierId=c1' : '';
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${list}?ticket=TKT-000009${courier}`));
  });

  it.each([
    ['super_admin', '/superadmin/support-tickets'],
    ['courier_admin', '/admin/support-tickets'],
    ['staff', '/staff/support-tickets'],
  ] as const)("%s: 'View All Tickets' opens %s", async (role, list) => {
    renderBell(role);
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'View All Tickets' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(list));
  });

  it('says so when nothing is unread', async () => {
    server.responses['/tickets/unread/count'] = { unreadCount: 0 };
    server.responses['/tickets/unread'] = { unreadCount: 0, tickets: [] };
    renderBell('courier_admin');
    fireEvent.click(bell());
    expect(await screen.findByText('No unread tickets')).toBeTruthy();
    expect(bell().textContent).toBe('');
    expect(screen.queryByTestId('nav-unread-badge')).toBeNull();
  });

  it('a failed count shows 0 (no badge) and is only logged', async () => {
    server.fail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBell('courier_admin');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(bell().textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is hidden for customers', () => {
    server.responses['/tickets/customer/k1'] = customerTickets([]);
    renderBell('customer');
    expect(screen.queryByRole('button', { name: /^Support tickets/ })).toBeNull();
  });

  it('is hidden for staff without tickets_view', () => {
    renderBell('staff', ['dashboard_view']);
    expect(screen.queryByRole('button', { name: /^Support tickets/ })).toBeNull();
  });
});

describe('NavBadge for customers', () => {
  it('counts tickets with an unread staff message, capped at 9+', async () => {
    const item = (unread: boolean, hasStaffReply: boolean) => ({ unread, hasStaffReply });
    server.responses['/tickets/customer/k1'] = customerTickets([...Array.from({ length: 12 }, () => item(true, true)), item(false, true)]);
    renderBell('customer');
    await waitFor(() => expect(screen.getByTestId('nav-unread-badge').textContent).toBe('9+ unread'));
  });

  it('shows nothing when every staff reply has been read', async () => {
    server.responses['/tickets/customer/k1'] = customerTickets([{ unread: false, hasStaffReply: true }, { unread: true, hasStaffReply: false }]);
    renderBell('customer');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('nav-unread-badge')).toBeNull();
  });
});
