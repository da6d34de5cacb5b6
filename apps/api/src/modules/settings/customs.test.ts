import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCustomer, makeUser, signIn, signInCustomer } from '../../test/factories';
import { makeAdminOfNewCourier, type Headers } from './test-kit';

/**
 * GET /api/customs/estimate and /options: the calculator with the caller's own courier's settings.
 * The courier here: 1–3 lb rates J$650 / 650 / 1,200, processing fee J$230, GCT 15 %, exchange rate
 * J$156.50; the figures are the first worked example of packages/shared/src/domain/customs.test.ts.
 */
let t: TestApp;
let admin: Headers;
let customer: Headers;
let student: Headers;
let staff: Headers;
let otherAdmin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeAdminOfNewCourier(t);
  admin = a.headers;
  for (const [weight, cost] of [['1', 650], ['2', 650], ['3', 1200]] as const) {
    await t.app.inject({ method: 'POST', url: '/api/settings/shipping-rates', headers: admin, payload: { weight, cost, status: 'ACTIVE' } });
  }
  await t.app.inject({ method: 'POST', url: '/api/settings/processing-fees', headers: admin, payload: { weightRange: '0.1lb to 100lbs', fee: 230 } });
  const saved = await t.app.inject({ method: 'PUT', url: '/api/settings/pricing', headers: admin, payload: { exchangeRateCents: 15_650, exchangeRateSetOn: '2026-11-01', seaRatePerCubicFootCents: null, seaMinimumCents: 0 } });
  expect(saved.statusCode).toBe(200);
  await t.app.inject({ method: 'PUT', url: '/api/settings/membership-rates', headers: admin, payload: { rates: [{ membershipType: 'student', freightDiscountPercent: 10, waiveProcessingFee: true }] } });
  const db = t.database.db;
  const courier = { ...a.courier };
  customer = (await signInCustomer(t.app, await makeCustomer(db, courier), courier.apiKey)).headers;
  student = (await signInCustomer(t.app, await makeCustomer(db, courier, { membershipType: 'student' }), courier.apiKey)).headers;
  staff = (await signIn(t.app, await makeUser(db, { role: 'staff', courier }))).headers;
  otherAdmin = (await makeAdminOfNewCourier(t)).headers;
});
afterAll(() => t.close());

const QUERY = 'itemValueCents=25000&shippingCostCents=2000&weightLbs=3&service=AIR&category=general';
const estimate = (headers: Headers, query = QUERY) => t.app.inject({ method: 'GET', url: `/api/customs/estimate?${query}`, headers });

describe('GET /api/customs/estimate', () => {
  it('answers the worked example for a customer: CIF J$42,677.55, customs J$16,710.10, total J$18,320.10', async () => {
    const response = await estimate(customer);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ estimate: true, deMinimis: false, customsTotalCents: 1_671_010, courierTotalCents: 161_000, totalCents: 1_832_010, exchangeRate: { jmdCentsPerUsd: 15_650, setOn: '2026-11-01' } });
    expect(body.valuation.find((line: { code: string }) => line.code === 'cif_jmd')).toEqual({ code: 'cif_jmd', label: 'CIF in J$ at J$156.50 per US$1', amountCents: 4_267_755, currency: 'JMD' });
    expect(body.courier.map((line: { description: string }) => line.description)).toEqual(['Freight AIR 3 lb', 'Processing fee (3 lb)', 'GCT 15% of freight J$1,200.00']);
  });

  it("applies the customer's own membership rate to the courier's charges", async () => {
    const body = (await estimate(student)).json();
    // Student: 1,200 − 120 discount, processing fee waived, GCT 15 % of 1,080 = 162.
    expect(body.courier.map((line: { code: string; amountCents: number }) => [line.code, line.amountCents]))
      .toEqual([['freight', 120_000], ['membership_discount', -12_000], ['processing_fee', 0], ['gct', 16_200]]);
    expect(body.courierTotalCents).toBe(124_200);
  });

  it('is open to staff and admins of the courier too', async () => {
    expect((await estimate(staff)).statusCode).toBe(200);
    expect((await estimate(admin)).json().totalCents).toBe(1_832_010);
  });

  it.each([
    ['itemValueCents=abc&weightLbs=3&service=AIR&category=general', 'itemValueCents'],
    ['itemValueCents=-1&weightLbs=3&service=AIR&category=general', 'itemValueCents'],
    ['itemValueCents=10.5&weightLbs=3&service=AIR&category=general', 'itemValueCents'],
    ['itemValueCents=100&weightLbs=0&service=AIR&category=general', 'weightLbs'],
    ['itemValueCents=100&weightLbs=3&service=TRUCK&category=general', 'service'],
    ['itemValueCents=100&weightLbs=3&service=AIR', 'category'],
    ['itemValueCents=100&weightLbs=3&service=AIR&category=general&lengthIn=-2', 'lengthIn'],
  ])('refuses %s with a 400 on %s', async (query, field) => {
    const response = await estimate(customer, query);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().fieldErrors?.[field]).toBe('string');
  });

  it('explains what it cannot estimate: an unknown category 400, SEA without a sea rate 422', async () => {
    const unknown = await estimate(customer, 'itemValueCents=100&weightLbs=3&service=AIR&category=jewellery');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Choose one of the listed categories', code: 'customs.unknown_category' });
    const seaNoDims = await estimate(customer, 'itemValueCents=100&weightLbs=3&service=sea&category=general');
    expect(seaNoDims.statusCode).toBe(422);
    expect(seaNoDims.json().code).toBe('pricing.no_sea_rate');
  });

  it('answers 422 with a clear message when the courier has no exchange rate yet', async () => {
    const response = await estimate(otherAdmin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'customs.no_exchange_rate', message: 'This courier has not set its exchange rate yet, so an estimate in J$ is not possible' });
  });

  it('needs a signed-in caller', async () => {
    expect((await estimate({})).statusCode).toBe(401);
  });
});

describe('GET /api/customs/options', () => {
  it("gives the courier's categories, exchange rate and thresholds for the form", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customs/options', headers: customer });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      categories: [
        { code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 },
        { code: 'phones_telecom', name: 'Phones and telecom equipment', dutyPercent: 20, gctPercent: 25 },
      ],
      exchangeRate: { jmdCentsPerUsd: 15_650, setOn: '2026-11-01' }, deMinimisUsdCents: 10_000, insuranceAirPercent: 1, insuranceSeaPercent: 1.5,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/customs/options', headers: otherAdmin })).json().exchangeRate).toBeNull();
  });
});
