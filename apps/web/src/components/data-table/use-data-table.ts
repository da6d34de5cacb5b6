import { useEffect, useMemo } from 'react';
import { nonEmpty, type ListRequest } from './list-request';
import type { DataTableProps, FixedFilter } from './types';
import { usePendingFilters } from './use-pending-filters';
import { useSearchInput } from './use-search-input';
import { useTableData } from './use-table-data';
import { useTableUrlState } from './use-table-url-state';

const NO_FIXED_FILTERS: Record<string, FixedFilter> = {};

type Options<T> = Pick<DataTableProps<T>, 'endpoint' | 'columns' | 'fixedFilters' | 'urlPrefix' | 'queryKey'>;

/** The table's state machine: URL state, the pending filters, the debounced search and the query. */
export function useDataTable<T>({ endpoint, columns, fixedFilters = NO_FIXED_FILTERS, urlPrefix = '', queryKey }: Options<T>) {
  const [state, update] = useTableUrlState(urlPrefix);
  const filterColumns = columns.filter((column) => column.filterable && !(column.field in fixedFilters));
  const filterFields = filterColumns.map((column) => column.field).join(',');
  const sortFields = columns.filter((column) => column.sortable).map((column) => column.field).join(',');

  // A URL naming an unknown sort column or filter is ignored rather than sent (the server would 400).
  const request = useMemo<ListRequest>(() => {
    const allowed = new Set(filterFields.split(','));
    return {
      ...state,
      sort: state.sort && sortFields.split(',').includes(state.sort) ? state.sort : null,
      filters: Object.fromEntries(Object.entries(nonEmpty(state.filters)).filter(([field]) => allowed.has(field))),
      fixedFilters,
    };
  }, [state, filterFields, sortFields, fixedFilters]);

  const query = useTableData<T>({ endpoint, request, queryKey });
  const search = useSearchInput(state.search, (value) => {
    if (value !== state.search) update({ search: value, page: 1 });
  });
  const filters = usePendingFilters(request.filters);

  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / request.pageSize));
  // After a delete or a narrower view the page may no longer exist: show the last one.
  const isPastEnd = query.isSuccess && !query.isPlaceholderData && total > 0 && request.page > totalPages;
  useEffect(() => {
    if (isPastEnd) update({ page: totalPages });
  }, [isPastEnd, totalPages, update]);

  return {
    request,
    query,
    search,
    filters,
    filterColumns,
    total,
    totalPages,
    hasSearchOrFilters: request.search.trim() !== '' || Object.keys(request.filters).length > 0,
    apply: () => update({ filters: nonEmpty(filters.pending), page: 1 }),
    clear: () => {
      search.reset();
      filters.reset();
      update({ search: '', filters: {}, page: 1 });
    },
    toggleSort: (field: string) =>
      update(request.sort === field ? { sort: field, order: request.order === 'asc' ? 'desc' : 'asc', page: 1 } : { sort: field, order: 'asc', page: 1 }),
    setPage: (page: number) => update({ page }),
    setPageSize: (pageSize: number) => update({ pageSize, page: 1 }),
  };
}
