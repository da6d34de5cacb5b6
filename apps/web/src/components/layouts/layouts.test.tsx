import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { AuthUser, CustomerProfile } from '@parceldesk/shared/schemas/auth';
import type { AuthContextValue } from '../../lib/auth-context';
import { config } from '../../config';
import { renderWithProviders } from '../../test/render';
import { CustomerLayout } from './customer-layout';
import { StaffLayout } from './staff-layout';

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../lib/auth-context', () => ({ useAuth: () => auth.current }));

const staff: AuthUser = {
  id: 'u1', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com',
  role: { name: 'staff', permissions: [] }, permissions: ['dashboard_view', 'settings_view'], user_type: 'staff',
  courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: 'https://cdn.example.com/isl.png' },
  branch: { id: 'b1', name: 'Kingston' },
};

const customer = {
  id: 'k1', firstName: 'Ann', lastName: 'Brown', email: 'ann@example.com', accountType: 'business',
  businessName: 'Brown Traders', mailboxNumber: 'ISL-1042', branch: { id: 'b1', name: 'Kingston' },
  courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null }, shippingAddresses: [], role: 'customer',
} as unknown as CustomerProfile; // only the fields the shell reads

function renderArea(area: 'staff' | 'customer', path: string) {
  const Layout = area === 'staff' ? StaffLayout : CustomerLayout;
  renderWithProviders(
    <Routes>
      <Route path={`/${area}`} element={<Layout />}>
        <Route path="dashboard" element={<p>dashboard page</p>} />
        <Route path="settings" element={<p>profile page</p>} />
      </Route>
      <Route path="/staff/login" element={<p>staff login page</p>} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route: path },
  );
}

function LoginProbe() {
  const { search } = useLocation();
  return <p>{`customer login page ${search}`}</p>;
}

beforeEach(() => {
  sessionStorage.clear();
  auth.current = { status: 'authenticated', user: staff, role: 'staff', customer: null, logout: vi.fn(async () => {}) };
});

describe('StaffLayout', () => {
  it('shows the current item, the first name and "<courier> Staff" in the header', () => {
    renderArea('staff', '/staff/settings');
    expect(screen.getByTestId('section-title').textContent).toBe('Settings');
    expect(screen.getByText('Sam')).toBeTruthy();
    expect(screen.getByText('Island Express Staff')).toBeTruthy();
    expect(screen.getByText('profile page')).toBeTruthy();
  });

  it('falls back to the default logo when the courier logo fails to load', () => {
    renderArea('staff', '/staff/dashboard');
    const logo = screen.getByAltText('Island Express logo');
    expect(logo.getAttribute('src')).toBe('https://cdn.example.com/isl.png');
    fireEvent.error(logo);
    expect(screen.getByAltText('Island Express logo').getAttribute('src')).toBe(config.defaultLogo);
  });

  it('has a burger that toggles the navigation on small screens', () => {
    renderArea('staff', '/staff/dashboard');
    const burger = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
  });

  it('logs out from the sidebar and goes to the staff login page', async () => {
    renderArea('staff', '/staff/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('staff login page');
    expect(auth.current.logout).toHaveBeenCalledOnce();
  });
});

describe('CustomerLayout', () => {
  beforeEach(() => {
    auth.current = { status: 'authenticated', user: null, role: 'customer', customer, logout: vi.fn(async () => {}) };
  });

  it('shows the account type, business name and courier, with the default logo when none is set', () => {
    renderArea('customer', '/customer/dashboard');
    expect(screen.getByText('Business Account')).toBeTruthy();
    expect(screen.getByText('Brown Traders')).toBeTruthy();
    expect(screen.getByAltText('Island Express logo').getAttribute('src')).toBe(config.defaultLogo);
    expect(screen.getByRole('link', { name: 'Packages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invoices' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Delivery Requests' }).getAttribute('href')).toBe('/customer/delivery-requests');
  });

  it('returns to the courier portal login, keeping its api_key', async () => {
    sessionStorage.setItem('api_key', 'key-123');
    renderArea('customer', '/customer/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(auth.current.logout).toHaveBeenCalledOnce());
    await screen.findByText('customer login page ?api_key=key-123');
  });
});
