import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { rangeOverlapMessage, SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../../lib/api-client';
import { renderSettings } from '../../test/render-settings';
import { ProcessingFeeForm } from './processing-fee-modal';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn(), done: vi.fn() }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const FEE = { id: 'f1', weightRange: '1lb to 10lbs', minLbs: 1, maxLbs: 10, fee: 250, createdAt: '2026-01-05T10:00:00.000Z' };
/** What the server answers a save with (the contract's processing fee). */
const SAVED = FEE;

function setup(fee: typeof FEE | null = null) {
  const view = renderSettings(<ProcessingFeeForm fee={fee} onDone={mocks.done} />);
  const range = () => screen.getByLabelText(/^Weight Range/) as HTMLInputElement;
  const amount = () => screen.getByLabelText(/^Fee/, { selector: 'input' }) as HTMLInputElement;
  return { ...view, range, amount };
}

beforeEach(() => vi.clearAllMocks());

describe('ProcessingFeeForm', () => {
  it('asks for a range and a fee', async () => {
    const { user } = setup();
    expect(screen.getByPlaceholderText('1lb to 10lbs')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Fee' }));
    expect(await screen.findByText(SETTINGS_MSG.weightRangeRequired)).toBeTruthy();
    expect(screen.getByText(SETTINGS_MSG.feeRequired)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it("explains that a range is two weights joined by 'to'", async () => {
    const { user, range, amount } = setup();
    await user.type(range(), '10 lbs');
    await user.type(amount(), '100');
    await user.click(screen.getByRole('button', { name: 'Create Fee' }));
    expect(await screen.findByText(SETTINGS_MSG.weightRangeInvalid)).toBeTruthy();
    await user.clear(range());
    await user.type(range(), '10lbs to 1lb'); // the smaller weight comes first
    await user.click(screen.getByRole('button', { name: 'Create Fee' }));
    expect(await screen.findByText(SETTINGS_MSG.weightRangeInvalid)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it('creates a fee and closes', async () => {
    mocks.api.mockResolvedValue({ success: true, message: SETTINGS_MSG.processingFeeCreated, data: SAVED });
    const { user, range, amount } = setup();
    await user.type(range(), '0.5lbs to 5lbs');
    await user.type(amount(), '150.5');
    await user.click(screen.getByRole('button', { name: 'Create Fee' }));
    await waitFor(() => expect(mocks.done).toHaveBeenCalled());
    expect(mocks.api).toHaveBeenCalledWith('/settings/processing-fees', { method: 'POST', body: { weightRange: '0.5lbs to 5lbs', fee: 150.5 } });
    expect(mocks.success).toHaveBeenCalledWith(SETTINGS_MSG.processingFeeCreated);
  });

  it('edits an existing fee in place', async () => {
    mocks.api.mockResolvedValue({ success: true, message: SETTINGS_MSG.processingFeeCreated, data: SAVED });
    const { user, range, amount } = setup(FEE);
    expect(range().value).toBe('1lb to 10lbs');
    expect(amount().value).toBe('250');
    await user.click(screen.getByRole('button', { name: 'Update Fee' }));
    await waitFor(() => expect(mocks.api).toHaveBeenCalledWith('/settings/processing-fees/f1', { method: 'PUT', body: { weightRange: '1lb to 10lbs', fee: 250 } }));
  });

  it("puts the server's overlap message on the range field and stays open", async () => {
    const message = rangeOverlapMessage('1lb to 10lbs');
    mocks.api.mockRejectedValue(new ApiError(409, message, { weightRange: message }));
    const { user, range, amount } = setup();
    await user.type(range(), '5lbs to 20lbs');
    await user.type(amount(), '300');
    await user.click(screen.getByRole('button', { name: 'Create Fee' }));
    await waitFor(() => expect(range().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(mocks.error).toHaveBeenCalledWith(message);
    expect(mocks.done).not.toHaveBeenCalled();
  });
});
