import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../../lib/api-client';
import type { BulkUploadResult } from '../../api/shipping-rates';
import { fakeFile, renderSettings } from '../../test/render-settings';
import { BulkUploadModal } from './bulk-upload-modal';
import { BulkUploadResultView } from './bulk-upload-result';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn(), downloadFile: vi.fn() }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/download-file', () => ({ downloadFile: mocks.downloadFile }));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const RESULT: BulkUploadResult = {
  success: true,
  message: 'Processed 5 rows: 2 created, 1 updated, 2 invalid',
  createdRates: 2,
  updatedRates: 1,
  invalidRates: 2,
  totalProcessed: 5,
  invalidRows: [
    { row: 3, weight: 'heavy', cost: '650', reason: SETTINGS_MSG.weightInvalid },
    { row: 6, weight: '4', cost: '-1', reason: SETTINGS_MSG.costInvalid },
  ],
};

beforeEach(() => vi.clearAllMocks());

const count = (label: string) => screen.getByLabelText(new RegExp(`^${label}:`)).textContent;

describe('BulkUploadResultView', () => {
  it('shows the counts and each invalid row with its number and reason', () => {
    renderSettings(<BulkUploadResultView result={RESULT} />);
    expect(count('Created')).toBe('2');
    expect(count('Updated')).toBe('1');
    expect(count('Invalid')).toBe('2');
    expect(count('Total processed')).toBe('5');
    expect(screen.getByText(RESULT.message!)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Invalid rows' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', 'heavy', '650', SETTINGS_MSG.weightInvalid]);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['6', '4', '-1', SETTINGS_MSG.costInvalid]);
  });

  it('has no invalid-rows table when every row was good', () => {
    renderSettings(<BulkUploadResultView result={{ ...RESULT, invalidRates: 0, invalidRows: [] }} />);
    expect(count('Invalid')).toBe('0');
    expect(screen.queryByRole('table', { name: 'Invalid rows' })).toBeNull();
  });
});

describe('BulkUploadModal', () => {
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
  const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

  it('accepts only Excel or CSV files up to 5MB', async () => {
    renderSettings(<BulkUploadModal opened courierId="c1" onClose={vi.fn()} />);
    expect(fileInput().accept).toBe('.xlsx,.xls,.csv');
    choose(fakeFile('rates.pdf', 'application/pdf'));
    expect(await screen.findByText(SETTINGS_MSG.bulkWrongType)).toBeTruthy();
    choose(fakeFile('rates.csv', 'text/csv', 6 * 1024 * 1024));
    expect(await screen.findByText(SETTINGS_MSG.bulkTooLarge)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads the file with the courier id, reads Uploading... meanwhile, then shows the result', async () => {
    let answer: (value: BulkUploadResult) => void = () => {};
    mocks.api.mockReturnValue(new Promise<BulkUploadResult>((resolve) => { answer = resolve; }));
    const { user } = renderSettings(<BulkUploadModal opened courierId="c1" onClose={vi.fn()} />);
    choose(fakeFile('rates.csv', 'text/csv'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const busy = await screen.findByRole('button', { name: 'Uploading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [path, options] = mocks.api.mock.calls[0] as [string, { method: string; body: FormData }];
    expect(path).toBe('/settings/shipping-rates/bulk-upload');
    expect((options.body.get('file') as File).name).toBe('rates.csv');
    expect(options.body.get('courier_id')).toBe('c1');
    answer(RESULT);
    expect(await screen.findByRole('region', { name: 'Upload result' })).toBeTruthy();
    expect(count('Created')).toBe('2');
  });

  it("shows the server's reason when the upload is refused", async () => {
    mocks.api.mockRejectedValue(new ApiError(415, SETTINGS_MSG.bulkWrongType));
    const { user } = renderSettings(<BulkUploadModal opened courierId="c1" onClose={vi.fn()} />);
    choose(fakeFile('rates.xlsx', ''));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(SETTINGS_MSG.bulkWrongType));
  });

  it('downloads the templates under the names the spec gives, and says so when it fails', async () => {
    mocks.downloadFile.mockResolvedValueOnce('x').mockRejectedValueOnce(new Error('offline'));
    const { user } = renderSettings(<BulkUploadModal opened courierId="c1" onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Download Excel Template' }));
    expect(mocks.downloadFile).toHaveBeenCalledWith('/settings/shipping-rates/template?format=excel', expect.objectContaining({ fileName: 'shipping_rates_template.xlsx' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV Template' }));
    expect(mocks.downloadFile).toHaveBeenLastCalledWith('/settings/shipping-rates/template?format=csv', expect.objectContaining({ fileName: 'shipping_rates_template.csv' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(SETTINGS_MSG.templateFailed));
  });
});
