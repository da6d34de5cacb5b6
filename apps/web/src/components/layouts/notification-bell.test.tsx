import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { Notification } from '@parceldesk/shared/schemas/notifications';
import type { TicketListItem } from '@parceldesk/shared/schemas/tickets';
import type { AuthContextValue } from '../../lib/auth-context';
import { renderWithProviders, Where } from '../../test/render';
import { NavBadge } from './nav-badge';
import { NotificationBell } from './notification-bell';
import '../../test/contract-api';

// Mantine renders slowly when the whole suite runs at once: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, fail: false, calls: [] as string[] }));
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  api: (await import('../../test/contract-api')).contractChecked(vi.fn(async (path: string, options?: { method?: string }) => {
    const method = options?.method ?? 'GET';
    server.calls.push(`${method} ${path}`);
    if (server.fail) throw new Error('network down');
    if (method === 'PUT') {
      const id = decodeURIComponent(path.split('/')[2] ?? '');
      return { ...notification(id, 'ticket.created', 'x', null), readAt: '2026-03-01T11:00:00.000Z' };
    }
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

function notification(id: string, type: string, title: string, link: string | null): Notification {
  return { id, type, title, body: `About ${title}`, link, readAt: null, createdAt: '2026-03-01T10:00:00.000Z' };
}
const page = (data: Notification[], total = data.length) => ({ data, total, page: 1, pageSize: 10, filterOptions: {} });

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
      <NotificationBell />
      <NavBadge kind="unreadTickets" />
      <Where />
    </>,
    { route: '/somewhere' },
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

beforeEach(() => {
  server.fail = false;
  server.calls = [];
  server.responses = {
    '/notifications/unread-count': { unreadCount: 3 },
    '/notifications': page([
      notification('n1', 'invoice.issued', 'Invoice INV-000042 issued', '/customer/invoices?invoice=INV-000042'),
      notification('n2', 'ticket.created', 'New ticket TKT-000009: Invoice query', '/admin/support-tickets?ticket=TKT-000009'),
      notification('n3', 'delivery.status', 'Delivery scheduled', 'https://evil.example/phish'),
    ]),
    '/tickets/unread/count': { unreadCount: 3 },
    '/tickets/customer/k1': customerTickets([]),
  };
});
afterEach(() => vi.restoreAllMocks());

describe('NotificationBell', () => {
  it('shows the unread notification count on the bell, capped at 99+; the sidebar keeps the ticket badge, capped at 9+', async () => {
    server.responses['/notifications/unread-count'] = { unreadCount: 150 };
    server.responses['/tickets/unread/count'] = { unreadCount: 12 };
    renderBell('courier_admin');
    await waitFor(() => expect(bell().textContent).toBe('99+'));
    // What a screen reader says includes what is shown (WCAG 2.5.3).
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 99+ unread');
    await waitFor(() => expect(screen.getByTestId('nav-unread-badge').textContent).toBe('9+ unread'));
  });

  it('shows the exact count below the caps', async () => {
    server.responses['/notifications/unread-count'] = { unreadCount: 7 };
    server.responses['/tickets/unread/count'] = { unreadCount: 2 };
    renderBell('courier_admin');
    await waitFor(() => expect(bell().textContent).toBe('7'));
    await waitFor(() => expect(screen.getByTestId('nav-unread-badge').textContent).toBe('2 unread'));
  });

  it('lists the unread notifications of every type, newest first, asking only for the unread', async () => {
    renderBell('courier_admin');
    fireEvent.click(bell());
    expect(await screen.findByRole('menuitem', { name: 'Invoice issued: Invoice INV-000042 issued' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'New ticket: New ticket TKT-000009: Invoice query' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delivery request: Delivery scheduled' })).toBeTruthy();
    const listCall = server.calls.find((call) => call.startsWith('GET /notifications?'));
    expect(decodeURIComponent(listCall ?? '')).toContain('filters={"isRead":"false"}');
  });

  it('opening one marks it read and follows its link', async () => {
    renderBell('courier_admin');
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('menuitem', { name: /New ticket TKT-000009/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/support-tickets?ticket=TKT-000009'));
    expect(server.calls).toContain('PUT /notifications/n2/read');
  });

  it('marks one with an off-site link read without leaving the app', async () => {
    renderBell('courier_admin');
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('menuitem', { name: /Delivery scheduled/ }));
    await waitFor(() => expect(server.calls).toContain('PUT /notifications/n3/read'));
    expect(screen.getByTestId('where').textContent).toBe('/somewhere');
  });

  it.each([
    ['super_admin', '/superadmin/notifications'],
    ['courier_admin', '/admin/notifications'],
    ['branch_manager', '/staff/notifications'],
    ['staff', '/staff/notifications'],
    ['customer', '/customer/notifications'],
  ] as const)("%s: 'See all' opens %s", async (role, list) => {
    renderBell(role);
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'See all' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(list));
  });

  it('says how many more there are than it lists', async () => {
    server.responses['/notifications/unread-count'] = { unreadCount: 14 };
    renderBell('staff');
    fireEvent.click(bell());
    expect(await screen.findByText('and 11 more')).toBeTruthy();
  });

  it('says so when nothing is unread', async () => {
    server.responses['/notifications/unread-count'] = { unreadCount: 0 };
    server.responses['/notifications'] = page([]);
    renderBell('courier_admin');
    fireEvent.click(bell());
    expect(await screen.findByText('No unread notifications')).toBeTruthy();
    expect(bell().textContent).toBe('');
  });

  it('a failed count shows 0 (no badge) and is only logged', async () => {
    server.fail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBell('courier_admin');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(bell().textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is shown to customers: their notifications are theirs', async () => {
    renderBell('customer');
    await waitFor(() => expect(bell().textContent).toBe('3'));
  });

  it('is shown to staff without tickets_view, who get no ticket badge', async () => {
    renderBell('staff', ['dashboard_view']);
    await waitFor(() => expect(bell().textContent).toBe('3'));
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
