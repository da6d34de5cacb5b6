import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, type TestCourier } from '../test/factories';
import { createListOptionsCache } from './list-options-cache';

describe('createListOptionsCache', () => {
  const options = { isActive: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }] };

  it('keeps what was read until cleared or expired', () => {
    let clock = 0;
    const cache = createListOptionsCache({ ttlMs: 1_000, now: () => clock });
    cache.set('k', options, cache.stamp());
    expect(cache.get('k')).toBe(options);
    clock = 999;
    expect(cache.get('k')).toBe(options);
    clock = 1_000;
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', options, cache.stamp());
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });

  it('does not keep a read that a change overtook', () => {
    const cache = createListOptionsCache();
    const stamp = cache.stamp();
    cache.clear(); // a change committed while the options were being read
    cache.set('k', options, stamp);
    expect(cache.get('k')).toBeUndefined();
  });

  it('serves nothing while changes from other instances cannot be heard', () => {
    let listening = false;
    const cache = createListOptionsCache({ isTrusted: () => listening });
    cache.set('k', options, cache.stamp());
    listening = true;
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', options, cache.stamp());
    expect(cache.get('k')).toBe(options);
    listening = false;
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = createListOptionsCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) cache.set(key, options, cache.stamp());
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, true, true]);
  });
});

describe('dropdown options of a list stay right while cached', () => {
  let t: TestApp;
  let courier: TestCourier;
  let headers: { authorization: string };
  let customerIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    courier = await makeCourier(t.database.db);
    customerIds = [(await makeCustomer(t.database.db, courier)).id, (await makeCustomer(t.database.db, courier)).id];
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier });
    ({ headers } = await signIn(t.app, admin));
  });
  afterAll(() => t?.close());

  /** Migration 0004's NOTIFY triggers (the write below touches customers and audit_logs). */
  const listChangeTriggers = async (action: 'enable' | 'disable') => {
    const { rows } = await t.database.pool.query<{ tgname: string; table: string }>(
      `select tgname, tgrelid::regclass::text as table from pg_trigger where tgname like '%\\_list\\_change'`);
    expect(rows.length).toBeGreaterThan(5);
    for (const { tgname, table } of rows) await t.database.pool.query(`alter table ${table} ${action} trigger ${tgname}`);
  };

  const statusOptions = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customers?page=1&pageSize=10', headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ filterOptions: Record<string, { label: string }[]> }>().filterOptions.isActive?.map((o) => o.label) ?? null;
  };

  it('a repeated list reads only its rows with their total', async () => {
    await statusOptions();
    const pool = t.database.pool;
    const query = pool.query.bind(pool);
    let queries = 0;
    pool.query = ((...args: Parameters<typeof query>) => {
      queries += 1;
      return query(...args);
    }) as typeof pool.query;
    try {
      await statusOptions();
    } finally {
      pool.query = query;
    }
    // The page of rows with its total, which checks the session too (issue 16): no dropdown queries.
    expect(queries).toBe(1);
  });

  it('a change made through this instance shows in its very next list', async () => {
    // All customers active: one value, so no Active/Inactive dropdown (spec section 5: 2..50 values).
    expect(await statusOptions()).toBeNull();
    // Without the NOTIFY, so only the instance's own clearing can make this pass.
    await listChangeTriggers('disable');
    try {
      const deactivated = await t.app.inject({ method: 'POST', url: `/api/customers/${customerIds[0]}/deactivate`, headers });
      expect(deactivated.statusCode).toBe(200);
      expect(await statusOptions()).toEqual(['Active', 'Inactive']);
    } finally {
      await listChangeTriggers('enable');
    }
  });

  it('a change committed elsewhere (another instance, a script) reaches the list through NOTIFY', async () => {
    expect(await statusOptions()).toEqual(['Active', 'Inactive']);
    const other = new pg.Client({ connectionString: t.database.pool.options.connectionString });
    await other.connect();
    try {
      await other.query('update customers set is_active = true where courier_id = $1', [courier.id]);
    } finally {
      await other.end();
    }
    await expect.poll(statusOptions, { timeout: 5_000 }).toBeNull();
  });
});
