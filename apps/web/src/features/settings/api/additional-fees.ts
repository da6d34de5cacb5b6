import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { AdditionalFeesInput } from '@parceldesk/shared/schemas/settings';
import { api } from '../../../lib/api-client';

/** The four values the form edits. */
const formValues = ({ gct, unknownFee, uncollectedFee, switchingFee }: ResponseOf<'GET /settings/additional-fees'>): AdditionalFeesInput =>
  ({ gct, unknownFee, uncollectedFee, switchingFee });

const PATH = '/settings/additional-fees';

export const additionalFeesQuery = queryOptions({
  queryKey: ['settings', 'additional-fees'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/additional-fees'>>(PATH, { signal }).then(formValues),
});

export const useAdditionalFees = () => useQuery(additionalFeesQuery);

export function useUpdateAdditionalFees() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdditionalFeesInput) => api<ResponseOf<'PUT /settings/additional-fees'>>(PATH, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: additionalFeesQuery.queryKey }),
  });
}
