import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditActions, makeAdminOfNewCourier, makeSettingsWorld, UNKNOWN_ID, type Headers, type SettingsWorld } from './test-kit';

type Fee = { id: string; weightRange: string; minLbs: number; maxLbs: number; fee: number; createdAt: string };

let t: TestApp;
let w: SettingsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeSettingsWorld(t);
});
afterAll(() => t.close());

const BASE = '/api/settings/processing-fees';
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Headers, path = '', payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `${BASE}${path}`, headers, ...(payload === undefined ? {} : { payload }) });
const list = async (headers: Headers, query = '') => (await send('GET', headers, query)).json<{ data: Fee[] }>().data;
const create = async (headers: Headers, payload: Record<string, unknown>, query = '') => {
  const response = await send('POST', headers, query, payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: Fee }>().data;
};
const storedFee = async (id: string) =>
  (await t.database.pool.query(`select weight_range, min_lbs::float as min_lbs, max_lbs::float as max_lbs, fee::float as fee from processing_fees where id = $1`, [id])).rows[0];
const overlap = (range: string) => ({ message: `This range overlaps '${range}'`, fieldErrors: { weightRange: `This range overlaps '${range}'` } });

describe('POST and GET /api/settings/processing-fees', () => {
  it('stores the range as typed with its numeric bounds, and lists by weight', async () => {
    const { headers } = await makeAdminOfNewCourier(t);
    const created = await send('POST', headers, '', { weightRange: ' 11lbs to 50lbs ', fee: 450 });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ success: true, message: SETTINGS_MSG.processingFeeCreated, data: { weightRange: '11lbs to 50lbs', minLbs: 11, maxLbs: 50, fee: 450 } });
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
    await create(headers, { weightRange: '0.5lbs to 5lbs', fee: 230 });
    await create(headers, { weightRange: '5.5 lb TO 10 pounds', fee: 300.25 });
    expect((await list(headers)).map((f) => [f.weightRange, f.minLbs, f.maxLbs, f.fee])).toEqual([
      ['0.5lbs to 5lbs', 0.5, 5, 230], ['5.5 lb TO 10 pounds', 5.5, 10, 300.25], ['11lbs to 50lbs', 11, 50, 450],
    ]);
  });

  it.each([
    [{ weightRange: '1-10', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeInvalid }],
    [{ weightRange: '1lb and 10lbs', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeInvalid }],
    [{ weightRange: '10lbs to 1lb', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeInvalid }],
    [{ weightRange: '5lbs to 5lbs', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeInvalid }],
    [{ weightRange: '1kg to 10kg', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeInvalid }],
    [{ weightRange: 'abc to def', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeInvalid }],
    [{ weightRange: '1 to 2 to 3', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeInvalid }],
    [{ weightRange: '  ', fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeRequired }],
    [{ fee: 1 }, { weightRange: SETTINGS_MSG.weightRangeRequired }],
    [{ weightRange: '1lb to 10lbs' }, { fee: SETTINGS_MSG.feeRequired }],
    [{ weightRange: '1lb to 10lbs', fee: '230' }, { fee: SETTINGS_MSG.feeRequired }],
    [{ weightRange: '1lb to 10lbs', fee: -1 }, { fee: SETTINGS_MSG.feeInvalid }],
    [{ weightRange: '1lb to 10lbs', fee: 0.001 }, { fee: 'Use at most 2 decimals' }],
    [{}, { weightRange: SETTINGS_MSG.weightRangeRequired, fee: SETTINGS_MSG.feeRequired }],
  ])('refuses %j with the field\'s message', async (payload, fieldErrors) => {
    const response = await send('POST', w.adminA, '', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
    expect(response.json().message).toBe(Object.values(fieldErrors)[0]);
  });

  it('refuses a range overlapping another, naming the range it overlaps', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    await create(headers, { weightRange: '1lb to 10lbs', fee: 230 });
    await create(headers, { weightRange: '21lbs to 30lbs', fee: 500 });
    for (const [range, clash] of [
      ['5lbs to 20lbs', '1lb to 10lbs'],
      ['0.5lbs to 1lb', '1lb to 10lbs'], // touching at 1 lb: a 1 lb package would have two fees
      ['10lbs to 20lbs', '1lb to 10lbs'],
      ['2lbs to 3lbs', '1lb to 10lbs'], // inside
      ['0.5lbs to 100lbs', '1lb to 10lbs'], // around both: the first by weight is named
      ['15lbs to 25lbs', '21lbs to 30lbs'],
    ] as const) {
      const response = await send('POST', headers, '', { weightRange: range, fee: 1 });
      expect(response.statusCode, range).toBe(409);
      expect(response.json()).toEqual(overlap(clash));
    }
    expect((await send('POST', headers, '', { weightRange: '10.5lbs to 20lbs', fee: 350 })).statusCode).toBe(201);
    expect(await list(headers)).toHaveLength(3);
    expect(await auditActions(t, courier.id, 'settings.processing_fee_created')).toHaveLength(3);
  });

  it('lets two couriers have the same ranges', async () => {
    await create(w.adminA, { weightRange: '200lbs to 300lbs', fee: 1 });
    expect((await send('POST', w.adminB, '', { weightRange: '200lbs to 300lbs', fee: 2 })).statusCode).toBe(201);
  });

  it('lets only one of two concurrent overlapping creations through', async () => {
    const { headers } = await makeAdminOfNewCourier(t);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => send('POST', headers, '', { weightRange: `${i + 1}lbs to ${i + 20}lbs`, fee: i })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await list(headers)).toHaveLength(1);
  });

  it('records who created the fee', async () => {
    const fee = await create(w.adminA, { weightRange: '400lbs to 500lbs', fee: 999 });
    const rows = await auditActions(t, w.courierA.id, 'settings.processing_fee_created');
    expect(rows.find((row) => row.target_id === fee.id)).toMatchObject({
      actor_id: w.adminAId, target_type: 'processing_fee', details: { weightRange: '400lbs to 500lbs', fee: 999 },
    });
  });
});

describe('PUT and DELETE /api/settings/processing-fees/{id}', () => {
  it('edits a fee; its own old range does not count as an overlap', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const fee = await create(headers, { weightRange: '1lb to 10lbs', fee: 230 });
    const response = await send('PUT', headers, `/${fee.id}`, { weightRange: '1lb to 12lbs', fee: 250 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: SETTINGS_MSG.processingFeeUpdated, data: { id: fee.id, weightRange: '1lb to 12lbs', minLbs: 1, maxLbs: 12, fee: 250, createdAt: fee.createdAt } });
    expect(await storedFee(fee.id)).toEqual({ weight_range: '1lb to 12lbs', min_lbs: 1, max_lbs: 12, fee: 250 });
    expect(await auditActions(t, courier.id, 'settings.processing_fee_updated')).toMatchObject([
      { target_id: fee.id, details: { before: { weightRange: '1lb to 10lbs', fee: 230 }, after: { weightRange: '1lb to 12lbs', fee: 250 } } },
    ]);
  });

  it('refuses an edit that overlaps another range, naming it', async () => {
    const { headers } = await makeAdminOfNewCourier(t);
    const first = await create(headers, { weightRange: '1lb to 10lbs', fee: 230 });
    await create(headers, { weightRange: '11lbs to 20lbs', fee: 350 });
    const response = await send('PUT', headers, `/${first.id}`, { weightRange: '1lb to 15lbs', fee: 230 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(overlap('11lbs to 20lbs'));
    expect(await storedFee(first.id)).toMatchObject({ weight_range: '1lb to 10lbs' });
  });

  it('validates an edit like a creation', async () => {
    const fee = await create(w.adminA, { weightRange: '600lbs to 700lbs', fee: 1 });
    const response = await send('PUT', w.adminA, `/${fee.id}`, { weightRange: '700 to 600', fee: -2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ weightRange: SETTINGS_MSG.weightRangeInvalid, fee: SETTINGS_MSG.feeInvalid });
  });

  it('deletes a fee, once, freeing its range', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const fee = await create(headers, { weightRange: '1lb to 10lbs', fee: 230 });
    const response = await send('DELETE', headers, `/${fee.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SETTINGS_MSG.processingFeeDeleted });
    expect(await list(headers)).toEqual([]);
    expect((await send('DELETE', headers, `/${fee.id}`)).statusCode).toBe(404);
    expect(await auditActions(t, courier.id, 'settings.processing_fee_deleted')).toMatchObject([{ target_id: fee.id, details: { weightRange: '1lb to 10lbs', fee: 230 } }]);
    expect((await send('POST', headers, '', { weightRange: '1lb to 10lbs', fee: 240 })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await send('PUT', w.adminA, `/${UNKNOWN_ID}`, { weightRange: '1lb to 2lbs', fee: 1 })).statusCode).toBe(404);
    expect((await send('DELETE', w.adminA, `/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await send('DELETE', w.adminA, '/abc')).json()).toEqual({ message: 'Invalid id', fieldErrors: { id: 'Invalid id' } });
  });
});

describe('courier isolation and access', () => {
  it('never shows, edits or deletes another courier\'s fee (404), and its ranges do not clash with mine', async () => {
    const theirs = await create(w.adminB, { weightRange: '1000lbs to 2000lbs', fee: 5 });
    expect((await list(w.adminA)).map((f) => f.id)).not.toContain(theirs.id);
    const edit = await send('PUT', w.adminA, `/${theirs.id}`, { weightRange: '1lb to 2lbs', fee: 0 });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: MSG.notFound });
    expect((await send('DELETE', w.adminA, `/${theirs.id}`)).statusCode).toBe(404);
    expect(await storedFee(theirs.id)).toEqual({ weight_range: '1000lbs to 2000lbs', min_lbs: 1000, max_lbs: 2000, fee: 5 });
    expect((await send('GET', w.adminA, `?courierId=${w.courierB.id}`)).statusCode).toBe(404);
  });

  it('is for admins only: 403 for staff, branch managers and customers, 401 anonymous', async () => {
    const fee = await create(w.adminA, { weightRange: '800lbs to 900lbs', fee: 1 });
    for (const headers of [w.staff, w.manager, w.customer]) {
      for (const [method, path, payload] of [['GET', '', undefined], ['POST', '', { weightRange: '901lbs to 950lbs', fee: 1 }], ['PUT', `/${fee.id}`, { weightRange: '1lb to 2lbs', fee: 1 }], ['DELETE', `/${fee.id}`, undefined]] as const) {
        const response = await send(method, headers, path, payload);
        expect(response.statusCode).toBe(403);
      }
    }
    expect((await send('DELETE', {}, `/${fee.id}`)).statusCode).toBe(401);
    expect(await storedFee(fee.id)).toMatchObject({ weight_range: '800lbs to 900lbs' });
  });

  it('lets a super admin work on a courier named by courierId, and only then', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const missing = await send('GET', w.superAdmin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SETTINGS_MSG.courierIdRequired);
    const query = `?courierId=${courier.id}`;
    const made = await create(w.superAdmin, { weightRange: '1lb to 10lbs', fee: 230 }, query);
    expect((await list(headers)).map((f) => f.id)).toEqual([made.id]);
    expect((await send('PUT', w.superAdmin, `/${made.id}${query}`, { weightRange: '1lb to 11lbs', fee: 230 })).statusCode).toBe(200);
    expect((await send('DELETE', w.superAdmin, `/${made.id}?courierId=${w.courierA.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', w.superAdmin, `/${made.id}${query}`)).statusCode).toBe(200);
  });
});

describe('bad input never answers 5xx', () => {
  it.each([
    { weightRange: '1\u0000 to 2', fee: 1 },
    { weightRange: `${'9'.repeat(30)} to ${'9'.repeat(31)}`, fee: 1 },
    { weightRange: ['1lb to 2lbs'], fee: 1 },
    { weightRange: '1lb to 2lbs', fee: 1e300 },
    { weightRange: '1lb to 2lbs', fee: null },
  ])('%j', async (payload) => {
    const response = await send('POST', w.adminA, '', payload as Record<string, unknown>);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});
