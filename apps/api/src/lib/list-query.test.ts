import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { listQuerySchema } from '@parceldesk/shared/schemas/list-query';
import { branches } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, type TestCourier } from '../test/factories';
import { AppError } from './app-error';
import { containsPattern, runListQuery, type ListColumnMap } from './list-query';

let t: TestApp;
let courier: TestCourier;

beforeAll(async () => {
  t = await createTestApp();
  courier = await makeCourier(t.database.db);
  // 60 branches: names B01..B60, codes in 3 groups, opening hours all alike.
  await t.database.pool.query(`
    insert into branches (courier_id, name, code, opening_hours, is_active)
    select $1, 'B' || lpad(n::text, 2, '0'), 'G' || (n % 3), '9-5', n % 2 = 0 from generate_series(1, 60) n`, [courier.id]);
});
afterAll(() => t.close());

const columns: ListColumnMap = {
  name: { sql: branches.name, sortable: true, searchable: true, filter: 'dropdown' },
  code: { sql: branches.code, sortable: true, searchable: true, filter: 'dropdown' },
  openingHours: { sql: branches.openingHours, filter: 'dropdown' },
  isActive: { sql: branches.isActive, kind: 'boolean', filter: 'dropdown', value: { sql: branches.isActive, type: 'boolean' }, options: () => [{ value: 'true', label: 'Open' }, { value: 'false', label: 'Closed' }] },
  createdAt: { sql: branches.createdAt, kind: 'timestamp', sortable: true, range: { sql: branches.createdAt, type: 'date' } },
  nameLength: { sql: sql<number>`length(${branches.name})`, kind: 'number', filter: 'number' },
};

function list(raw: Record<string, unknown>) {
  return runListQuery({
    db: t.database.db,
    select: { id: branches.id, name: branches.name, code: branches.code },
    from: (q) => q.from(branches).$dynamic(),
    where: eq(branches.courierId, courier.id),
    columns,
    query: listQuerySchema.parse(raw),
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: branches.id,
    map: (row) => row,
  });
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('runListQuery', () => {
  it('pages in the default sort, with the total over the whole scope', async () => {
    const first = await list({});
    expect(first).toMatchObject({ total: 61, page: 1, pageSize: 10 });
    expect(first.data.map((b) => b.name).slice(0, 3)).toEqual(['B01', 'B02', 'B03']);
    const third = await list({ page: 3, pageSize: 25 });
    expect(third.data.map((b) => b.name)).toEqual(['B51', 'B52', 'B53', 'B54', 'B55', 'B56', 'B57', 'B58', 'B59', 'B60', 'Head Office']);
    expect((await list({ sort: 'name', order: 'desc' })).data[0]?.name).toBe('Head Office');
  });

  it('offers a dropdown only for 2 to 50 distinct values (spec section 5)', async () => {
    const { filterOptions } = await list({});
    // 61 names: too many. 4 codes (G0, G1, G2, HQ): a dropdown. Hours: '9-5' and null, one value: a text box.
    expect(filterOptions.name).toBeUndefined();
    expect(filterOptions.code).toEqual([
      { value: 'G0', label: 'G0' }, { value: 'G1', label: 'G1' }, { value: 'G2', label: 'G2' }, { value: 'HQ', label: 'HQ' },
    ]);
    expect(filterOptions.openingHours).toBeUndefined();
    expect(filterOptions.isActive).toEqual([{ value: 'true', label: 'Open' }, { value: 'false', label: 'Closed' }]);
  });

  it('keeps the options of the scope while the rows are filtered', async () => {
    const filtered = await list({ filters: JSON.stringify({ code: 'G1' }) });
    expect(filtered.total).toBe(20);
    expect(filtered.filterOptions.code).toHaveLength(4);
  });

  it('matches a dropdown value exactly and a typed value as text when no dropdown is shown', async () => {
    expect((await list({ filters: JSON.stringify({ code: 'G' }) })).total).toBe(0);
    expect((await list({ filters: JSON.stringify({ name: 'B1' }) })).total).toBe(10);
    expect((await list({ filters: JSON.stringify({ isActive: false }) })).total).toBe(30);
    expect((await list({ filters: JSON.stringify({ code: 'G2', isActive: 'true' }) })).total).toBe(10);
  });

  it('searches the searchable columns with % and _ taken literally', async () => {
    expect((await list({ search: 'b0' })).total).toBe(9);
    expect((await list({ search: 'head' })).data.map((b) => b.name)).toEqual(['Head Office']);
    expect((await list({ search: 'B_1' })).total).toBe(0);
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('answers 400 for an unknown or unsortable sort and an unknown filter', async () => {
    expect((await rejection(list({ sort: 'passwordHash' }))).message).toBe('Unknown sort column: passwordHash');
    expect((await rejection(list({ sort: 'openingHours' }))).statusCode).toBe(400);
    const unknown = await rejection(list({ filters: JSON.stringify({ courierId: 'x' }) }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.fieldErrors).toEqual({ filters: 'Unknown filter column: courierId' });
    expect((await rejection(list({ filters: JSON.stringify({ createdAt: '2026' }) }))).statusCode).toBe(400);
  });

  it('never lets a filter value reach SQL as code', async () => {
    const hostile = await list({ search: "'; drop table branches; --", filters: JSON.stringify({ name: "x' or '1'='1" }) });
    expect(hostile.total).toBe(0);
    const [row] = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from branches where courier_id = ${courier.id}`)).rows;
    expect(row?.n).toBe(61);
  });
});

describe('runListQuery: several values, number ranges and date ranges', () => {
  it('matches any of several values of a dropdown, each as the column takes one value', async () => {
    const some = await list({ filters: JSON.stringify({ code: ['G0', 'G1'] }), pageSize: 100 });
    expect(some.total).toBe(40);
    expect(new Set(some.data.map((b) => b.code))).toEqual(new Set(['G0', 'G1']));
    const open = await list({ filters: JSON.stringify({ isActive: ['true'] }) });
    expect(open.total).toBe(31);
    // A value that is no option is typed text, matching nothing here.
    expect((await list({ filters: JSON.stringify({ isActive: ['true', 'maybe'] }) })).total).toBe(31);
    expect((await list({ filters: JSON.stringify({ isActive: ['maybe'] }) })).total).toBe(0);
  });

  it('filters a number column by a range with either end open', async () => {
    expect((await list({ filters: JSON.stringify({ nameLength: { from: '4' } }) })).data.map((b) => b.name)).toEqual(['Head Office']);
    expect((await list({ filters: JSON.stringify({ nameLength: { to: 3 } }) })).total).toBe(60);
    expect((await list({ filters: JSON.stringify({ nameLength: { from: 3, to: 3 } }) })).total).toBe(60);
    expect((await rejection(list({ filters: JSON.stringify({ nameLength: { from: 'ten' } }) }))).message).toBe('Filter nameLength must be a number');
    expect((await rejection(list({ filters: JSON.stringify({ name: { from: 'B1' } }) }))).message).toBe('Filter name does not take a range');
  });

  it('filters dates by whole local (Jamaica) days, so late evening stays on its own day', async () => {
    // 04:30 UTC on 1 March is 23:30 on 28 February in Jamaica (UTC-5).
    await t.database.pool.query(`update branches set created_at = '2026-03-01T04:30:00Z' where courier_id = $1 and name = 'B01'`, [courier.id]);
    await t.database.pool.query(`update branches set created_at = '2026-03-01T05:30:00Z' where courier_id = $1 and name = 'B02'`, [courier.id]);
    const names = async (range: { from?: string; to?: string }) => (await list({ filters: JSON.stringify({ createdAt: range }) })).data.map((b) => b.name);
    expect(await names({ from: '2026-02-28', to: '2026-02-28' })).toEqual(['B01']);
    expect(await names({ from: '2026-03-01', to: '2026-03-01' })).toEqual(['B02']);
    expect(await names({ to: '2026-03-01' })).toEqual(['B01', 'B02']);
    expect((await list({ filters: JSON.stringify({ createdAt: { from: '2026-03-02' } }) })).total).toBe(59);
    expect((await rejection(list({ filters: JSON.stringify({ createdAt: { from: '1 March' } }) }))).message).toBe('Filter createdAt must be a date (YYYY-MM-DD)');
  });
});

describe('named list statements (built once per shape, issue 16)', () => {
  const named = (raw: Record<string, unknown>, options: { statement: string; statementValues?: string[]; nameLike?: string; courierId?: string }) => runListQuery({
    db: t.database.db,
    select: { id: branches.id, name: branches.name, opened: options.nameLike ? sql<boolean>`${branches.name} like ${options.nameLike}` : sql<boolean>`true` },
    from: (q) => q.from(branches).$dynamic(),
    where: eq(branches.courierId, options.courierId ?? courier.id),
    columns,
    query: listQuerySchema.parse(raw),
    statement: options.statement,
    statementValues: options.statementValues,
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: branches.id,
    map: (row) => row,
  });

  it('answers each request with its own values: pages, filters and another scope share one shape', async () => {
    const other = await makeCourier(t.database.db);
    const first = await named({ page: 1, pageSize: 10 }, { statement: 'test/branches' });
    const second = await named({ page: 2, pageSize: 10 }, { statement: 'test/branches' });
    expect(first.data.map((b) => b.name)).toEqual(['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B08', 'B09', 'B10']);
    expect(second.data.map((b) => b.name).slice(0, 2)).toEqual(['B11', 'B12']);
    expect((await named({ filters: JSON.stringify({ nameLength: '3' }), pageSize: 100 }, { statement: 'test/branches' })).total).toBe(60);
    const theirs = await named({ page: 1, pageSize: 10 }, { statement: 'test/branches', courierId: other.id });
    expect(theirs).toMatchObject({ total: 1, data: [{ name: 'Head Office' }] });
  });

  it('refuses a value of the list\'s own unless it is declared, and keys the statement by it', async () => {
    await expect(named({}, { statement: 'test/branches-like', nameLike: 'B0%' })).rejects.toThrow(/carries values outside/);
    const ones = await named({ pageSize: 10 }, { statement: 'test/branches-like', nameLike: 'B0%', statementValues: ['B0%'] });
    const tens = await named({ pageSize: 10 }, { statement: 'test/branches-like', nameLike: 'B1%', statementValues: ['B1%'] });
    expect(ones.data.map((b) => b.opened)).toEqual([...Array<boolean>(9).fill(true), false]);
    expect(tens.data.map((b) => b.opened)).toEqual([...Array<boolean>(9).fill(false), true]);
  });
});
