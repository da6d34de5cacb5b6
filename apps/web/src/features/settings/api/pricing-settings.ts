import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { CustomsSettingsInput, PricingSettingsInput, StorageRulesInput } from '@parceldesk/shared/schemas/pricing-settings';
import { api } from '../../../lib/api-client';

/** Issue 13 settings: exchange rate and SEA rate, storage rules, customs settings (money in cents). */
export const pricingSettingsQuery = queryOptions({
  queryKey: ['settings', 'pricing'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/pricing'>>('/settings/pricing', { signal }),
});
export const storageRulesQuery = queryOptions({
  queryKey: ['settings', 'storage-rules'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/storage-rules'>>('/settings/storage-rules', { signal }),
});
export const customsSettingsQuery = queryOptions({
  queryKey: ['settings', 'customs'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/customs'>>('/settings/customs', { signal }),
});

export const usePricingSettings = () => useQuery(pricingSettingsQuery);
export const useStorageRules = () => useQuery(storageRulesQuery);
export const useCustomsSettings = () => useQuery(customsSettingsQuery);

export function useUpdatePricingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PricingSettingsInput) => api<ResponseOf<'PUT /settings/pricing'>>('/settings/pricing', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: pricingSettingsQuery.queryKey }),
  });
}

export function useUpdateStorageRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StorageRulesInput) => api<ResponseOf<'PUT /settings/storage-rules'>>('/settings/storage-rules', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: storageRulesQuery.queryKey }),
  });
}

export function useUpdateCustomsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomsSettingsInput) => api<ResponseOf<'PUT /settings/customs'>>('/settings/customs', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: customsSettingsQuery.queryKey }),
  });
}
