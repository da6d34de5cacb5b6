import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PRICING_MSG } from '@parceldesk/shared/schemas/pricing-settings';
import { PLATFORM_MSG } from '@parceldesk/shared/schemas/platform-settings';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { PlatformSettingsPage } from './platform-settings-page';
import '../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const SAVED = {
  fees: { gct: 15, unknownFee: 0, uncollectedFee: 0, switchingFee: 0 },
  volumetricDivisor: 166,
  storageRules: { thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once' as const, capCents: null, abandonmentDays: 60 },
  ticketDepartments: ['General', 'Billing', 'Shipping', 'Customs'],
  membershipRates: (['standard', 'student', 'bpo_employee', 'civil_servant'] as const).map((membershipType) => ({ membershipType, freightDiscountPercent: 0, waiveProcessingFee: false })),
  sender: { name: null, email: null },
  effectiveFrom: 'ParcelDesk <no-reply@parceldesk.local>',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

type Call = [string, { method?: string; body?: Record<string, unknown> } | undefined];
const putCall = () => (mocks.api.mock.calls as Call[]).find(([, options]) => options?.method === 'PUT');

beforeEach(() => vi.clearAllMocks());

async function setup() {
  const view = renderWithProviders(<PlatformSettingsPage />);
  await screen.findByLabelText('GCT (%)', { selector: 'input' });
  const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, textarea, select' }) as HTMLInputElement;
  const retype = async (label: string, value: string) => {
    await view.user.clear(field(label));
    if (value) await view.user.type(field(label), value);
  };
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save Platform Settings' }));
  return { ...view, field, retype, save };
}

describe('PlatformSettingsPage', () => {
  it('shows the defaults new couriers start with and the address email is sent from', async () => {
    mocks.api.mockResolvedValue(SAVED);
    const { field } = await setup();
    expect(field('GCT (%)').value).toBe('15');
    expect(field('Volumetric divisor').value).toBe('166');
    expect(field('Reminders at (days)').value).toBe('7, 14');
    expect(field('Departments, one per line').value).toBe('General\nBilling\nShipping\nCustoms');
    expect(screen.getByText('ParcelDesk <no-reply@parceldesk.local>')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Membership rates' })).getAllByRole('row')).toHaveLength(5);
  });

  it('saves changed defaults and the sender, and says so', async () => {
    mocks.api.mockImplementation(async (_path: string, options?: { method?: string; body?: typeof SAVED }) => {
      if (options?.method !== 'PUT' || !options.body) return SAVED;
      return { ...SAVED, ...options.body, effectiveFrom: '"Island Network" <desk@network.test>', message: PLATFORM_MSG.updated };
    });
    const { user, field, retype, save } = await setup();
    await retype('GCT (%)', '16.5');
    await retype('Unknown Fee', '750');
    await retype('Volumetric divisor', '139');
    await retype('Reminders at (days)', '14, 3');
    await retype('Departments, one per line', 'Counter{Enter}Accounts');
    await retype('Student freight discount (%)', '10');
    await user.click(field('Waive the processing fee for Student'));
    await retype('Sender name', 'Island Network');
    await retype('Sender email', 'desk@network.test');
    await save();
    await vi.waitFor(() => expect(mocks.success).toHaveBeenCalledWith(PLATFORM_MSG.updated));
    const [path, options] = putCall()!;
    expect(path).toBe('/platform/settings');
    expect(options?.body).toEqual({
      fees: { gct: 16.5, unknownFee: 750, uncollectedFee: 0, switchingFee: 0 },
      volumetricDivisor: 139,
      storageRules: { thresholdDays: 15, reminderDays: [3, 14], feeMode: 'once', capCents: null, abandonmentDays: 60 },
      ticketDepartments: ['Counter', 'Accounts'],
      membershipRates: [
        { membershipType: 'standard', freightDiscountPercent: 0, waiveProcessingFee: false },
        { membershipType: 'student', freightDiscountPercent: 10, waiveProcessingFee: true },
        { membershipType: 'bpo_employee', freightDiscountPercent: 0, waiveProcessingFee: false },
        { membershipType: 'civil_servant', freightDiscountPercent: 0, waiveProcessingFee: false },
      ],
      sender: { name: 'Island Network', email: 'desk@network.test' },
    });
    expect(await screen.findByText('"Island Network" <desk@network.test>')).toBeTruthy();
  });

  it('refuses bad values on their fields without sending', async () => {
    mocks.api.mockResolvedValue(SAVED);
    const { retype, save } = await setup();
    await retype('GCT (%)', '150');
    await retype('Abandoned after (days)', '10');
    await retype('Sender name', 'Only a name');
    await save();
    expect(await screen.findByText(SETTINGS_MSG.gctRange)).toBeTruthy();
    expect(screen.getByText(PRICING_MSG.abandonmentAfterThreshold)).toBeTruthy();
    expect(screen.getByText(PLATFORM_MSG.senderPair)).toBeTruthy();
    expect(putCall()).toBeUndefined();
  });

  it('puts the server\'s field message on its field and tells what failed', async () => {
    mocks.api.mockImplementation(async (_path: string, options?: { method?: string }) => {
      if (options?.method === 'PUT') throw new ApiError(400, 'Please check the form', { 'sender.email': PLATFORM_MSG.senderEmail });
      return SAVED;
    });
    const { retype, save } = await setup();
    await retype('Sender name', 'Desk');
    await retype('Sender email', 'desk@network.test');
    await save();
    expect(await screen.findByText(PLATFORM_MSG.senderEmail)).toBeTruthy();
    expect(mocks.error).toHaveBeenCalledWith('Please check the form');
  });
});
