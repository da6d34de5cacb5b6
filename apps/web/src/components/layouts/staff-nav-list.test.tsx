import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { AuthContextValue } from '../../lib/auth-context';
import { renderWithProviders } from '../../test/render';
import { StaffNavList } from './staff-nav-list';

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../lib/auth-context', () => ({ useAuth: () => auth.current }));

/** As GET /auth/profile sends it: `permissions` holds the own and the role's together. */
function staffUser(own: string[], fromRole: string[] = []): AuthUser {
  return {
    id: 'u1', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com',
    role: { name: 'staff', permissions: fromRole }, permissions: [...new Set([...own, ...fromRole])], user_type: 'staff',
    courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null }, branch: { id: 'b1', name: 'Kingston' },
  };
}

function renderNav(user: AuthUser, path = '/staff/dashboard') {
  auth.current = { user, role: user.role.name, status: 'authenticated' };
  renderWithProviders(<StaffNavList />, { route: path });
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
}

/** The entry labels (links and disabled entries) in the order the sidebar shows them. */
function labels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return Array.from(nav.querySelectorAll('a, button')).map((el) => el.textContent ?? '');
}

describe('StaffNavList', () => {
  it('shows exactly the entries whose permission the user holds, own or via the role', () => {
    const nav = renderNav(staffUser(['dashboard_view', 'packages_scan', 'manifests_view'], ['customers_view', 'settings_view']));
    expect(labels()).toEqual(['Dashboard', 'Scan', 'Customers', 'Maniefest', 'Settings']);
    expect(nav.queryByText('Packages')).toBeNull();
    expect(nav.queryByText('Staff')).toBeNull();
    expect(nav.queryByText('Signature')).toBeNull();
  });

  it('links the screens that exist', () => {
    const nav = renderNav(staffUser(['dashboard_view', 'packages_scan', 'manifests_view', 'delivery_requests_view', 'settings_view']));
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/staff/dashboard');
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/staff/settings');
    expect(nav.getByRole('link', { name: 'Scan' }).getAttribute('href')).toBe('/staff/scan');
    expect(nav.getByRole('link', { name: 'Maniefest' }).getAttribute('href')).toBe('/staff/maniefest');
    // Issue 14: Packages Delivery Request works now (features/delivery).
    expect(nav.getByRole('link', { name: 'Packages Delivery Request' }).getAttribute('href')).toBe('/staff/delivery-requests');
    expect(nav.queryAllByRole('button').filter((entry) => entry.getAttribute('aria-disabled') === 'true')).toEqual([]);
  });

  it('marks the current page and treats the area root as the dashboard', () => {
    const nav = renderNav(staffUser(['dashboard_view', 'settings_view']), '/staff');
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Settings' }).hasAttribute('aria-current')).toBe(false);
  });

  it('shows nothing to a user without permissions', () => {
    renderNav(staffUser([]));
    expect(labels()).toEqual([]);
  });
});
