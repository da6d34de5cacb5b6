import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SETTINGS_MSG, type CourierSettings } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../../lib/api-client';
import type { AuthContextValue } from '../../../../lib/auth-context';
import { fakeFile, renderSettings } from '../../test/render-settings';
import { LogoUpload } from './logo-upload';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({
  auth: { current: {} as Partial<AuthContextValue> }, api: vi.fn(), success: vi.fn(), error: vi.fn(),
}));
vi.mock('../../../../lib/auth-context', () => ({ useAuth: () => mocks.auth.current }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const COURIER: CourierSettings = {
  id: 'c1', name: 'Island Express', code: 'ISL', logo_url: '/api/files/old-logo', shipping_address_air: null,
  shipping_address_sea: null, bank_details: null, supports_membership: false, admin: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  mocks.auth.current = { checkAuth: vi.fn().mockResolvedValue(undefined) };
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const choose = (file: File) => fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });

describe('LogoUpload', () => {
  it('shows the current logo and no upload button until a file is chosen', () => {
    renderSettings(<LogoUpload courier={COURIER} />);
    expect(screen.getByRole('img', { name: 'Island Express logo' }).getAttribute('src')).toBe('/api/files/old-logo');
    expect(screen.queryByRole('button', { name: 'Upload Logo' })).toBeNull();
  });

  it('refuses files that are not JPG, PNG or GIF, or larger than 5MB', async () => {
    renderSettings(<LogoUpload courier={COURIER} />);
    choose(fakeFile('logo.svg', 'image/svg+xml'));
    expect(await screen.findByText(SETTINGS_MSG.logoNotImage)).toBeTruthy();
    choose(fakeFile('logo.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText(SETTINGS_MSG.logoTooLarge)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Logo' })).toBeNull();
  });

  it('previews the chosen file, uploads it and refreshes the profile so the branding follows', async () => {
    let answer: (value: unknown) => void = () => {};
    mocks.api.mockReturnValue(new Promise((resolve) => { answer = resolve; }));
    const { user } = renderSettings(<LogoUpload courier={COURIER} />);
    choose(fakeFile('logo.png', 'image/png'));
    expect(screen.getByRole('img', { name: 'New logo preview' }).getAttribute('src')).toBe('blob:preview');
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }));
    expect((screen.getByRole('button', { name: 'Uploading...' }) as HTMLButtonElement).disabled).toBe(true);
    const [path, options] = mocks.api.mock.calls[0] as [string, { method: string; body: FormData }];
    expect(path).toBe('/couriers/c1/logo');
    expect((options.body.get('logo') as File).name).toBe('logo.png');
    answer({ success: true, message: SETTINGS_MSG.logoUpdated, logo_url: '/api/files/new-logo' });
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(SETTINGS_MSG.logoUpdated));
    expect(mocks.auth.current.checkAuth).toHaveBeenCalledWith(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Upload/ })).toBeNull());
  });

  it("reports the server's refusal, else the spec fallback", async () => {
    mocks.api.mockRejectedValueOnce(new ApiError(415, SETTINGS_MSG.logoNotImage)).mockRejectedValueOnce(new ApiError(500, 'boom'));
    const { user } = renderSettings(<LogoUpload courier={COURIER} />);
    choose(fakeFile('logo.gif', 'image/gif'));
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(SETTINGS_MSG.logoNotImage));
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }));
    await waitFor(() => expect(mocks.error).toHaveBeenLastCalledWith(SETTINGS_MSG.logoFailed));
  });
});
