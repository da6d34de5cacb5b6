import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { MSG } from '@parceldesk/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { RegistrationPage } from './registration-page';
import '../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/branding', () => ({ useBranding: () => ({ courier: null, apiKey: null, loading: false }) }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => ({ registerCustomer: vi.fn() }) }));
vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), loading: vi.fn(), dismiss: vi.fn() },
}));

const COURIER = { id: 'c1', name: 'Island Express', code: 'isl', logo_url: null, supports_membership: true, login_notice: null };

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.search}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <RegistrationPage />
      <Where />
    </>,
    { route: path },
  ).user;
}

beforeEach(() => {
  vi.mocked(notify.error).mockClear();
  mocks.api.mockReset().mockImplementation((path: string) => {
    if (path === '/couriers/all') return Promise.resolve({ success: true, couriers: [{ ...COURIER, api_key: 'k1' }] });
    if (path === '/couriers/validate/k1') return Promise.resolve({ success: true, data: COURIER });
    if (path === '/branches/public/c1') return Promise.resolve({ success: true, data: [{ id: 'b1', name: 'Main' }] });
    return Promise.reject(new ApiError(404, 'Unknown courier'));
  });
});

describe('RegistrationPage', () => {
  it('lets a visitor without a courier pick one, which sets api_key', async () => {
    const user = renderAt('/register');
    await waitFor(() => expect(mocks.api).toHaveBeenCalledWith('/couriers/all', expect.anything()));
    await user.click(screen.getByRole('combobox', { name: 'Courier' }));
    await user.click(await screen.findByRole('option', { name: 'Island Express' }));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('?api_key=k1'));
    expect(await screen.findByText('Step 1 of 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?api_key=k1');
  });

  it('toasts an unknown courier key and offers the picker', async () => {
    renderAt('/register?api_key=nope');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MSG.registrationInfoFailed));
    expect(screen.getByRole('combobox', { name: 'Courier' })).toBeTruthy();
  });
});
