import { z } from 'zod';
import { TABLE_PAGE_SIZES } from '../constants';

/** A range filter: either end may be left open. Dates are 'YYYY-MM-DD' (local days), numbers as typed. */
export interface FilterRange {
  from?: string;
  to?: string;
}
/** One column's filter: a value, several values (any of them matches), or a range. */
export type FilterValue = string | string[] | FilterRange;

export const isFilterRange = (value: FilterValue): value is FilterRange => typeof value === 'object' && !Array.isArray(value);

/** At most this many values in one multi-value filter. */
export const FILTER_VALUES_MAX = 50;

const scalar = (value: unknown): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw new Error('bad value');
  return String(value).slice(0, 200);
};

function filterValue(value: unknown): FilterValue | undefined {
  if (Array.isArray(value)) {
    if (value.length > FILTER_VALUES_MAX) throw new Error('too many values');
    const values = value.map(scalar).filter((v): v is string => v !== undefined);
    return values.length > 0 ? values : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    if (keys.some((key) => !['from', 'to'].includes(key))) throw new Error('bad range');
    const { from, to } = value as { from?: unknown; to?: unknown };
    const range: FilterRange = {};
    const start = scalar(from);
    const end = scalar(to);
    if (start !== undefined) range.from = start;
    if (end !== undefined) range.to = end;
    return start === undefined && end === undefined ? undefined : range;
  }
  return scalar(value);
}

/**
 * The one list-query convention every list endpoint uses (issue 3): paging, sort, search and
 * per-column filters in the query string, so a URL names a view exactly.
 *   ?page=2&pageSize=25&sort=createdAt&order=desc&search=brown&filters={"status":"active"}
 * `filters` is a JSON object of column → value: one value (exact match for dropdown columns,
 * contains for text columns, numeric equality for number columns), several values
 * (`{"status":["pending","closed"]}`: any of them) or a range (`{"createdAt":{"from":"2026-03-01",
 * "to":"2026-03-31"}}`, `{"total":{"from":"10"}}`) on columns that take one.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 25, 50 or 100').default(10),
  sort: z.string().max(64).regex(/^[A-Za-z0-9_]+$/, 'Unknown sort column').optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(200).optional(),
  filters: z
    .string()
    .max(4000)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return {} as Record<string, FilterValue>;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        const out: Record<string, FilterValue> = {};
        for (const [key, value] of Object.entries(parsed)) {
          if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error('bad key');
          const filter = filterValue(value);
          if (filter !== undefined) out[key] = filter;
        }
        return out;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object of column to value' });
        return z.NEVER;
      }
    }),
});
export type ListQuery = z.output<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

export const filterOptionSchema = z.object({ label: z.string(), value: z.string() });
export type FilterOption = z.infer<typeof filterOptionSchema>;

/** Every list endpoint answers this shape; `filterOptions` lists distinct values of dropdown columns. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    filterOptions: z.record(z.string(), z.array(filterOptionSchema)),
  });
}
export interface ListResponse<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  filterOptions: Record<string, FilterOption[]>;
}

/** Spec section 5: a column gets a dropdown filter when it has 2 to 50 distinct values, else a text box. */
export function filterKind(distinctValues: number): 'dropdown' | 'text' {
  return distinctValues >= 2 && distinctValues <= 50 ? 'dropdown' : 'text';
}

/** Spec section 5: these columns filter with numeric inputs in steps of 0.01. */
export const NUMERIC_FILTER_FIELDS = ['total', 'amount', 'price', 'cost'] as const;

/**
 * Spec section 9: first and last page, one page either side of the current one, ellipses
 * between; every page when there are 7 or fewer.
 */
export function pageList(current: number, totalPages: number): (number | 'ellipsis')[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const pages = new Set([1, totalPages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'ellipsis')[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) out.push('ellipsis');
    out.push(page);
  });
  return out;
}
