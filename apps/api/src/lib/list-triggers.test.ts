import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { expectationFor } from '../test/access-matrix/expectations';
import { apiRouteTable, fillPath } from '../test/access-matrix/route-table';
import { seedWorld, type MatrixWorld } from '../test/access-matrix/world';
import { tablesListsRead } from './list-query';

/**
 * Issue 10: every table a list reads (its FROM, its joins, its dropdown candidates) must carry the
 * list-change trigger of migration 0004, or a write to it leaves the dropdown options of the other
 * instances stale. Every list route is called by every caller it admits, and each table the list
 * helper noted is looked up in pg_trigger; a new table read without its trigger fails here.
 */
describe('list-change triggers', () => {
  let test: TestApp;
  let world: MatrixWorld;

  beforeAll(async () => {
    test = await createTestApp();
    world = await seedWorld(test);
  });
  afterAll(() => test?.close());

  it('every table a list reads notifies the list-change channel when it changes', async () => {
    const { routes } = apiRouteTable(test.app);
    const lists = routes.filter((route) => route.method === 'GET' && !route.isHeadTwin && route.query?.json.properties?.filters);
    expect(lists.length, 'no list routes found: do they still take listQuerySchema?').toBeGreaterThan(5);
    let answered = 0;
    for (const route of lists) {
      for (const caller of world.callers.filter((c) => c.role && expectationFor(route.access, c).kind === 'allowed')) {
        const rows: Record<string, string> = { ...route.freeParams };
        for (const param of route.tenantParams) rows[param.name] = await world.ownRow(param.kind, caller, false);
        const query: Record<string, string> = {};
        for (const param of route.tenantParams) if (param.in === 'query' && rows[param.name]) query[param.name] = rows[param.name]!;
        const response = await test.app.inject({ method: 'GET', url: fillPath(route.url, rows), query, headers: await world.headersFor(caller) });
        if (response.statusCode === 200) answered += 1;
      }
    }
    expect(answered).toBeGreaterThan(lists.length);

    const read = [...tablesListsRead()].sort();
    expect(read).toEqual(expect.arrayContaining(['branches', 'couriers', 'customers', 'tickets', 'users']));
    const { rows } = await test.database.pool.query<{ table: string }>(`
      select c.relname as table from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'parceldesk_notify_list_change' and not t.tgisinternal`);
    const triggered = new Set(rows.map((row) => row.table));
    expect(read.filter((table) => !triggered.has(table)), 'tables lists read without the list-change trigger (add one as migration 0004 does)').toEqual([]);
  });
});
