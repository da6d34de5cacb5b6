import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { CreateApiKeyInput, PackingConnectionInput } from '@parceldesk/shared/schemas/integrations';
import { api } from '../../../lib/api-client';

/** Settings → Integrations (issue 17, ADR 024): API keys and the packing-system connection. */
export const apiKeysQuery = queryOptions({
  queryKey: ['settings', 'integrations', 'api-keys'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /integrations/api-keys'>>('/integrations/api-keys', { signal }),
});
export const packingConnectionQuery = queryOptions({
  queryKey: ['settings', 'integrations', 'packing-system'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /integrations/packing-system'>>('/integrations/packing-system', { signal }),
});

export const useApiKeys = () => useQuery(apiKeysQuery);
export const usePackingConnection = () => useQuery(packingConnectionQuery);

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api<ResponseOf<'POST /integrations/api-keys'>>('/integrations/api-keys', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ResponseOf<'POST /integrations/api-keys/:id/revoke'>>(`/integrations/api-keys/${id}/revoke`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['settings', 'integrations'] }),
  });
}

export function useSavePackingConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PackingConnectionInput) => api<ResponseOf<'PUT /integrations/packing-system'>>('/integrations/packing-system', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: packingConnectionQuery.queryKey }),
  });
}
