import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';

const PATH = '/customers/me/marketing-emails';
const KEY = ['customer-profile', 'marketing-emails'] as const;

/** GET /customers/me/marketing-emails: whether the customer gets the courier's batch emails (issue 14). */
export const useMarketingEmails = () =>
  useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<ResponseOf<'GET /customers/me/marketing-emails'>>(PATH, { signal }) });

export function useSetMarketingEmails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (marketingEmails: boolean) => api<ResponseOf<'PUT /customers/me/marketing-emails'>>(PATH, { method: 'PUT', body: { marketingEmails } }),
    onSuccess: (answer) => client.setQueryData(KEY, { marketingEmails: answer.marketingEmails }),
  });
}
