import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { authApi } from '../../../lib/auth-api';
import { renderRoutes } from '../../../test/render';
import { ConfirmEmailPage } from './confirm-email-page';

vi.mock('../../../lib/auth-api', () => ({ authApi: { confirmEmail: vi.fn() } }));
vi.mock('../../../lib/branding', () => ({
  useBranding: () => ({ courier: { id: 'c1', name: 'Island Express', code: 'isl', logo_url: null, supports_membership: false, login_notice: null }, apiKey: 'k1', loading: false }),
}));

function renderAt(path: string) {
  return renderRoutes({ '/confirm-email': <ConfirmEmailPage /> }, path).user;
}

beforeEach(() => {
  vi.mocked(authApi.confirmEmail).mockReset();
});

describe('ConfirmEmailPage (issue 15)', () => {
  it('confirms on the button only, then says so and offers the sign-in of that account', async () => {
    vi.mocked(authApi.confirmEmail).mockResolvedValue({ message: MSG.emailChanged, role: 'staff' });
    const user = renderAt('/confirm-email?token=abc');
    expect(authApi.confirmEmail).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm New Email' }));
    expect(authApi.confirmEmail).toHaveBeenCalledWith({ token: 'abc' });
    expect((await screen.findByRole('status')).textContent).toContain(MSG.emailChanged);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/staff/login');
  });

  it("sends a customer to their courier's sign-in", async () => {
    vi.mocked(authApi.confirmEmail).mockResolvedValue({ message: MSG.emailChanged, role: 'customer' });
    const user = renderAt('/confirm-email?token=abc&api_key=k1');
    await user.click(screen.getByRole('button', { name: 'Confirm New Email' }));
    await screen.findByRole('status');
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login?api_key=k1');
  });

  it("shows the server's message for a used or expired link", async () => {
    vi.mocked(authApi.confirmEmail).mockRejectedValue(new ApiError(400, MSG.emailChangeInvalid));
    renderAt('/confirm-email?token=old');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm New Email' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.emailChangeInvalid);
  });

  it('without a token says the link is invalid', () => {
    renderAt('/confirm-email');
    expect((screen.getByRole('alert')).textContent).toContain(MSG.emailChangeInvalid);
    expect(screen.queryByRole('button', { name: 'Confirm New Email' })).toBeNull();
  });
});
