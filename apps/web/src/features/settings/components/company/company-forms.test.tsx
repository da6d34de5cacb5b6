import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import { SETTINGS_MSG, type CourierSettings } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../../lib/api-client';
import type { AuthContextValue } from '../../../../lib/auth-context';
import { renderSettings } from '../../test/render-settings';
import { CompanyInfoForm } from './company-info-form';
import { ShippingAddressesForm } from './shipping-addresses-form';
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
  id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null, shipping_address_air: null, shipping_address_sea: null,
  bank_details: null, supports_membership: false, admin: { firstName: 'Ann', lastName: 'Admin', email: 'ann@example.com' },
};
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

beforeEach(() => {
  vi.clearAllMocks();
  mocks.auth.current = { checkAuth: vi.fn().mockResolvedValue(undefined) };
});

describe('CompanyInfoForm', () => {
  it('validates, saves the four fields and refreshes the profile for the header and title', async () => {
    mocks.api.mockResolvedValue({ success: true, message: 'Saved', courier: COURIER });
    const { user } = renderSettings(<CompanyInfoForm courier={COURIER} />);
    expect(input('Courier Code').readOnly).toBe(true);
    const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
    type('Courier Name', ' ');
    type('Email', 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Company Info' }));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    expect(screen.getByText(MSG.invalidEmail)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();

    type('Courier Name', 'Island Express Ltd');
    type('Email', 'Ann@Example.com');
    await user.click(screen.getByRole('button', { name: 'Save Company Info' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(SETTINGS_MSG.companyUpdated));
    expect(mocks.api).toHaveBeenCalledWith('/couriers/c1', {
      method: 'PUT', body: { name: 'Island Express Ltd', firstName: 'Ann', lastName: 'Admin', email: 'ann@example.com' },
    });
    expect(mocks.auth.current.checkAuth).toHaveBeenCalledWith(true);
  });

  it('puts a taken email on the field', async () => {
    mocks.api.mockRejectedValue(new ApiError(409, MSG.emailTaken, { email: MSG.emailTaken }));
    const { user } = renderSettings(<CompanyInfoForm courier={COURIER} />);
    await user.click(screen.getByRole('button', { name: 'Save Company Info' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(MSG.emailTaken));
    expect(screen.getByText(MSG.emailTaken)).toBeTruthy();
  });
});

describe('ShippingAddressesForm', () => {
  it('names the missing line of a short address', async () => {
    const { user } = renderSettings(<ShippingAddressesForm courier={COURIER} />);
    fireEvent.change(input('AIR Address'), { target: { value: 'Island Express\n8450 NW 70th Street\nSuite {mailbox}\nMiami' } });
    await user.click(screen.getByRole('button', { name: 'Save Addresses' }));
    expect(await screen.findByText('The AIR address is missing its State line')).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it('saves both addresses, an empty one meaning not published', async () => {
    mocks.api.mockResolvedValue({ success: true, message: 'Saved', courier: COURIER });
    const { user } = renderSettings(<ShippingAddressesForm courier={COURIER} />);
    const air = 'Island Express\n8450 NW 70th Street\nSuite {mailbox}\nMiami\nFL\n33166';
    fireEvent.change(input('AIR Address'), { target: { value: air } });
    await user.click(screen.getByRole('button', { name: 'Save Addresses' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(SETTINGS_MSG.addressesUpdated));
    expect(mocks.api).toHaveBeenCalledWith('/couriers/c1/shipping-addresses', {
      method: 'PUT', body: { shipping_address_air: air, shipping_address_sea: '' },
    });
  });

  it("shows the server's message, else the spec fallback", async () => {
    mocks.api.mockRejectedValueOnce(new ApiError(500, 'boom'));
    const { user } = renderSettings(<ShippingAddressesForm courier={COURIER} />);
    await user.click(screen.getByRole('button', { name: 'Save Addresses' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(SETTINGS_MSG.addressesFailed));
  });
});
