import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { WebhookEndpointInput } from '@parceldesk/shared/schemas/webhooks';
import { api } from '../../../lib/api-client';

export type { WebhookDelivery, WebhookEndpoint } from '@parceldesk/shared/schemas/webhooks';

const PATH = '/settings/webhooks';

export const webhooksQuery = queryOptions({
  queryKey: ['settings', 'webhooks'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/webhooks'>>(PATH, { signal }).then((r) => r.data),
});
export const useWebhooks = () => useQuery(webhooksQuery);

export const deliveriesQuery = (endpointId: string) => queryOptions({
  queryKey: ['settings', 'webhooks', endpointId, 'deliveries'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/webhooks/:id/deliveries'>>(`${PATH}/${encodeURIComponent(endpointId)}/deliveries`, { signal }).then((r) => r.data),
  // The log fills in as the queue works: a delivery waiting for a retry changes on its own.
  refetchInterval: 5000,
});
export const useDeliveries = (endpointId: string) => useQuery(deliveriesQuery(endpointId));

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => api<ResponseOf<'POST /settings/webhooks'>>(PATH, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WebhookEndpointInput }) =>
      api<ResponseOf<'PUT /settings/webhooks/:id'>>(`${PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ResponseOf<'DELETE /settings/webhooks/:id'>>(`${PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

export function useResendDelivery(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<ResponseOf<'POST /settings/webhooks/deliveries/:id/resend'>>(`${PATH}/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesQuery(endpointId).queryKey }),
  });
}
