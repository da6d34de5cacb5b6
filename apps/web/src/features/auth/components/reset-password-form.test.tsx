import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { ResetPasswordForm } from './reset-password-form';

function renderForm(onReset = vi.fn<(password: string) => Promise<void>>().mockResolvedValue(undefined)) {
  return { onReset, user: renderWithProviders(<ResetPasswordForm onReset={onReset} />).user };
}

describe('ResetPasswordForm', () => {
  it('needs at least 8 characters', async () => {
    const { onReset, user } = renderForm();
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MSG.resetPasswordMin)).toBeTruthy();
    expect(onReset).not.toHaveBeenCalled();
  });

  it('needs matching passwords', async () => {
    const { onReset, user } = renderForm();
    await user.type(screen.getByLabelText('New Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(onReset).not.toHaveBeenCalled();
  });

  it('sends the new password and shows the server message on failure', async () => {
    const onReset = vi.fn<(password: string) => Promise<void>>().mockRejectedValue(new ApiError(400, MSG.resetTokenInvalid));
    const { user } = renderForm(onReset);
    await user.type(screen.getByLabelText('New Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.resetTokenInvalid);
    expect(onReset).toHaveBeenCalledWith('long-enough-1');
  });

  it('falls back to the generic failure message', async () => {
    const onReset = vi.fn<(password: string) => Promise<void>>().mockRejectedValue(new ApiError(500, 'boom'));
    const { user } = renderForm(onReset);
    await user.type(screen.getByLabelText('New Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.resetFailed);
  });
});
