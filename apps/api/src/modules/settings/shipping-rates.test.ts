import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertShippingRates } from './shipping-rates.service';
import { auditActions, makeAdminOfNewCourier, makeSettingsWorld, UNKNOWN_ID, type Headers, type SettingsWorld } from './test-kit';

type Rate = { id: string; weight: string; weight_lbs: number; cost: number; status: 'ACTIVE' | 'INACTIVE'; createdAt: string };

let t: TestApp;
let w: SettingsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeSettingsWorld(t);
});
afterAll(() => t.close());

const BASE = '/api/settings/shipping-rates';
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Headers, path = '', payload?: unknown) =>
  t.app.inject({ method, url: `${BASE}${path}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const list = async (headers: Headers, query = '') => (await send('GET', headers, query)).json<{ data: Rate[] }>().data;
const create = async (headers: Headers, payload: Record<string, unknown>, query = '') => {
  const response = await send('POST', headers, query, payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: Rate }>().data;
};
const storedRate = async (id: string) =>
  (await t.database.pool.query(`select weight, weight_lbs::float as weight_lbs, cost::float as cost, status from shipping_rates where id = $1`, [id])).rows[0];

describe('POST and GET /api/settings/shipping-rates', () => {
  it('accepts weights as couriers type them, stores the pounds beside the text, and lists by weight', async () => {
    const { headers } = await makeAdminOfNewCourier(t);
    const created = await send('POST', headers, '', { weight: ' 2.5lbs ', cost: 1200.5 });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ success: true, message: SETTINGS_MSG.rateCreated, data: { weight: '2.5lbs', weight_lbs: 2.5, cost: 1200.5, status: 'ACTIVE' } });
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);

    await create(headers, { weight: '10 lb', cost: 3450, status: 'ACTIVE' });
    await create(headers, { weight: '1', cost: 650, status: 'active' });
    await create(headers, { weight: '3 LBS', cost: 1200, status: 'INACTIVE' });
    const rates = await list(headers);
    expect(rates.map((r) => [r.weight, r.weight_lbs, r.cost, r.status])).toEqual([
      ['1', 1, 650, 'ACTIVE'], ['2.5lbs', 2.5, 1200.5, 'ACTIVE'], ['3 LBS', 3, 1200, 'INACTIVE'], ['10 lb', 10, 3450, 'ACTIVE'],
    ]);
    expect((await storedRate(rates[2]!.id)).status).toBe('inactive');
  });

  it.each([
    [{ weight: 'abc', cost: 1 }, { weight: SETTINGS_MSG.weightInvalid }],
    [{ weight: '-1', cost: 1 }, { weight: SETTINGS_MSG.weightInvalid }],
    [{ weight: '1kg', cost: 1 }, { weight: SETTINGS_MSG.weightInvalid }],
    [{ weight: '0', cost: 1 }, { weight: SETTINGS_MSG.weightInvalid }],
    [{ weight: '999999999', cost: 1 }, { weight: SETTINGS_MSG.weightInvalid }],
    [{ weight: `${'0'.repeat(40)}1`, cost: 1 }, { weight: SETTINGS_MSG.weightInvalid }],
    [{ weight: '   ', cost: 1 }, { weight: SETTINGS_MSG.weightRequired }],
    [{ cost: 1 }, { weight: SETTINGS_MSG.weightRequired }],
    [{ weight: '1' }, { cost: SETTINGS_MSG.costRequired }],
    [{ weight: '1', cost: 'ten' }, { cost: SETTINGS_MSG.costRequired }],
    [{ weight: '1', cost: -5 }, { cost: SETTINGS_MSG.costInvalid }],
    [{ weight: '1', cost: 1e300 }, { cost: SETTINGS_MSG.costInvalid }],
    [{ weight: '1', cost: 1.234 }, { cost: 'Use at most 2 decimals' }],
    [{ weight: '1', cost: 1, status: 'pending' }, { status: 'Status must be ACTIVE or INACTIVE' }],
    [{}, { weight: SETTINGS_MSG.weightRequired, cost: SETTINGS_MSG.costRequired }],
  ])('refuses %j with the field\'s message', async (payload, fieldErrors) => {
    const response = await send('POST', w.adminA, '', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
    expect(response.json().message).toBe(Object.values(fieldErrors)[0]);
  });

  it('refuses a second rate for the same weight, however it is written (409 on weight)', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    await create(headers, { weight: '2', cost: 650 });
    for (const weight of ['2', '2 lb', '2.00lbs', '2 pounds']) {
      const response = await send('POST', headers, '', { weight, cost: 700 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SETTINGS_MSG.rateDuplicate, fieldErrors: { weight: SETTINGS_MSG.rateDuplicate } });
    }
    expect(await list(headers)).toHaveLength(1);
    expect(await auditActions(t, courier.id, 'settings.rate_created')).toHaveLength(1);
    // Another courier may price the same weight.
    expect((await send('POST', w.adminB, '', { weight: '2', cost: 800 })).statusCode).toBe(201);
  });

  it('records who created the rate', async () => {
    const rate = await create(w.adminA, { weight: '47 lb', cost: 9000 });
    const rows = await auditActions(t, w.courierA.id, 'settings.rate_created');
    expect(rows.find((row) => row.target_id === rate.id)).toMatchObject({
      actor_id: w.adminAId, target_type: 'shipping_rate', details: { weight: '47 lb', weightLbs: 47, cost: 9000, status: 'active' },
    });
  });
});

describe('PUT and DELETE /api/settings/shipping-rates/{id}', () => {
  it('edits a rate, keeping its own weight free for itself', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const rate = await create(headers, { weight: '5 lb', cost: 1900 });
    const same = await send('PUT', headers, `/${rate.id}`, { weight: '5lbs', cost: 1950, status: 'INACTIVE' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ success: true, message: SETTINGS_MSG.rateUpdated, data: { id: rate.id, weight: '5lbs', weight_lbs: 5, cost: 1950, status: 'INACTIVE', createdAt: rate.createdAt } });
    const moved = await send('PUT', headers, `/${rate.id}`, { weight: '6', cost: 2210, status: 'active' });
    expect(moved.json().data).toMatchObject({ weight: '6', weight_lbs: 6, status: 'ACTIVE' });
    expect(await storedRate(rate.id)).toEqual({ weight: '6', weight_lbs: 6, cost: 2210, status: 'active' });
    const audits = await auditActions(t, courier.id, 'settings.rate_updated');
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ target_id: rate.id, details: { before: { weight: '5lbs', cost: 1950, status: 'inactive' }, after: { weight: '6', cost: 2210, status: 'active' } } });
  });

  it('refuses to move a rate onto a weight another rate has', async () => {
    const { headers } = await makeAdminOfNewCourier(t);
    await create(headers, { weight: '1', cost: 650 });
    const two = await create(headers, { weight: '2', cost: 650 });
    const response = await send('PUT', headers, `/${two.id}`, { weight: '1 lb', cost: 700 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SETTINGS_MSG.rateDuplicate, fieldErrors: { weight: SETTINGS_MSG.rateDuplicate } });
    expect(await storedRate(two.id)).toMatchObject({ weight: '2', cost: 650 });
  });

  it('validates an edit like a creation', async () => {
    const rate = await create(w.adminA, { weight: '48', cost: 100 });
    const response = await send('PUT', w.adminA, `/${rate.id}`, { weight: '1kg', cost: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ weight: SETTINGS_MSG.weightInvalid, cost: SETTINGS_MSG.costInvalid });
  });

  it('deletes a rate, once', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const rate = await create(headers, { weight: '7', cost: 2520 });
    const response = await send('DELETE', headers, `/${rate.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SETTINGS_MSG.rateDeleted });
    expect(await list(headers)).toEqual([]);
    expect((await send('DELETE', headers, `/${rate.id}`)).statusCode).toBe(404);
    expect(await auditActions(t, courier.id, 'settings.rate_deleted')).toMatchObject([{ target_id: rate.id, details: { weight: '7', cost: 2520 } }]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await send('PUT', w.adminA, `/${UNKNOWN_ID}`, { weight: '1', cost: 1 })).statusCode).toBe(404);
    expect((await send('DELETE', w.adminA, `/${UNKNOWN_ID}`)).statusCode).toBe(404);
    const malformed = await send('DELETE', w.adminA, '/1%20or%201=1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ id: 'Invalid id' });
  });
});

describe('courier isolation', () => {
  it('never shows, edits or deletes another courier\'s rate (404)', async () => {
    const theirs = await create(w.adminB, { weight: '33', cost: 5000 });
    expect((await list(w.adminA)).map((r) => r.id)).not.toContain(theirs.id);

    const edit = await send('PUT', w.adminA, `/${theirs.id}`, { weight: '34', cost: 1 });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: MSG.notFound });
    expect((await send('DELETE', w.adminA, `/${theirs.id}`)).statusCode).toBe(404);
    expect(await storedRate(theirs.id)).toEqual({ weight: '33', weight_lbs: 33, cost: 5000, status: 'active' });
  });

  it('answers 404 when a courier admin names another courier', async () => {
    const query = `?courierId=${w.courierB.id}`;
    expect((await send('GET', w.adminA, query)).statusCode).toBe(404);
    expect((await send('POST', w.adminA, query, { weight: '99', cost: 1 })).statusCode).toBe(404);
    expect((await list(w.adminB)).map((r) => r.weight)).not.toContain('99');
    // Naming its own courier is fine.
    expect((await send('GET', w.adminA, `?courierId=${w.courierA.id}`)).statusCode).toBe(200);
  });

  it('is for admins only: 403 for staff, branch managers and customers, 401 anonymous', async () => {
    const rate = await create(w.adminA, { weight: '49', cost: 1 });
    for (const headers of [w.staff, w.manager, w.customer]) {
      for (const [method, path, payload] of [['GET', '', undefined], ['POST', '', { weight: '50', cost: 1 }], ['PUT', `/${rate.id}`, { weight: '50', cost: 1 }], ['DELETE', `/${rate.id}`, undefined]] as const) {
        const response = await send(method, headers, path, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: MSG.forbidden });
      }
    }
    expect((await send('POST', {}, '', { weight: '50', cost: 1 })).statusCode).toBe(401);
    expect((await send('GET', {})).statusCode).toBe(401);
    expect(await storedRate(rate.id)).toMatchObject({ weight: '49', cost: 1 });
  });
});

describe('super admin', () => {
  it('must name the courier', async () => {
    for (const [method, payload] of [['GET', undefined], ['POST', { weight: '1', cost: 1 }]] as const) {
      const response = await send(method, w.superAdmin, '', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SETTINGS_MSG.courierIdRequired, fieldErrors: { courierId: SETTINGS_MSG.courierIdRequired } });
    }
    expect((await send('GET', w.superAdmin, '?courierId=nope')).statusCode).toBe(400);
    expect((await send('GET', w.superAdmin, `?courierId=${UNKNOWN_ID}`)).statusCode).toBe(404);
  });

  it('reads and writes any courier\'s rates by courierId', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const query = `?courierId=${courier.id}`;
    const made = await create(w.superAdmin, { weight: '12', cost: 4150 }, query);
    expect((await list(headers)).map((r) => r.id)).toEqual([made.id]);
    expect((await list(w.superAdmin, query)).map((r) => r.id)).toEqual([made.id]);
    expect((await send('PUT', w.superAdmin, `/${made.id}${query}`, { weight: '12', cost: 4200 })).statusCode).toBe(200);
    // The rate belongs to the named courier: naming another one does not reach it.
    expect((await send('DELETE', w.superAdmin, `/${made.id}?courierId=${w.courierA.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', w.superAdmin, `/${made.id}${query}`)).statusCode).toBe(200);
    expect((await auditActions(t, courier.id, 'settings.rate_created'))[0]).toMatchObject({ target_id: made.id });
  });
});

describe('upsertShippingRates (the bulk upload\'s write)', () => {
  it('creates new weights and updates existing ones, keeping their status; repeated weights: last row wins', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const existing = await create(headers, { weight: '1', cost: 600, status: 'INACTIVE' });
    const counts = await t.database.db.transaction((tx) => upsertShippingRates(tx, courier.id, [
      { weight: '1 lb', weightLbs: 1, cost: 650 },
      { weight: '2', weightLbs: 2, cost: 640 },
      { weight: '2 lbs', weightLbs: 2, cost: 650 },
      { weight: '3', weightLbs: 3, cost: 1200 },
    ]));
    expect(counts).toEqual({ created: 2, updated: 2 });
    const rates = await list(headers);
    expect(rates.map((r) => [r.weight, r.cost, r.status])).toEqual([['1 lb', 650, 'INACTIVE'], ['2 lbs', 650, 'ACTIVE'], ['3', 1200, 'ACTIVE']]);
    expect(rates[0]!.id).toBe(existing.id);
  });

  it('writes thousands of rows in chunks, and a failure afterwards leaves the previous rates intact', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    await create(headers, { weight: '1', cost: 650 });
    const rows = Array.from({ length: 2500 }, (_, i) => ({ weight: `${(i + 1) / 2}`, weightLbs: (i + 1) / 2, cost: 100 + i }));
    await expect(t.database.db.transaction(async (tx) => {
      await upsertShippingRates(tx, courier.id, rows);
      throw new Error('crash mid-upload');
    })).rejects.toThrow('crash mid-upload');
    expect((await list(headers)).map((r) => [r.weight, r.cost])).toEqual([['1', 650]]);

    const counts = await t.database.db.transaction((tx) => upsertShippingRates(tx, courier.id, rows));
    expect(counts).toEqual({ created: 2499, updated: 1 });
    expect(await list(headers)).toHaveLength(2500);
  });

  it('touches only the courier it is given', async () => {
    const { courier } = await makeAdminOfNewCourier(t);
    const before = await list(w.adminB);
    await t.database.db.transaction((tx) => upsertShippingRates(tx, courier.id, [{ weight: '2', weightLbs: 2, cost: 1 }]));
    expect(await list(w.adminB)).toEqual(before);
  });
});

describe('bad input never answers 5xx', () => {
  it.each([
    ['POST', '', 'not json'],
    ['POST', '', [1, 2]],
    ['POST', '', { weight: '1\u0000', cost: 1 }],
    ['POST', '', { weight: { $gt: '' }, cost: 1 }],
    ['POST', '', { weight: '1', cost: '1e309' }],
    ['POST', '', { weight: '1e5', cost: 1 }],
    ['PUT', '/%00', { weight: '1', cost: 1 }],
    ['GET', `?courierId=${UNKNOWN_ID}&courierId=${UNKNOWN_ID}`, undefined],
  ] as const)('%s %s %j', async (method, path, payload) => {
    const response = await t.app.inject({
      method, url: `${BASE}${path}`, headers: { ...w.adminA, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().message).toBe('string');
  });
});
