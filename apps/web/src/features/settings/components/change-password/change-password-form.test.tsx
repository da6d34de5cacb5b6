import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import { ApiError } from '../../../../lib/api-client';
import { renderSettings } from '../../test/render-settings';
import { ChangePasswordForm } from './change-password-form';

const mocks = vi.hoisted(() => ({ changePassword: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/auth-api', () => ({ authApi: { changePassword: mocks.changePassword } }));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

function setup() {
  const view = renderSettings(<ChangePasswordForm />);
  const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  const fill = async (current: string, next: string, confirm: string) => {
    if (current) await view.user.type(input('Current Password'), current);
    if (next) await view.user.type(input('New Password'), next);
    if (confirm) await view.user.type(input('Confirm New Password'), confirm);
    await view.user.click(screen.getByRole('button', { name: 'Update Password' }));
  };
  return { ...view, input, fill };
}

beforeEach(() => vi.clearAllMocks());

describe('ChangePasswordForm', () => {
  it('applies every rule of spec section 5', async () => {
    const { fill } = setup();
    await fill('', '', '');
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(MSG.newPasswordRequired)).toBeTruthy();
  });

  it('wants 8 characters, a match, and a change', async () => {
    const { fill, input, user } = setup();
    await fill('old-secret', 'short', 'other');
    expect(await screen.findByText(MSG.newPasswordMin)).toBeTruthy();
    expect(screen.getByText(MSG.newPasswordsDoNotMatch)).toBeTruthy();
    await user.clear(input('New Password'));
    await user.clear(input('Confirm New Password'));
    await fill('', 'old-secret', 'old-secret');
    expect(await screen.findByText(MSG.newPasswordSame)).toBeTruthy();
    expect(mocks.changePassword).not.toHaveBeenCalled();
  });

  it('changes the password, confirms, clears the form and hides the plain text', async () => {
    mocks.changePassword.mockResolvedValue({ message: MSG.passwordUpdated });
    const { fill, input, user } = setup();
    await user.click(screen.getAllByRole('button', { name: 'Show characters' })[0]!);
    expect(input('Current Password').type).toBe('text');
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(MSG.passwordUpdated));
    expect(mocks.changePassword).toHaveBeenCalledWith({ currentPassword: 'old-secret', newPassword: 'new-secret-1' });
    await waitFor(() => expect(input('Current Password').value).toBe(''));
    expect(input('Current Password').type).toBe('password');
  });

  it('says the current password is incorrect on a 401, else the server message or fallback', async () => {
    mocks.changePassword
      .mockRejectedValueOnce(new ApiError(401, 'whatever the server says'))
      .mockRejectedValueOnce(new ApiError(429, MSG.tooManyAttempts))
      .mockRejectedValueOnce(new Error('offline'));
    const { fill, user } = setup();
    await fill('wrong-one', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(MSG.currentPasswordIncorrect));
    expect(screen.getByText(MSG.currentPasswordIncorrect)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(mocks.error).toHaveBeenLastCalledWith(MSG.tooManyAttempts));
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(mocks.error).toHaveBeenLastCalledWith(MSG.passwordUpdateFailed));
  });
});
