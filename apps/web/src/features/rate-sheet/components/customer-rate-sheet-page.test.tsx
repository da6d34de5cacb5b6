import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../lib/api-client';
import { RATE_SHEET_DOWNLOAD_FAILED } from '../../../lib/rate-sheet';
import { renderWithProviders } from '../../../test/render';
import { CustomerRateSheetPage } from './customer-rate-sheet-page';
import '../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), downloadFile: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/download-file', () => ({ downloadFile: mocks.downloadFile }));
vi.mock('../../../lib/toast', () => ({ notify: { error: mocks.error } }));

function renderPage() {
  return renderWithProviders(<CustomerRateSheetPage />).user;
}

beforeEach(() => vi.clearAllMocks());

describe('CustomerRateSheetPage', () => {
  it('offers the sheet under its file name', async () => {
    mocks.api.mockResolvedValue({ success: true, rate_sheet_url: '/api/rate-sheet/download', file_name: 'Island rates 2026.pdf' });
    mocks.downloadFile.mockResolvedValue('Island rates 2026.pdf');
    const user = renderPage();
    expect(screen.getByRole('heading', { name: 'Rate Sheet' })).toBeTruthy();
    expect(await screen.findByText('Island rates 2026.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(mocks.downloadFile).toHaveBeenCalledWith('/rate-sheet/download', { fallbackName: 'Island rates 2026.pdf' });
  });

  it('says when no sheet is uploaded', async () => {
    mocks.api.mockResolvedValue({ success: true, rate_sheet_url: null, file_name: null });
    renderPage();
    expect(await screen.findByText(SETTINGS_MSG.noRateSheet)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('says so when the download fails', async () => {
    mocks.api.mockResolvedValue({ success: true, rate_sheet_url: '/api/rate-sheet/download', file_name: 'rates.pdf' });
    mocks.downloadFile.mockRejectedValue(new ApiError(500, 'boom'));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith(RATE_SHEET_DOWNLOAD_FAILED));
  });
});
