import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import { ApiError } from '../../../lib/api-client';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderWithProviders } from '../../../test/render';
import { StaffProfilePage } from './staff-profile-page';

const mocks = vi.hoisted(() => ({
  auth: { current: {} as Partial<AuthContextValue> },
  updateOwnProfile: vi.fn(),
  updateOwnPassword: vi.fn(),
  success: vi.fn(),
  error: vi.fn(),
}));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => mocks.auth.current }));
vi.mock('../../../lib/auth-api', () => ({
  authApi: { updateOwnProfile: mocks.updateOwnProfile, updateOwnPassword: mocks.updateOwnPassword },
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const user: AuthUser = {
  id: 'u1', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com',
  role: { name: 'staff', permissions: [] }, permissions: ['settings_view'], user_type: 'staff',
  courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null }, branch: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  mocks.auth.current = { user, setUser: vi.fn() };
  renderWithProviders(<StaffProfilePage />);
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('StaffProfilePage, details', () => {
  it('requires first name, last name and email', async () => {
    type('First Name', ' ');
    type('Last Name', '');
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MSG.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.invalidEmail)).toBeTruthy();
    expect(mocks.updateOwnProfile).not.toHaveBeenCalled();
  });

  it('saves, updates the signed-in user and confirms', async () => {
    const saved = { ...user, first_name: 'Samuel' };
    mocks.updateOwnProfile.mockResolvedValue({ user: saved, message: MSG.profileUpdated });
    type('First Name', 'Samuel');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(MSG.profileUpdated));
    expect(mocks.updateOwnProfile).toHaveBeenCalledWith('u1', { firstName: 'Samuel', lastName: 'Lee', email: 'sam@example.com' });
    expect(mocks.auth.current.setUser).toHaveBeenCalledWith(saved);
  });

  it('says a new email waits for its confirmation link (issue 15), keeping the current one', async () => {
    mocks.updateOwnProfile.mockResolvedValue({ user, message: MSG.emailChangeSent });
    type('Email', 'new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(MSG.emailChangeSent));
    expect(mocks.auth.current.setUser).toHaveBeenCalledWith(user);
  });

  it('shows the server message, else the fallback, when saving fails', async () => {
    mocks.updateOwnProfile.mockRejectedValue(new ApiError(409, 'An account with this email already exists', { email: 'An account with this email already exists' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith('An account with this email already exists'));
    expect(screen.getByText('An account with this email already exists')).toBeTruthy();

    mocks.updateOwnProfile.mockRejectedValue(new Error('boom'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mocks.error).toHaveBeenLastCalledWith(MSG.profileUpdateFailed));
  });
});

describe('StaffProfilePage, password', () => {
  const fill = (current: string, next: string, confirm: string) => {
    type('Current Password', current);
    type('New Password', next);
    type('Confirm New Password', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  };

  it('checks only that the new passwords match', async () => {
    fill('old', 'short', 'shorter');
    expect(await screen.findByText(MSG.newPasswordsDoNotMatch)).toBeTruthy();
    expect(mocks.updateOwnPassword).not.toHaveBeenCalled();
  });

  it('updates the password, confirms and clears the form', async () => {
    mocks.updateOwnPassword.mockResolvedValue({ message: 'ok' });
    fill('old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(MSG.passwordUpdated));
    expect(mocks.updateOwnPassword).toHaveBeenCalledWith('u1', { currentPassword: 'old-secret', newPassword: 'new-secret-1' });
    await waitFor(() => expect((screen.getByLabelText(/^Current Password/) as HTMLInputElement).value).toBe(''));
  });

  it('says the current password is incorrect on a 401', async () => {
    mocks.updateOwnPassword.mockRejectedValue(new ApiError(401, 'Current password is incorrect'));
    fill('wrong', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(MSG.currentPasswordIncorrect));
  });

  it('shows the server message for other failures', async () => {
    mocks.updateOwnPassword.mockRejectedValue(new ApiError(400, MSG.newPasswordMin));
    fill('old-secret', 'short', 'short');
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(MSG.newPasswordMin));
  });
});
