import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { MembershipRatesInput } from '@parceldesk/shared/schemas/pricing-settings';
import { api } from '../../../lib/api-client';

const PATH = '/settings/membership-rates';
export type MembershipRates = ResponseOf<'GET /settings/membership-rates'>['rates'];

export const membershipRatesQuery = queryOptions({
  queryKey: ['settings', 'membership-rates'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/membership-rates'>>(PATH, { signal }).then((answer) => answer.rates),
});

export const useMembershipRates = () => useQuery(membershipRatesQuery);

export function useUpdateMembershipRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MembershipRatesInput) => api<ResponseOf<'PUT /settings/membership-rates'>>(PATH, { method: 'PUT', body: input }),
    onSuccess: (answer) => client.setQueryData(membershipRatesQuery.queryKey, answer.rates),
  });
}
