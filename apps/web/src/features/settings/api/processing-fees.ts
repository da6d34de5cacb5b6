import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { ProcessingFeeInput, ProcessingFeeView } from '@parceldesk/shared/schemas/settings';
import { api } from '../../../lib/api-client';

export type ProcessingFee = ProcessingFeeView;

const BASE = '/settings/processing-fees';

export const processingFeesQuery = queryOptions({
  queryKey: ['settings', 'processing-fees'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/processing-fees'>>(BASE, { signal }).then((r) => r.data),
});

export const useProcessingFees = () => useQuery(processingFeesQuery);

function useFeesMutation<TInput>(send: (input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: processingFeesQuery.queryKey }),
  });
}

/** POST, or PUT /settings/processing-fees/{id} when editing; an overlap answers 409. */
export const useSaveProcessingFee = () =>
  useFeesMutation(({ id, values }: { id: string | null; values: ProcessingFeeInput }) =>
    api<ResponseOf<'POST /settings/processing-fees'>>(id ? `${BASE}/${encodeURIComponent(id)}` : BASE, { method: id ? 'PUT' : 'POST', body: values }));

export const useDeleteProcessingFee = () =>
  useFeesMutation((id: string) => api<ResponseOf<'DELETE /settings/processing-fees/:id'>>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' }));
