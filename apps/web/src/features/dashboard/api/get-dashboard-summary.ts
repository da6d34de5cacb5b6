import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@parceldesk/shared/schemas/dashboard';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

export function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return api<DashboardSummary>('/dashboard/summary', { signal });
}

/** Keyed by user: the figures are scoped to whoever is signed in (network, courier or branch). */
export const dashboardSummaryQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['dashboard', 'summary', userId],
    queryFn: ({ signal }) => getDashboardSummary(signal),
  });

/** `enabled: false` for staff without dashboard_view, whose request would only earn a 403. */
export function useDashboardSummary({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...dashboardSummaryQueryOptions(user?.id ?? null), enabled: enabled && user !== null });
}
