import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';
import { rateSheetQuery } from '../../../lib/rate-sheet';

/** POST /rate-sheet, multipart `rate_sheet` and `courier_id`. */
export function useUploadRateSheet(courierId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('rate_sheet', file);
      body.append('courier_id', courierId);
      return api<ResponseOf<'POST /rate-sheet'>>('/rate-sheet', { method: 'POST', body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: rateSheetQuery.queryKey }),
  });
}
