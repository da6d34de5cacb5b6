import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';
import type { SelectOption } from '../../../components/ui/form-native-select';

/**
 * The courier's active branches, from the same public list registration uses: a customer's home
 * branch is chosen from the active ones (issue 3), and staff may read it without branch rights.
 */
export function useActiveBranchOptions(courierId: string) {
  return useQuery({
    queryKey: ['options', 'active-branches', courierId],
    queryFn: ({ signal }) => api<ResponseOf<'GET /branches/public/:courierId'>>(`/branches/public/${encodeURIComponent(courierId)}`, { signal }),
    staleTime: 60_000,
    select: (response): SelectOption[] => response.data.map((branch) => ({ value: branch.id, label: branch.name })),
  });
}
