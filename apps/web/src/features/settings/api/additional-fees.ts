import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdditionalFeesInput } from '@parceldesk/shared/schemas/settings';
import { api } from '../../../lib/api-client';

type FeesResponse = Partial<AdditionalFeesInput> & { data?: Partial<AdditionalFeesInput> | null };

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

/** The server may send the four values bare or under `data`, as numbers or numeric strings. */
function normalise(response: FeesResponse | null): AdditionalFeesInput {
  const body = response?.data ?? response ?? {};
  return { gct: num(body.gct), unknownFee: num(body.unknownFee), uncollectedFee: num(body.uncollectedFee), switchingFee: num(body.switchingFee) };
}

const PATH = '/settings/additional-fees';

export const additionalFeesQuery = queryOptions({
  queryKey: ['settings', 'additional-fees'],
  queryFn: ({ signal }) => api<FeesResponse | null>(PATH, { signal }).then(normalise),
});

export const useAdditionalFees = () => useQuery(additionalFeesQuery);

export function useUpdateAdditionalFees() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdditionalFeesInput) => api<unknown>(PATH, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: additionalFeesQuery.queryKey }),
  });
}
