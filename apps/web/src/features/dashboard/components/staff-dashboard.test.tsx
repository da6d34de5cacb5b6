import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderWithProviders } from '../../../test/render';
import { StaffDashboard } from './staff-dashboard';
import { SuperAdminDashboard } from './super-admin-dashboard';

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));

function user(role: 'staff' | 'super_admin', permissions: string[]): AuthUser {
  return {
    id: `${role}-1`, first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com',
    role: { name: role, permissions: [] }, permissions, user_type: role === 'staff' ? 'staff' : 'super_admin',
    courier: role === 'staff' ? { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null } : null,
    branch: role === 'staff' ? { id: 'b1', name: 'Kingston' } : null,
  };
}

const summary: DashboardSummary = {
  scope: 'network',
  figures: [
    { key: 'couriers', label: 'Couriers', value: 3, format: 'count', link: 'couriers' },
    { key: 'customers', label: 'Customers', value: 1250, format: 'count', link: null },
  ],
  packagesByStatus: null, revenueByMonth: null, unpaidAging: null, recentActivity: null, couriers: null,
  recentCustomers: [
    { id: 'k1', name: 'Ann Brown', mailboxNumber: 'ISL-1042', courierName: 'Island Express', createdAt: '2025-03-01T10:00:00.000Z' },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

function renderPage(page: ReactNode) {
  renderWithProviders(page);
}

describe('dashboards', () => {
  it('shows staff without dashboard_view a welcome and asks for no figures', () => {
    auth.current = { user: user('staff', ['settings_view']) };
    renderPage(<StaffDashboard />);
    expect(screen.getByRole('heading', { name: 'Welcome, Sam' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a staff member with dashboard_view the figures from /dashboard/summary', async () => {
    auth.current = { user: user('staff', ['dashboard_view']) };
    respond(200, { ...summary, scope: 'branch' });
    renderPage(<StaffDashboard />);
    expect(screen.getByRole('status', { name: 'Loading dashboard figures' })).toBeTruthy();
    expect((await screen.findByRole('region', { name: 'Customers' })).textContent).toContain((1250).toLocaleString());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/dashboard/summary');
    expect(screen.queryByRole('columnheader', { name: 'Courier' })).toBeNull();
  });

  it('lists the newest customers with their courier for the super admin', async () => {
    auth.current = { user: user('super_admin', []) };
    respond(200, summary);
    renderPage(<SuperAdminDashboard />);
    const row = await screen.findByRole('row', { name: /Ann Brown/ });
    expect(row.textContent).toContain('ISL-1042');
    expect(row.textContent).toContain('Island Express');
    expect(screen.getByRole('columnheader', { name: 'Courier' })).toBeTruthy();
  });

  it('links each figure to its filtered list in the reader\'s area and shows revenue as a chart or a table', async () => {
    auth.current = { user: user('staff', ['dashboard_view', 'packages_view', 'payments_view']) };
    respond(200, {
      ...summary, scope: 'branch',
      figures: [{ key: 'packages_ready_for_pickup', label: 'Packages ready for pickup', value: 4, format: 'count', link: 'packages?filters=%7B%22status%22%3A%22ready_for_pickup%22%7D' },
        { key: 'revenue_this_month', label: 'Revenue this month', value: 150000, format: 'money', link: null }],
      recentCustomers: null,
      revenueByMonth: [{ month: '2026-10', cents: 50000 }, { month: '2026-11', cents: 150000 }],
    });
    renderWithProviders(<StaffDashboard />, { route: '/staff/dashboard' });
    const ready = await screen.findByRole('region', { name: 'Packages ready for pickup' });
    expect(within(ready).getByRole('link', { name: 'Open the list: Packages ready for pickup' }).getAttribute('href'))
      .toBe('/staff/packages?filters=%7B%22status%22%3A%22ready_for_pickup%22%7D');
    expect(screen.getByRole('region', { name: 'Revenue this month' }).textContent).toContain('J$1,500.00');
    const chart = await screen.findByRole('region', { name: 'Revenue by month' }, { timeout: 8000 });
    within(chart).getByRole('radio', { name: 'Table' }).click();
    const table = await within(chart).findByRole('table', { name: 'Revenue by month' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['MonthRevenue', expect.stringContaining('J$500.00'), expect.stringContaining('J$1,500.00')]);
  });

  it('shows an error alert when the figures cannot be loaded', async () => {
    auth.current = { user: user('super_admin', []) };
    respond(503, { message: 'The service is temporarily unavailable. Please try again shortly.' });
    renderPage(<SuperAdminDashboard />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable');
  });
});
