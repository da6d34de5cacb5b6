import type { FixedFilter, TableState } from './types';

export interface ListRequest extends TableState {
  /** Merged over the user's filters (a parent id the user cannot change). */
  fixedFilters?: Record<string, FixedFilter>;
}

/** The list-query convention of packages/shared/src/schemas/list-query.ts as a path for api(). */
export function buildListPath(endpoint: string, request: ListRequest): string {
  const params = new URLSearchParams();
  params.set('page', String(request.page));
  params.set('pageSize', String(request.pageSize));
  if (request.sort) {
    params.set('sort', request.sort);
    params.set('order', request.order);
  }
  const search = request.search.trim();
  if (search) params.set('search', search);
  const filters = { ...nonEmpty(request.filters), ...nonEmptyFixed(request.fixedFilters ?? {}) };
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** Drops blank values: a cleared filter means "any". */
export function nonEmpty(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
}

/** Drops blank fixed filters: an empty value, or a range with neither end set. */
function nonEmptyFixed(filters: Record<string, FixedFilter>): Record<string, FixedFilter> {
  const out: Record<string, FixedFilter> = {};
  for (const [field, value] of Object.entries(filters)) {
    if (typeof value === 'string') {
      if (value.trim() !== '') out[field] = value;
      continue;
    }
    const range = { ...(value.from ? { from: value.from } : {}), ...(value.to ? { to: value.to } : {}) };
    if (range.from || range.to) out[field] = range;
  }
  return out;
}

/** The raw value of `row[field]` (rows are plain JSON objects from the API). */
export function fieldValue(row: unknown, field: string): unknown {
  return row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[field] : undefined;
}

/** How a raw value reads in a cell or an exported file. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
