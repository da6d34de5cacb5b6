import { useCallback, useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { api, errorMessage } from './api-client';
import { downloadFile } from './download-file';
import { notify } from './toast';

/**
 * The courier's rate sheet (settings tab 6). Shared by the admin's Settings tab, the customer's
 * Rate Sheet page and the customer dashboard, so it sits below the features.
 */
export interface RateSheet {
  rate_sheet_url: string | null;
  file_name: string | null;
}

export const RATE_SHEET_DOWNLOAD_FAILED = 'Failed to download rate sheet';

type RateSheetResponse = Partial<RateSheet> & { data?: Partial<RateSheet> | null };

function normalise(response: RateSheetResponse | null): RateSheet {
  const body = response?.data ?? response ?? {};
  return { rate_sheet_url: body.rate_sheet_url ?? null, file_name: body.file_name ?? null };
}

/** GET /rate-sheet: the signed-in user's courier sheet, or nulls when none is uploaded. */
export const rateSheetQuery = queryOptions({
  queryKey: ['rate-sheet'],
  queryFn: ({ signal }) => api<RateSheetResponse | null>('/rate-sheet', { signal }).then(normalise),
});

/** GET /rate-sheet/download with the bearer token, saved under the original file name. */
export function downloadRateSheet(fileName: string | null) {
  return downloadFile('/rate-sheet/download', { fallbackName: fileName ?? 'rate-sheet' });
}

/** A download button's state: busy while the file is fetched, a toast if it fails. */
export function useRateSheetDownload() {
  const [isDownloading, setDownloading] = useState(false);
  const download = useCallback(async (fileName: string | null) => {
    setDownloading(true);
    try {
      await downloadRateSheet(fileName);
    } catch (error) {
      notify.error(errorMessage(error, RATE_SHEET_DOWNLOAD_FAILED));
    } finally {
      setDownloading(false);
    }
  }, []);
  return { download, isDownloading };
}
