import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { PRICING_MSG } from '@parceldesk/shared/schemas/pricing-settings';
import { renderWithProviders } from '../../../test/render';
import { MembershipRatesPage } from './membership-rates-page';
import '../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const RATES = [
  { membershipType: 'standard', label: 'Standard', freightDiscountPercent: 0, waiveProcessingFee: false },
  { membershipType: 'student', label: 'Student', freightDiscountPercent: 0, waiveProcessingFee: false },
  { membershipType: 'bpo_employee', label: 'BPO Employee', freightDiscountPercent: 5, waiveProcessingFee: false },
  { membershipType: 'civil_servant', label: 'Civil Servant', freightDiscountPercent: 0, waiveProcessingFee: true },
] as const;

beforeEach(() => vi.clearAllMocks());

describe('MembershipRatesPage', () => {
  it('lists each membership type and saves a changed discount and waiver', async () => {
    mocks.api.mockImplementation(async (_path: string, options?: { method?: string; body?: { rates: unknown[] } }) => {
      if (options?.method === 'PUT') return { success: true, message: PRICING_MSG.membershipUpdated, rates: RATES.map((rate) => (rate.membershipType === 'student' ? { ...rate, freightDiscountPercent: 10, waiveProcessingFee: true } : rate)) };
      return { success: true, rates: RATES };
    });
    const { user } = renderWithProviders(<MembershipRatesPage />);
    const student = await screen.findByLabelText('Student freight discount (%)');
    expect((screen.getByLabelText('BPO Employee freight discount (%)') as HTMLInputElement).value).toBe('5%');
    expect((screen.getByLabelText('Waive the processing fee for Civil Servant') as HTMLInputElement).checked).toBe(true);
    await user.clear(student);
    await user.type(student, '10');
    await user.click(screen.getByLabelText('Waive the processing fee for Student'));
    await user.click(screen.getByRole('button', { name: 'Save Membership Rates' }));
    await vi.waitFor(() => expect(mocks.success).toHaveBeenCalledWith(PRICING_MSG.membershipUpdated));
    const put = mocks.api.mock.calls.find(([, options]) => options?.method === 'PUT');
    expect(put?.[0]).toBe('/settings/membership-rates');
    expect(put?.[1].body.rates[1]).toEqual({ membershipType: 'student', freightDiscountPercent: 10, waiveProcessingFee: true });
  });

  it('refuses a discount over 100 % without sending', async () => {
    mocks.api.mockResolvedValue({ success: true, rates: RATES });
    const { user } = renderWithProviders(<MembershipRatesPage />);
    const student = await screen.findByLabelText('Student freight discount (%)');
    await user.clear(student);
    await user.type(student, '150');
    await user.click(screen.getByRole('button', { name: 'Save Membership Rates' }));
    expect(await screen.findByText('Enter a discount from 0 to 100 %')).toBeTruthy();
    expect(mocks.api.mock.calls.some(([, options]) => options?.method === 'PUT')).toBe(false);
  });
});
