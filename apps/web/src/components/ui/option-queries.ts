import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { api } from '../../lib/api-client';
import type { SelectOption } from './form-native-select';

/** The largest page the list convention allows: enough for a courier's branches or the network's couriers. */
const ALL = 100;

function listPath(endpoint: string, filters: Record<string, string>): string {
  const params = new URLSearchParams({ page: '1', pageSize: String(ALL), sort: 'name', order: 'asc' });
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  return `${endpoint}?${params.toString()}`;
}

interface Named {
  id: string;
  name: string;
}

function useOptions<T extends Named>(endpoint: string, filters: Record<string, string>, enabled: boolean, label: (row: T) => string) {
  const path = listPath(endpoint, filters);
  return useQuery({
    queryKey: ['options', path],
    queryFn: ({ signal }) => api<ListResponse<T>>(path, { signal }),
    enabled,
    staleTime: 60_000,
    select: (response): SelectOption[] => response.data.map((row) => ({ value: row.id, label: label(row) })),
  });
}

/** Couriers of the network, for the super admin's create forms. */
export const useCourierOptions = (enabled = true) =>
  useOptions<Named & { code: string }>('/network/couriers', {}, enabled, (row) => `${row.name} (${row.code})`);

/** A courier's branches (admin endpoint). The super admin names the courier; a courier admin gets its own. */
export function useBranchOptions({ courierId, enabled = true }: { courierId?: string | null; enabled?: boolean }) {
  const filters: Record<string, string> = {};
  if (courierId) filters.courierId = courierId;
  return useOptions<Named & { isActive: boolean }>('/branches', filters, enabled, (row) => (row.isActive ? row.name : `${row.name} (inactive)`));
}
