import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PRICING_MSG } from '@parceldesk/shared/schemas/pricing-settings';
import { renderSettings } from '../../test/render-settings';
import { CustomsSettingsSection } from './customs-settings-form';
import { ExchangeSeaSection } from './exchange-sea-form';
import { StorageRulesSection } from './storage-rules-form';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const PRICING = { exchangeRateCents: null, exchangeRateSetOn: null, seaRatePerCubicFootCents: null, seaMinimumCents: 0 };
const CUSTOMS = {
  deMinimisUsdCents: 10_000, scfPercent: 0.3, envlPercent: 0.5, stampDutyCents: 10_000, stampDutyThresholdCents: 550_000, gctPercent: 15,
  insuranceAirPercent: 1, insuranceSeaPercent: 1.5, categories: [{ code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 }],
};

beforeEach(() => vi.clearAllMocks());
const putBody = () => mocks.api.mock.calls.find(([, options]) => options?.method === 'PUT')?.[1].body;

describe('Rates tab: exchange rate and sea freight', () => {
  it('sends typed dollars as cents with the date set', async () => {
    mocks.api.mockImplementation(async (_path: string, options?: { method?: string; body?: Record<string, unknown> }) =>
      (options?.method === 'PUT' ? { success: true, message: PRICING_MSG.pricingUpdated, ...options.body } : { success: true, ...PRICING }));
    const { user } = renderSettings(<ExchangeSeaSection />);
    const form = await screen.findByRole('form', { name: 'Exchange rate and sea freight' });
    await user.type(within(form).getByLabelText('Exchange rate (J$ per US$1)'), '156.5');
    await user.type(within(form).getByLabelText('Sea rate per cubic foot (J$)'), '1200');
    await user.click(within(form).getByRole('button', { name: 'Save Exchange and Sea Rates' }));
    await vi.waitFor(() => expect(mocks.success).toHaveBeenCalledWith(PRICING_MSG.pricingUpdated));
    expect(putBody()).toEqual({ exchangeRateCents: 15_650, exchangeRateSetOn: new Date().toISOString().slice(0, 10), seaRatePerCubicFootCents: 120_000, seaMinimumCents: 0 });
  });
});

describe('Additional Fees tab: customs calculator settings', () => {
  it('adds a category and saves the list, thresholds in cents', async () => {
    mocks.api.mockImplementation(async (_path: string, options?: { method?: string }) =>
      (options?.method === 'PUT' ? { success: true, message: PRICING_MSG.customsUpdated, ...CUSTOMS } : { success: true, ...CUSTOMS }));
    const { user } = renderSettings(<CustomsSettingsSection />);
    const form = await screen.findByRole('form', { name: 'Customs calculator settings' });
    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    await user.type(within(form).getByLabelText('Category 2 name'), 'Books');
    const duty = within(form).getByLabelText('Category 2 duty (%)');
    await user.clear(duty);
    await user.type(duty, '0');
    await user.click(within(form).getByRole('button', { name: 'Save Customs Settings' }));
    await vi.waitFor(() => expect(mocks.success).toHaveBeenCalledWith(PRICING_MSG.customsUpdated));
    expect(putBody()).toMatchObject({
      deMinimisUsdCents: 10_000, stampDutyCents: 10_000, stampDutyThresholdCents: 550_000,
      categories: [{ code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 }, { name: 'Books', dutyPercent: 0, gctPercent: 15 }],
    });
  });

  it('refuses two categories with the same name', async () => {
    mocks.api.mockResolvedValue({ success: true, ...CUSTOMS });
    const { user } = renderSettings(<CustomsSettingsSection />);
    const form = await screen.findByRole('form', { name: 'Customs calculator settings' });
    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    await user.type(within(form).getByLabelText('Category 2 name'), 'general goods');
    await user.click(within(form).getByRole('button', { name: 'Save Customs Settings' }));
    expect(await within(form).findByText(PRICING_MSG.categoryDuplicate)).toBeTruthy();
    expect(mocks.api.mock.calls.some(([, options]) => options?.method === 'PUT')).toBe(false);
  });
});

describe('Additional Fees tab: storage rules', () => {
  const RULES = { thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once', capCents: null, abandonmentDays: 60 };

  it('shows the defaults and saves a per-day fee with a cap in cents', async () => {
    mocks.api.mockImplementation(async (_path: string, options?: { method?: string; body?: Record<string, unknown> }) =>
      (options?.method === 'PUT' ? { success: true, message: PRICING_MSG.storageUpdated, ...options.body } : { success: true, ...RULES }));
    const { user } = renderSettings(<StorageRulesSection />);
    const form = await screen.findByRole('form', { name: 'Storage rules' });
    expect((within(form).getByLabelText('Reminders at (days)') as HTMLInputElement).value).toBe('7, 14');
    await user.selectOptions(within(form).getByLabelText('Uncollected fee charged'), 'per_day');
    await user.type(within(form).getByLabelText('Cap when charged per day (J$)'), '5000');
    const reminders = within(form).getByLabelText('Reminders at (days)');
    await user.clear(reminders);
    await user.type(reminders, '14, 7, 10');
    await user.click(within(form).getByRole('button', { name: 'Save Storage Rules' }));
    await vi.waitFor(() => expect(mocks.success).toHaveBeenCalledWith(PRICING_MSG.storageUpdated));
    expect(putBody()).toEqual({ thresholdDays: 15, reminderDays: [7, 10, 14], feeMode: 'per_day', capCents: 500_000, abandonmentDays: 60 });
  });

  it('refuses an abandonment period not longer than the threshold', async () => {
    mocks.api.mockResolvedValue({ success: true, ...RULES });
    const { user } = renderSettings(<StorageRulesSection />);
    const form = await screen.findByRole('form', { name: 'Storage rules' });
    const abandonment = within(form).getByLabelText('Abandoned after (days)', { exact: false });
    await user.clear(abandonment);
    await user.type(abandonment, '10');
    await user.click(within(form).getByRole('button', { name: 'Save Storage Rules' }));
    expect(await within(form).findByText(PRICING_MSG.abandonmentAfterThreshold)).toBeTruthy();
    expect(mocks.api.mock.calls.some(([, options]) => options?.method === 'PUT')).toBe(false);
  });
});
