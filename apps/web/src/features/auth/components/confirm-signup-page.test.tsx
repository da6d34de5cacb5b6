import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { ConfirmSignupPage } from './confirm-signup-page';

const confirmCourierSignup = vi.fn<(token: string) => Promise<void>>();
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => ({ confirmCourierSignup }) }));

function renderAt(path: string) {
  renderRoutes({
    '/register/confirm': <ConfirmSignupPage />,
    '/admin/dashboard': <h1>Admin dashboard</h1>,
  }, path);
}

describe('ConfirmSignupPage (/register/confirm, issue 15)', () => {
  it('opens the emailed link once and lands on the admin dashboard', async () => {
    confirmCourierSignup.mockResolvedValueOnce(undefined);
    renderAt('/register/confirm?token=abc');
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeTruthy();
    expect(confirmCourierSignup).toHaveBeenCalledTimes(1);
    expect(confirmCourierSignup).toHaveBeenCalledWith('abc');
  });

  it('says what went wrong for a bad or used link, and for a missing token, with a way to sign in', async () => {
    confirmCourierSignup.mockRejectedValueOnce(new ApiError(409, MSG.emailTaken));
    renderAt('/register/confirm?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.emailTaken);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/admin/login');
  });

  it('a link without a token is invalid at once', () => {
    confirmCourierSignup.mockClear();
    renderAt('/register/confirm');
    expect(screen.getByRole('alert').textContent).toBe(MSG.signupLinkInvalid);
    expect(confirmCourierSignup).not.toHaveBeenCalled();
  });
});
