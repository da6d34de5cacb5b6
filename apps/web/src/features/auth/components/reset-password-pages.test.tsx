import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { MSG } from '@parceldesk/shared/messages';
import { authApi } from '../../../lib/auth-api';
import { notify } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { CustomerResetPasswordPage } from './customer-reset-password-page';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('../../../lib/auth-api', () => ({
  authApi: { resetPassword: vi.fn(), resetCustomerPassword: vi.fn() },
}));
vi.mock('../../../lib/branding', () => ({
  useBranding: () => ({
    courier: { id: 'c1', name: 'Island Express', code: 'isl', logo_url: null, supports_membership: false, login_notice: null },
    apiKey: 'k1',
    loading: false,
  }),
}));
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
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/customer-reset-password" element={<CustomerResetPasswordPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </>,
    { route: path },
  ).user;
}

async function choosePassword(user: UserEvent) {
  await user.type(screen.getByLabelText('New Password'), 'long-enough-1');
  await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

const location = () => screen.getByLabelText('location').textContent;

beforeEach(() => {
  vi.mocked(authApi.resetPassword).mockReset().mockResolvedValue({ message: MSG.resetSuccess });
  vi.mocked(authApi.resetCustomerPassword).mockReset().mockResolvedValue({ message: MSG.resetSuccess });
  vi.mocked(notify.success).mockClear();
});

describe('reset password pages', () => {
  it('shows the invalid state without a token', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('heading', { name: MSG.resetLinkInvalid })).toBeTruthy();
    expect(screen.getByText(MSG.resetTokenMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/login');
  });

  it('resets a staff password and goes to /login', async () => {
    const user = renderAt('/reset-password?token=t1');
    await choosePassword(user);
    await waitFor(() => expect(location()).toBe('/login'));
    expect(authApi.resetPassword).toHaveBeenCalledWith({ token: 't1', newPassword: 'long-enough-1' });
    expect(notify.success).toHaveBeenCalledWith(MSG.resetSuccess);
  });

  it("resets a customer password under the courier's brand and returns to its login", async () => {
    const user = renderAt('/customer-reset-password?token=t2&api_key=k1');
    expect(screen.getByText('Island Express')).toBeTruthy();
    await choosePassword(user);
    await waitFor(() => expect(location()).toBe('/login?api_key=k1'));
    expect(authApi.resetCustomerPassword).toHaveBeenCalledWith({ token: 't2', newPassword: 'long-enough-1', api_key: 'k1' });
  });

  it('offers a Back button to the courier login', async () => {
    const user = renderAt('/customer-reset-password?token=t2&api_key=k1');
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(location()).toBe('/login?api_key=k1');
  });
});
