import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { MSG } from '@parceldesk/shared/messages';
import type { AuthContextValue } from '../../../lib/auth-context';
import type { BrandingValue } from '../../../lib/branding';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { AdminLoginPage } from './admin-login-page';
import { CustomerLoginPage } from './customer-login-page';

const auth = vi.hoisted(() => ({ value: {} as Partial<AuthContextValue> }));
const branding = vi.hoisted(() => ({ value: { courier: null, apiKey: null, loading: false } as BrandingValue }));

vi.mock('../../../lib/auth-context', () => ({
  useAuth: () => auth.value,
  takePostLoginTarget: (role: string) => (role === 'customer' ? '/customer/dashboard' : '/admin/dashboard'),
}));
vi.mock('../../../lib/branding', () => ({ useBranding: () => branding.value }));
vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), loading: vi.fn(), dismiss: vi.fn() },
}));

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<CustomerLoginPage />} />
        <Route path="/admin/login" element={<AdminLoginPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </>,
    { route: path, strict: true },
  ).user;
}

const location = () => screen.getByLabelText('location').textContent;

async function signIn(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  auth.value = { status: 'anonymous', role: null, loginUser: vi.fn(), loginCustomer: vi.fn(), loginWithToken: vi.fn() };
  branding.value = { courier: null, apiKey: null, loading: false };
  localStorage.clear();
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
});
afterEach(() => localStorage.clear());

describe('AdminLoginPage', () => {
  it("shows the portal heading and the server's error", async () => {
    auth.value.loginUser = vi.fn().mockRejectedValue(new ApiError(401, MSG.invalidCredentials));
    const user = renderAt('/admin/login');
    expect(screen.getByRole('heading', { name: 'Courier Admin Sign In' })).toBeTruthy();
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.invalidCredentials);
    expect(auth.value.loginUser).toHaveBeenCalledWith('courier_admin', { email: 'ann@example.com', password: 'secret-123', rememberMe: false });
  });

  it('goes to the post-login target on success', async () => {
    auth.value.loginUser = vi.fn().mockResolvedValue('courier_admin');
    const user = renderAt('/admin/login');
    await signIn(user);
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  });

  it('signs in once with an impersonation token, even under StrictMode', async () => {
    auth.value.loginWithToken = vi.fn().mockResolvedValue('courier_admin');
    renderAt('/admin/login?token=abc');
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect(auth.value.loginWithToken).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenCalledWith(MSG.impersonationSuccess);
  });

  it('toasts a failed token login and drops the token from the URL', async () => {
    auth.value.loginWithToken = vi.fn().mockRejectedValue(new Error(MSG.tokenExpired));
    renderAt('/admin/login?token=abc&api_key=k1');
    await waitFor(() => expect(location()).toBe('/admin/login?api_key=k1'));
    expect(notify.error).toHaveBeenCalledWith(MSG.tokenExpired);
    expect(await screen.findByRole('heading', { name: 'Courier Admin Sign In' })).toBeTruthy();
  });

  it('sends an already signed-in user on', async () => {
    auth.value = { ...auth.value, status: 'authenticated', role: 'courier_admin' };
    renderAt('/admin/login');
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  });
});

describe('CustomerLoginPage', () => {
  it('brands the page and keeps api_key on the sign-up link', () => {
    branding.value = {
      courier: { id: 'c1', name: 'Island Express', code: 'isl', logo_url: null, supports_membership: false, login_notice: null },
      apiKey: 'k1',
      loading: false,
    };
    renderAt('/login?api_key=k1');
    expect(screen.getByRole('heading', { name: 'Island Express' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register?api_key=k1');
    expect(screen.getByRole('link', { name: 'Track a package' }).getAttribute('href')).toBe('/track?api_key=k1');
  });

  it('falls back to the generic customer message', async () => {
    auth.value.loginCustomer = vi.fn().mockRejectedValue(new ApiError(500, 'internal'));
    const user = renderAt('/login');
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.loginFailedCustomer);
  });

  it('reports a sign-in that stored no token', async () => {
    auth.value.loginCustomer = vi.fn().mockResolvedValue('customer');
    const user = renderAt('/login');
    await signIn(user);
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toContain(MSG.tokenNotFoundAfterLogin);
  });

  it('goes to the dashboard once the token is stored', async () => {
    auth.value.loginCustomer = vi.fn(() => {
      localStorage.setItem('token', 't');
      return Promise.resolve('customer' as const);
    });
    const user = renderAt('/login?api_key=k1');
    await signIn(user);
    await waitFor(() => expect(location()).toBe('/customer/dashboard'), { timeout: 2000 });
    expect(auth.value.loginCustomer).toHaveBeenCalledWith(expect.objectContaining({ api_key: 'k1' }));
  });
});
