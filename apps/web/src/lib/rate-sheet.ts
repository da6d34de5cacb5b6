import { useCallback, useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api, errorMessage } from './api-client';
import { downloadFile } from './download-file';
import { notify } from './toast';

/**
 * The courier's rate sheet (settings tab 6). Shared by the admin's Settings tab, the customer's
 * Rate Sheet page and the customer dashboard, so it sits below the features.
 */
export type RateSheet = ResponseOf<'GET /rate-sheet'>;

export const RATE_SHEET_DOWNLOAD_FAILED = 'Failed to download rate sheet';

/** GET /rate-sheet: the signed-in user's courier sheet, or nulls when none is uploaded. */
export const rateSheetQuery = queryOptions({
  queryKey: ['rate-sheet'],
  queryFn: ({ signal }) => api<RateSheet>('/rate-sheet', { signal }),
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
