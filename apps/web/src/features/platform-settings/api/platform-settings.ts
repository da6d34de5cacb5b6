import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { PlatformSettingsInput } from '@parceldesk/shared/schemas/platform-settings';
import { api } from '../../../lib/api-client';

const PATH = '/platform/settings';
export type PlatformSettingsView = ResponseOf<'GET /platform/settings'>;

export const platformSettingsQuery = queryOptions({
  queryKey: ['platform', 'settings'],
  queryFn: ({ signal }) => api<PlatformSettingsView>(PATH, { signal }),
});

export const usePlatformSettings = () => useQuery(platformSettingsQuery);

export function useSavePlatformSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlatformSettingsInput) => api<ResponseOf<'PUT /platform/settings'>>(PATH, { method: 'PUT', body: input }),
    onSuccess: (saved) => client.setQueryData(platformSettingsQuery.queryKey, saved),
  });
}
