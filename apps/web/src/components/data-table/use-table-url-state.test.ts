import { describe, expect, it } from 'vitest';
import { buildListPath } from './list-request';
import { parseTableState, writeTableState } from './use-table-url-state';

const defaults = { page: 1, pageSize: 10, sort: null, order: 'asc', search: '', filters: {} };

describe('table state in the URL', () => {
  it('reads a full view, with or without a prefix', () => {
    const params = new URLSearchParams('page=3&pageSize=25&sort=name&order=desc&search=ann&filters={"status":"active"}&b_page=2');
    expect(parseTableState(params)).toEqual({ page: 3, pageSize: 25, sort: 'name', order: 'desc', search: 'ann', filters: { status: 'active' } });
    expect(parseTableState(params, 'b_')).toEqual({ ...defaults, page: 2 });
  });

  it('falls back to defaults for malformed values', () => {
    const params = new URLSearchParams('page=-1&pageSize=20&sort=a;b&order=up&filters=[1]');
    expect(parseTableState(params)).toEqual(defaults);
    expect(parseTableState(new URLSearchParams('filters=oops'))).toEqual(defaults);
  });

  it('writes only what differs from the defaults and keeps other params', () => {
    const next = writeTableState(new URLSearchParams('tab=2&page=4'), '', { ...defaults, order: 'asc', page: 1, search: 'lee', filters: { branch: 'b1', status: '' } });
    expect(Object.fromEntries(next)).toEqual({ tab: '2', search: 'lee', filters: '{"branch":"b1"}' });
    const sorted = writeTableState(new URLSearchParams(), 'x_', { ...defaults, order: 'desc', sort: 'total', page: 2, pageSize: 50 });
    expect(Object.fromEntries(sorted)).toEqual({ x_page: '2', x_pageSize: '50', x_sort: 'total', x_order: 'desc' });
  });
});

describe('buildListPath', () => {
  it('follows the list-query convention and merges fixed filters over the user filters', () => {
    const path = buildListPath('/customers', { page: 2, pageSize: 25, sort: 'name', order: 'desc', search: ' ann ', filters: { status: 'active', city: '' }, fixedFilters: { courierId: 'c1' } });
    const [base, query] = path.split('?');
    expect(base).toBe('/customers');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      page: '2', pageSize: '25', sort: 'name', order: 'desc', search: 'ann', filters: '{"status":"active","courierId":"c1"}',
    });
  });

  it('leaves out sort, search and filters when there are none, and appends to an existing query', () => {
    expect(buildListPath('/branches', { ...defaults, order: 'asc' })).toBe('/branches?page=1&pageSize=10');
    expect(buildListPath('/staff?active=1', { ...defaults, order: 'asc' })).toBe('/staff?active=1&page=1&pageSize=10');
  });
});
