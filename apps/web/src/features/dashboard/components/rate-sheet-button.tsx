import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { rateSheetQuery, useRateSheetDownload } from '../../../lib/rate-sheet';

/** Spec section 2: customers download the rate sheet from their dashboard, when there is one. */
export function RateSheetButton() {
  const { data } = useQuery(rateSheetQuery);
  const { download, isDownloading } = useRateSheetDownload();
  if (!data?.rate_sheet_url) return null;
  return (
    <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={isDownloading} onClick={() => void download(data.file_name)}>
      Download rate sheet
    </Button>
  );
}
