import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TABLE_PAGE_SIZES } from '@parceldesk/shared/constants';
import { listQuerySchema } from '@parceldesk/shared/schemas/list-query';
import type { TableState } from './types';

export const DEFAULT_PAGE_SIZE = TABLE_PAGE_SIZES[0];
const KEYS = ['page', 'pageSize', 'sort', 'order', 'search', 'filters'] as const;
const FIELDS = listQuerySchema.shape;

/** One value by the server's own rule (listQuerySchema), or the default when the URL holds a malformed one. */
function read<K extends 'page' | 'pageSize' | 'sort' | 'order' | 'filters'>(key: K, raw: string | null): z.output<(typeof FIELDS)[K]> | undefined {
  const parsed = FIELDS[key].safeParse(raw ?? undefined);
  return parsed.success ? (parsed.data as z.output<(typeof FIELDS)[K]>) : undefined;
}

/** Reads a table's view from the URL; anything malformed falls back to the default rather than failing. */
export function parseTableState(params: URLSearchParams, prefix = ''): TableState {
  const get = (key: (typeof KEYS)[number]) => params.get(`${prefix}${key}`);
  return {
    page: read('page', get('page')) ?? 1,
    pageSize: read('pageSize', get('pageSize')) ?? DEFAULT_PAGE_SIZE,
    sort: read('sort', get('sort')) ?? null,
    order: read('order', get('order')) ?? 'asc',
    // The search box shows what was typed, spaces and all; the server trims it (buildListPath too).
    search: (get('search') ?? '').slice(0, 200),
    filters: read('filters', get('filters')) ?? {},
  };
}

/** Writes a table's view into a copy of `params`, leaving other params (and other tables' prefixes) alone; defaults are omitted. */
export function writeTableState(params: URLSearchParams, prefix: string, state: TableState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) next.delete(`${prefix}${key}`);
  const set = (key: (typeof KEYS)[number], value: string) => next.set(`${prefix}${key}`, value);
  if (state.page !== 1) set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) set('pageSize', String(state.pageSize));
  if (state.sort) {
    set('sort', state.sort);
    set('order', state.order);
  }
  if (state.search) set('search', state.search);
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value !== ''));
  if (Object.keys(filters).length > 0) set('filters', JSON.stringify(filters));
  return next;
}

/**
 * Search, filters, sort, order, page and page size live in the URL (issue 3), so a reload or a
 * shared link shows the same view. Updates replace the history entry: Back leaves the list
 * instead of stepping through every keystroke and page.
 */
export function useTableUrlState(prefix = '') {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseTableState(params, prefix), [params, prefix]);
  const update = useCallback(
    (patch: Partial<TableState>) => setParams((current) => writeTableState(current, prefix, { ...parseTableState(current, prefix), ...patch }), { replace: true }),
    [setParams, prefix],
  );
  return [state, update] as const;
}
