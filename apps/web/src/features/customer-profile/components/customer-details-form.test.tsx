import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import type { CustomerProfile } from '@parceldesk/shared/schemas/auth';
import { renderWithProviders } from '../../../test/render';
import { CustomerDetailsForm } from './customer-details-form';
import '../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), setCustomer: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => ({ setCustomer: mocks.setCustomer }) }));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const customer = (accountType: 'individual' | 'business'): CustomerProfile => ({
  id: 'k1', firstName: 'Ann', lastName: 'Brown', email: 'ann@example.com', phone: '876-555-0100', title: accountType === 'business' ? null : 'Ms.',
  accountType, businessName: accountType === 'business' ? '' : null, mailboxNumber: 'ISL-1042', trn: '123456789', address: '1 Main St',
  parish: 'Kingston', city: 'Kingston', country: 'Jamaica', membershipType: 'standard', branch: null,
  courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null }, shippingAddresses: [], role: 'customer', createdAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => vi.clearAllMocks());

describe('CustomerDetailsForm', () => {
  it('shows the shared customer fields without account type or membership, and fills in the customer\'s own details', () => {
    renderWithProviders(<CustomerDetailsForm customer={customer('individual')} />);
    expect((screen.getByRole('combobox', { name: /^Title/ }) as HTMLSelectElement).value).toBe('Ms.');
    expect(screen.queryByRole('combobox', { name: /^Account Type/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Membership/ })).toBeNull();
    expect(screen.getByLabelText(/^Email/).getAttribute('autocomplete')).toBe('email');
  });

  it('asks a business for its name and sends nothing without it', async () => {
    const { user } = renderWithProviders(<CustomerDetailsForm customer={customer('business')} />);
    expect(screen.queryByRole('combobox', { name: /^Title/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MSG.businessNameRequired)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it('saves the details with the business name and no title', async () => {
    const saved = { ...customer('business'), businessName: 'Brown Traders' };
    mocks.api.mockResolvedValue({ customer: saved, message: '' });
    const { user } = renderWithProviders(<CustomerDetailsForm customer={customer('business')} />);
    await user.type(screen.getByLabelText(/^Business Name/), 'Brown Traders');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mocks.setCustomer).toHaveBeenCalledWith(saved));
    expect(mocks.api).toHaveBeenCalledWith('/customers/profile', { method: 'PUT', body: expect.objectContaining({ businessName: 'Brown Traders', title: null }) });
  });
});
