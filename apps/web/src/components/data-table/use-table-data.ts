import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { api } from '../../lib/api-client';
import { buildListPath, type ListRequest } from './list-request';

/**
 * The cache key prefix of every page of one endpoint: screens invalidate it after a create, edit
 * or delete, e.g. `queryClient.invalidateQueries({ queryKey: dataTableQueryKey('/branches') })`.
 */
export const dataTableQueryKey = (endpoint: string) => ['data-table', endpoint] as const;

interface UseTableDataOptions {
  endpoint: string;
  request: ListRequest;
  queryKey?: readonly unknown[];
}

/** One page of the list; the previous page stays on screen while the next loads (no flash when paging). */
export function useTableData<T>({ endpoint, request, queryKey = [] }: UseTableDataOptions) {
  const path = buildListPath(endpoint, request);
  const listKey = [...dataTableQueryKey(endpoint), ...queryKey];
  const listId = JSON.stringify(listKey);
  return useQuery({
    queryKey: [...listKey, path],
    queryFn: ({ signal }) => api<ListResponse<T>>(path, { signal }),
    // keepPreviousData, but only within the same list: another endpoint's or parent's rows are not a placeholder.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey.slice(0, -1)) === listId ? keepPreviousData(previous) : undefined,
  });
}
