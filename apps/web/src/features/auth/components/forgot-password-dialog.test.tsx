import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { authApi } from '../../../lib/auth-api';
import { notify } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordDialog } from './forgot-password-dialog';

vi.mock('../../../lib/auth-api', () => ({ authApi: { requestPasswordReset: vi.fn() } }));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderDialog() {
  const onClose = vi.fn();
  const { user } = renderWithProviders(<ForgotPasswordDialog opened onClose={onClose} apiKey="key-1" />);
  return { onClose, user };
}

beforeEach(() => vi.clearAllMocks());

describe('ForgotPasswordDialog', () => {
  it('sends the email with the courier key, says the link was sent and closes', async () => {
    vi.mocked(authApi.requestPasswordReset).mockResolvedValue({ message: 'sent' } as never);
    const { onClose, user } = renderDialog();
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(authApi.requestPasswordReset).toHaveBeenCalledWith({ email: 'ann@example.com', api_key: 'key-1' });
    expect(notify.success).toHaveBeenCalledWith(MSG.resetEmailSent);
  });

  it('shows the server\'s message and stays open when sending fails', async () => {
    vi.mocked(authApi.requestPasswordReset).mockRejectedValue(new ApiError(429, 'Too many requests, try again later'));
    const { onClose, user } = renderDialog();
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Too many requests, try again later'));
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
