import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';

/** List endpoint (list convention): parcels ready for pickup longer than the threshold. */
export const UNCOLLECTED_ENDPOINT = '/uncollected';

/** The courier admin's "Run now" of the daily sweep; the list refreshes after it. */
export const useRunSweep = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ResponseOf<'POST /uncollected/sweep'>>(`${UNCOLLECTED_ENDPOINT}/sweep`, { method: 'POST' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['data-table', UNCOLLECTED_ENDPOINT] });
      void client.invalidateQueries({ queryKey: ['data-table', '/invoices'] });
    },
  });
};
