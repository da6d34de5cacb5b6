import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditActions, makeAdminOfNewCourier, makeSettingsWorld, UNKNOWN_ID, type Headers, type SettingsWorld } from './test-kit';

let t: TestApp;
let w: SettingsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeSettingsWorld(t);
});
afterAll(() => t.close());

const FEES_URL = '/api/settings/additional-fees';
const get = (headers: Headers, query = '') => t.app.inject({ method: 'GET', url: `${FEES_URL}${query}`, headers });
const put = (headers: Headers, payload: Record<string, unknown>, query = '') => t.app.inject({ method: 'PUT', url: `${FEES_URL}${query}`, headers, payload });
const FEES = { gct: 16.5, unknownFee: 500, uncollectedFee: 300, switchingFee: 200 };
const named = (f: typeof FEES) => [
  { name: 'GCT', value: f.gct }, { name: 'Unknown Fee', value: f.unknownFee }, { name: 'Uncollected Fee', value: f.uncollectedFee }, { name: 'Switching Fee', value: f.switchingFee },
];

describe('GET /api/settings/additional-fees', () => {
  it('gives a new courier the platform defaults (GCT 15% and no fees, decision 023), as values and as the named list', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const response = await get(headers);
    expect(response.statusCode).toBe(200);
    const defaults = { gct: 15, unknownFee: 0, uncollectedFee: 0, switchingFee: 0 };
    expect(response.json()).toEqual({ success: true, ...defaults, fees: named(defaults) });
    // The courier's own row, copied from the platform settings when it was created.
    const { rows } = await t.database.pool.query(`select gct::float as gct from courier_fee_settings where courier_id = $1`, [courier.id]);
    expect(rows).toEqual([{ gct: 15 }]);
  });
});

describe('PUT /api/settings/additional-fees', () => {
  it('saves the fees, which the next GET returns; saving again updates the same row', async () => {
    const { headers, courier, adminId } = await makeAdminOfNewCourier(t);
    const response = await put(headers, FEES);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SETTINGS_MSG.feesUpdated, ...FEES, fees: named(FEES) });
    expect((await get(headers)).json()).toEqual({ success: true, ...FEES, fees: named(FEES) });

    const next = { gct: 0, unknownFee: 0.01, uncollectedFee: 0, switchingFee: 1234.56 };
    expect((await put(headers, next)).statusCode).toBe(200);
    expect((await get(headers)).json()).toMatchObject(next);
    const { rows } = await t.database.pool.query(`select gct::float, switching_fee::float from courier_fee_settings where courier_id = $1`, [courier.id]);
    expect(rows).toEqual([{ gct: 0, switching_fee: 1234.56 }]);

    const audits = await auditActions(t, courier.id, 'settings.fees_updated');
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actor_id: adminId, target_type: 'courier', target_id: courier.id,
      details: { before: { gct: 15, unknownFee: 0, uncollectedFee: 0, switchingFee: 0 }, after: FEES },
    });
    expect(audits[1]!.details).toMatchObject({ before: FEES, after: next });
  });

  it('accepts the limits: GCT 0 and 100', async () => {
    const { headers } = await makeAdminOfNewCourier(t);
    expect((await put(headers, { ...FEES, gct: 100 })).statusCode).toBe(200);
    expect((await put(headers, { ...FEES, gct: 0 })).statusCode).toBe(200);
  });

  it.each([
    [{ ...FEES, gct: 100.1 }, { gct: SETTINGS_MSG.gctRange }],
    [{ ...FEES, gct: -0.1 }, { gct: SETTINGS_MSG.gctRange }],
    [{ ...FEES, gct: 16.55 }, { gct: 'GCT uses steps of 0.1' }],
    [{ ...FEES, gct: '15' }, { gct: SETTINGS_MSG.gctRange }],
    [{ ...FEES, unknownFee: -1 }, { unknownFee: SETTINGS_MSG.feeMin }],
    [{ ...FEES, uncollectedFee: -0.01 }, { uncollectedFee: SETTINGS_MSG.feeMin }],
    [{ ...FEES, switchingFee: 1.005 }, { switchingFee: 'Use at most 2 decimals' }],
    [{ ...FEES, switchingFee: 1e300 }, { switchingFee: SETTINGS_MSG.feeMin }],
    [{ gct: 15 }, { unknownFee: SETTINGS_MSG.feeMin, uncollectedFee: SETTINGS_MSG.feeMin, switchingFee: SETTINGS_MSG.feeMin }],
    [{}, { gct: SETTINGS_MSG.gctRange, unknownFee: SETTINGS_MSG.feeMin, uncollectedFee: SETTINGS_MSG.feeMin, switchingFee: SETTINGS_MSG.feeMin }],
  ])('refuses %j with the field\'s message', async (payload, fieldErrors) => {
    const response = await put(w.adminA, payload as Record<string, unknown>);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
    expect((await get(w.adminA)).json().gct).toBe(15);
  });
});

describe('courier isolation and access', () => {
  it('keeps each courier\'s fees to itself', async () => {
    expect((await put(w.adminA, { ...FEES, unknownFee: 777 })).statusCode).toBe(200);
    expect((await get(w.adminB)).json()).toMatchObject({ gct: 15, unknownFee: 0 });
    expect((await get(w.adminB, `?courierId=${w.courierA.id}`)).statusCode).toBe(404);
    const sneaky = await put(w.adminB, { ...FEES, unknownFee: 1 }, `?courierId=${w.courierA.id}`);
    expect(sneaky.statusCode).toBe(404);
    expect(sneaky.json()).toEqual({ message: MSG.notFound });
    expect((await get(w.adminA)).json().unknownFee).toBe(777);
  });

  it('is for admins only: 403 for staff, branch managers and customers, 401 anonymous', async () => {
    for (const headers of [w.staff, w.manager, w.customer]) {
      expect((await get(headers)).statusCode).toBe(403);
      const response = await put(headers, FEES);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.forbidden });
    }
    expect((await get({})).statusCode).toBe(401);
    expect((await put({}, FEES)).statusCode).toBe(401);
  });

  it('lets a super admin read and write a courier named by courierId', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const missing = await put(w.superAdmin, FEES);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: SETTINGS_MSG.courierIdRequired, fieldErrors: { courierId: SETTINGS_MSG.courierIdRequired } });
    expect((await get(w.superAdmin, `?courierId=${UNKNOWN_ID}`)).statusCode).toBe(404);

    const query = `?courierId=${courier.id}`;
    expect((await put(w.superAdmin, { ...FEES, gct: 12.5 }, query)).statusCode).toBe(200);
    expect((await get(headers)).json().gct).toBe(12.5);
    expect((await get(w.superAdmin, query)).json().gct).toBe(12.5);
    expect(await auditActions(t, courier.id, 'settings.fees_updated')).toHaveLength(1);
  });
});

describe('bad input never answers 5xx', () => {
  it.each(['not json', '[]', '{"gct": {"$ne": 1}}', '{"gct": 1e999, "unknownFee": 0, "uncollectedFee": 0, "switchingFee": 0}'])('%s', async (body) => {
    const response = await t.app.inject({ method: 'PUT', url: FEES_URL, headers: { ...w.adminA, 'content-type': 'application/json' }, payload: body });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});
