import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderSettings } from '../test/render-settings';
import { SettingsPage } from './settings-page';
import { SETTINGS_TABS, tabFromSearch } from './settings-tabs';
import '../../../test/contract-api';

const mocks = vi.hoisted(() => ({ auth: { current: {} as Partial<AuthContextValue> }, api: vi.fn() }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => mocks.auth.current }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));

const COURIER = { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null };
const RESPONSES: Record<string, unknown> = {
  '/couriers/c1': {
    success: true,
    data: {
      ...COURIER, shipping_address_air: null, shipping_address_sea: null, bank_details: 'NCB\nAcct 123', supports_membership: false,
      admin: { firstName: 'Ann', lastName: 'Admin', email: 'ann@example.com' },
    },
  },
  '/settings/additional-fees': { success: true, gct: 15, unknownFee: 0, uncollectedFee: 0, switchingFee: 0, fees: [] },
  '/rate-sheet': { success: true, rate_sheet_url: null, file_name: null },
  '/settings/pricing': { success: true, exchangeRateCents: null, exchangeRateSetOn: null, seaRatePerCubicFootCents: null, seaMinimumCents: 0 },
  '/settings/storage-rules': { success: true, thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once', capCents: null, abandonmentDays: 60 },
  '/settings/customs': {
    success: true, deMinimisUsdCents: 10_000, scfPercent: 0.3, envlPercent: 0.5, stampDutyCents: 10_000, stampDutyThresholdCents: 550_000, gctPercent: 15,
    insuranceAirPercent: 1, insuranceSeaPercent: 1.5, categories: [{ code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 }],
  },
  '/settings/couriers/c1/email-config': { success: true, data: null },
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.search}</output>;
}

function renderPage(route = '/admin/settings') {
  return renderSettings(<><SettingsPage /><Where /></>, { route });
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.auth.current = { user: { courier: COURIER } as AuthContextValue['user'], checkAuth: vi.fn() };
  mocks.api.mockImplementation(async (path: string) => RESPONSES[path] ?? { success: true, data: [] });
});

describe('SettingsPage', () => {
  it('lists the tabs in spec order and opens Company Info by default', async () => {
    renderPage();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([...SETTINGS_TABS]);
    expect(screen.getByRole('tab', { name: 'Company Info' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByDisplayValue('Island Express')).toBeTruthy();
    expect((screen.getByLabelText('Courier Code') as HTMLInputElement).readOnly).toBe(true);
  });

  it('opens the tab named in ?tab= and keeps the choice in the URL', async () => {
    const { user } = renderPage('/admin/settings?tab=2');
    expect(screen.getByRole('tab', { name: 'Additional Fees' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Update Shipping Fees' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Bank Details' }));
    expect(screen.getByLabelText('location').textContent).toBe('?tab=4');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Bank Details' })).toBeTruthy());
    // Only the open tab is mounted: the fees form is gone.
    expect(screen.queryByRole('button', { name: 'Update Shipping Fees' })).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user } = renderPage('/admin/settings?tab=6');
    screen.getByRole('tab', { name: 'Rate Sheet' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Change Password' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('location').textContent).toBe('?tab=7');
  });

  it('says the courier is missing instead of showing tabs', () => {
    mocks.auth.current = { user: { courier: null } as unknown as AuthContextValue['user'] };
    renderPage();
    expect(screen.getByText(SETTINGS_MSG.courierMissing)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(mocks.api).not.toHaveBeenCalled();
  });
});

describe('tabFromSearch', () => {
  it('reads 0 to the last tab and falls back to the first tab', () => {
    expect(tabFromSearch('7')).toBe(7);
    expect(tabFromSearch(String(SETTINGS_TABS.length - 1))).toBe(SETTINGS_TABS.length - 1);
    expect(tabFromSearch(String(SETTINGS_TABS.length))).toBe(0);
    expect(tabFromSearch('-1')).toBe(0);
    expect(tabFromSearch('1.5')).toBe(0);
    expect(tabFromSearch(null)).toBe(0);
  });
});
