import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier } from '../test/factories';
import { nextNumber } from './counters';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('nextNumber (per-courier counters)', () => {
  it('hands 20 concurrent transactions 1..20 once each, per courier and kind', async () => {
    const courier = await makeCourier(t.database.db);
    const numbers = await Promise.all(Array.from({ length: 20 }, () => t.database.db.transaction((tx) => nextNumber(tx, courier.id, 'package'))));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Another kind and another courier start at 1.
    expect(await t.database.db.transaction((tx) => nextNumber(tx, courier.id, 'manifest'))).toBe(1);
    const other = await makeCourier(t.database.db);
    expect(await t.database.db.transaction((tx) => nextNumber(tx, other.id, 'package'))).toBe(1);
  });

  it('leaves no gap when a transaction that took a number rolls back', async () => {
    const courier = await makeCourier(t.database.db);
    expect(await t.database.db.transaction((tx) => nextNumber(tx, courier.id, 'package'))).toBe(1);
    await expect(t.database.db.transaction(async (tx) => {
      await nextNumber(tx, courier.id, 'package');
      throw new Error('the scan failed');
    })).rejects.toThrow('the scan failed');
    expect(await t.database.db.transaction((tx) => nextNumber(tx, courier.id, 'package'))).toBe(2);
  });
});
