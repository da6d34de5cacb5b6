import { describe, expect, it } from 'vitest';
import { filterKind, listQuerySchema, pageList } from './list-query';

describe('pageList (spec section 9)', () => {
  it('shows every page when there are 7 or fewer', () => {
    for (let total = 1; total <= 7; total += 1) {
      const all = Array.from({ length: total }, (_, i) => i + 1);
      for (let current = 1; current <= total; current += 1) expect(pageList(current, total)).toEqual(all);
    }
  });

  it('shows no pages when there are none', () => {
    expect(pageList(1, 0)).toEqual([]);
  });

  it('shows first, last and one page either side of the current, with ellipses, for 10 pages', () => {
    expect(pageList(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageList(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageList(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
  });

  it('puts an ellipsis only where pages are skipped', () => {
    expect(pageList(2, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pageList(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageList(4, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]);
    expect(pageList(8, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
    expect(pageList(9, 10)).toEqual([1, 'ellipsis', 8, 9, 10]);
    expect(pageList(4, 8)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 8]);
  });

  it('never repeats a page and keeps them in order', () => {
    for (let total = 8; total <= 40; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const pages = pageList(current, total).filter((item): item is number => item !== 'ellipsis');
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
      }
    }
  });
});

describe('filterKind (spec section 5)', () => {
  it('is a dropdown for 2 to 50 distinct values, else a text box', () => {
    expect(filterKind(0)).toBe('text');
    expect(filterKind(1)).toBe('text');
    expect(filterKind(2)).toBe('dropdown');
    expect(filterKind(50)).toBe('dropdown');
    expect(filterKind(51)).toBe('text');
  });
});

describe('listQuerySchema', () => {
  it('defaults to page 1 of 10, ascending, with no filters', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, order: 'asc', filters: {} });
  });

  it('reads the query string convention', () => {
    const query = listQuerySchema.parse({ page: '2', pageSize: '25', sort: 'createdAt', order: 'desc', search: ' brown ', filters: '{"status":"active","total":12.5,"branch":""}' });
    expect(query).toEqual({ page: 2, pageSize: 25, sort: 'createdAt', order: 'desc', search: 'brown', filters: { status: 'active', total: '12.5' } });
  });

  it('refuses page sizes other than 10, 25, 50 and 100, unsafe sort columns and malformed filters', () => {
    expect(listQuerySchema.safeParse({ pageSize: '20' }).error?.issues[0]?.message).toBe('Page size must be 10, 25, 50 or 100');
    expect(listQuerySchema.safeParse({ sort: 'name; drop table' }).error?.issues[0]?.message).toBe('Unknown sort column');
    for (const filters of ['[1]', 'not json', '{"a.b":"x"}', '{"a":{"b":1}}']) {
      expect(listQuerySchema.safeParse({ filters }).error?.issues[0]?.message).toBe('filters must be a JSON object of column to value');
    }
  });
});

describe('listQuerySchema: several values and ranges', () => {
  it('reads lists of values and {from, to} ranges, dropping empty ones', () => {
    const query = listQuerySchema.parse({ filters: JSON.stringify({ status: ['pending', 'closed', ''], total: { from: 10, to: '' }, createdAt: { from: '2026-03-01', to: '2026-03-31' }, none: [], open: {} }) });
    expect(query.filters).toEqual({ status: ['pending', 'closed'], total: { from: '10' }, createdAt: { from: '2026-03-01', to: '2026-03-31' } });
  });

  it('refuses more than 50 values and ranges with other keys', () => {
    const many = Array.from({ length: 51 }, (_, i) => String(i));
    expect(listQuerySchema.safeParse({ filters: JSON.stringify({ status: many }) }).success).toBe(false);
    expect(listQuerySchema.safeParse({ filters: JSON.stringify({ total: { min: 1 } }) }).success).toBe(false);
    expect(listQuerySchema.safeParse({ filters: JSON.stringify({ status: [{ a: 1 }] }) }).success).toBe(false);
  });
});
