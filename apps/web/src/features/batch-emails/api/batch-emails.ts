import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { Audience, ComposeBatch } from '@parceldesk/shared/schemas/batch-emails';
import { api } from '../../../lib/api-client';

/** Issue 14, batch emails (/admin/batch-emails). */
export const BATCH_EMAILS_ENDPOINT = '/batch-emails';
export const recipientsEndpoint = (batchId: string) => `${BATCH_EMAILS_ENDPOINT}/${batchId}/recipients`;
export const batchKey = (batchId: string) => ['batch-emails', batchId] as const;

/** How many customers an audience reaches now; only asked once the audience is complete. */
export const useAudienceCount = (audience: Audience | null) => useQuery({
  queryKey: ['batch-emails', 'audience-count', audience],
  enabled: audience !== null,
  queryFn: ({ signal }) => api<ResponseOf<'POST /batch-emails/audience-count'>>(`${BATCH_EMAILS_ENDPOINT}/audience-count`, { method: 'POST', body: { audience }, signal }),
});

export const usePreviewBatch = () => useMutation({
  mutationFn: (input: ComposeBatch & { customerId: string }) => api<ResponseOf<'POST /batch-emails/preview'>>(`${BATCH_EMAILS_ENDPOINT}/preview`, { method: 'POST', body: input }),
});

export const useSendTestBatch = () => useMutation({
  mutationFn: (input: ComposeBatch & { customerId?: string }) => api<ResponseOf<'POST /batch-emails/test'>>(`${BATCH_EMAILS_ENDPOINT}/test`, { method: 'POST', body: input }),
});

/** Sends the batch; the same key on a retry answers the first batch instead of a second one. */
export function useSendBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { compose: ComposeBatch; idempotencyKey: string }) => api<ResponseOf<'POST /batch-emails'>>(BATCH_EMAILS_ENDPOINT, {
      method: 'POST', body: input.compose, headers: { 'Idempotency-Key': input.idempotencyKey },
    }),
    onSuccess: (answer) => {
      client.setQueryData(batchKey(answer.batch.id), answer.batch);
      void client.invalidateQueries({ queryKey: ['data-table', BATCH_EMAILS_ENDPOINT] });
    },
  });
}

/** A batch with its live counts (the live stream refreshes it, lib/live-events.ts). */
export const useBatch = (batchId: string | null) => useQuery({
  queryKey: batchKey(batchId ?? ''),
  enabled: batchId !== null,
  queryFn: ({ signal }) => api<ResponseOf<'GET /batch-emails/:id'>>(`${BATCH_EMAILS_ENDPOINT}/${batchId}`, { signal }),
});

/** The courier's branches for the audience choice (the admin's branch list, first 100). */
export const useBranchChoices = (enabled: boolean) => useQuery({
  queryKey: ['batch-emails', 'branches'],
  enabled,
  staleTime: 60_000,
  queryFn: ({ signal }) => api<ResponseOf<'GET /branches'>>('/branches?pageSize=100&sort=name&order=asc', { signal }),
  select: (answer) => answer.data.map((branch) => ({ value: branch.id, label: branch.name })),
});

/** Customers matching a search, to preview the email as one of them. */
export const useCustomerChoices = (search: string) => useQuery({
  queryKey: ['batch-emails', 'customers', search],
  queryFn: ({ signal }) => api<ResponseOf<'GET /customers'>>(`/customers?pageSize=10${search ? `&search=${encodeURIComponent(search)}` : ''}`, { signal }),
  select: (answer) => answer.data.map((customer) => ({ value: customer.id, label: `${customer.firstName} ${customer.lastName} (${customer.mailboxNumber})` })),
});
