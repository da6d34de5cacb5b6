import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../../lib/api-client';
import { renderSettings } from '../../test/render-settings';
import { AdditionalFeesForm, FEE_HELP } from './additional-fees-form';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const FEES = { gct: 15, unknownFee: 500, uncollectedFee: 300, switchingFee: 200 };

function setup() {
  const view = renderSettings(<AdditionalFeesForm fees={FEES} />);
  const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
  const retype = async (label: string, value: string) => {
    await view.user.clear(field(label));
    if (value) await view.user.type(field(label), value);
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Update Shipping Fees' }));
  return { ...view, field, retype, submit };
}

beforeEach(() => vi.clearAllMocks());

describe('AdditionalFeesForm', () => {
  it('shows the saved values, the spec placeholders and helper texts', () => {
    const { field } = setup();
    expect(field('GCT (%)').value).toBe('15');
    expect(field('GCT (%)').placeholder).toBe('16.5');
    expect(field('Unknown Fee').placeholder).toBe('500.00');
    expect(field('Uncollected Fee').placeholder).toBe('300.00');
    expect(field('Switching Fee').placeholder).toBe('200.00');
    for (const help of Object.values(FEE_HELP)) expect(screen.getByText(help)).toBeTruthy();
    expect(FEE_HELP.uncollectedFee).toContain('15 days');
    expect(FEE_HELP.gct).toContain('only to freight');
  });

  it('rejects a GCT above 100 and empty fees, and sends nothing', async () => {
    const { retype, submit } = setup();
    await retype('GCT (%)', '150');
    await retype('Switching Fee', '');
    await submit();
    expect(await screen.findByText(SETTINGS_MSG.gctRange)).toBeTruthy();
    expect(screen.getByText(SETTINGS_MSG.feeMin)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it('saves the four values and confirms', async () => {
    const fees = { gct: 16.5, unknownFee: 750.25, uncollectedFee: 0, switchingFee: 0 };
    mocks.api.mockResolvedValue({ success: true, message: SETTINGS_MSG.feesUpdated, ...fees, fees: [] });
    const { retype, submit } = setup();
    await retype('GCT (%)', '16.5');
    await retype('Unknown Fee', '750.25');
    await submit();
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(SETTINGS_MSG.feesUpdated));
    expect(mocks.api).toHaveBeenCalledWith('/settings/additional-fees', {
      method: 'PUT',
      body: { gct: 16.5, unknownFee: 750.25, uncollectedFee: 300, switchingFee: 200 },
    });
  });

  it('shows the server message, else the spec fallback, when saving fails', async () => {
    mocks.api.mockRejectedValueOnce(new ApiError(400, 'GCT must be between 0 and 100'));
    const { submit } = setup();
    await submit();
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith('GCT must be between 0 and 100'));
    mocks.api.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await submit();
    await waitFor(() => expect(mocks.error).toHaveBeenLastCalledWith(SETTINGS_MSG.feesFailed));
  });
});
