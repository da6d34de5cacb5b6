import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { PRICING_MSG } from '@parceldesk/shared/schemas/pricing-settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadPricingSnapshot, loadStorageRules } from './pricing-snapshot';
import { auditActions, makeAdminOfNewCourier, makeSettingsWorld, type Headers, type SettingsWorld } from './test-kit';

let t: TestApp;
let w: SettingsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeSettingsWorld(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', path: string, headers: Headers, payload?: Record<string, unknown>, query = '') =>
  t.app.inject({ method, url: `/api/settings/${path}${query}`, headers, ...(payload ? { payload } : {}) });
const today = new Date().toISOString().slice(0, 10);
const PRICING = { exchangeRateCents: 15_650, exchangeRateSetOn: today, seaRatePerCubicFootCents: 120_000, seaMinimumCents: 300_000 };
const STORAGE = { thresholdDays: 10, reminderDays: [9, 3, 3], feeMode: 'per_day', capCents: 500_000, abandonmentDays: 45 };
const CUSTOMS = {
  deMinimisUsdCents: 10_000, scfPercent: 0.3, envlPercent: 0.5, stampDutyCents: 10_000, stampDutyThresholdCents: 550_000, gctPercent: 15,
  insuranceAirPercent: 1, insuranceSeaPercent: 1.5,
  categories: [{ code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 }, { name: 'Books', dutyPercent: 0, gctPercent: 0 }],
};

describe('defaults a courier reads before saving anything (shared/domain.md)', () => {
  it('exchange rate and SEA rate unset; storage 15 days, reminders 7 and 14, once, 60 days; customs defaults; no membership discounts', async () => {
    const { headers } = await makeAdminOfNewCourier(t);
    expect((await call('GET', 'pricing', headers)).json()).toEqual({ success: true, exchangeRateCents: null, exchangeRateSetOn: null, seaRatePerCubicFootCents: null, seaMinimumCents: 0 });
    expect((await call('GET', 'storage-rules', headers)).json()).toEqual({ success: true, thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once', capCents: null, abandonmentDays: 60 });
    expect((await call('GET', 'customs', headers)).json()).toEqual({
      success: true, deMinimisUsdCents: 10_000, scfPercent: 0.3, envlPercent: 0.5, stampDutyCents: 10_000, stampDutyThresholdCents: 550_000, gctPercent: 15,
      insuranceAirPercent: 1, insuranceSeaPercent: 1.5,
      categories: [
        { code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 },
        { code: 'phones_telecom', name: 'Phones and telecom equipment', dutyPercent: 20, gctPercent: 25 },
      ],
    });
    const rates = (await call('GET', 'membership-rates', headers)).json().rates;
    expect(rates.map((rate: { membershipType: string; freightDiscountPercent: number; waiveProcessingFee: boolean }) => [rate.membershipType, rate.freightDiscountPercent, rate.waiveProcessingFee]))
      .toEqual([['standard', 0, false], ['student', 0, false], ['bpo_employee', 0, false], ['civil_servant', 0, false]]);
  });
});

describe('saving, audited', () => {
  it('saves the exchange rate and SEA rate; the pricing snapshot carries them in cents', async () => {
    const { headers, courier, adminId } = await makeAdminOfNewCourier(t);
    const response = await call('PUT', 'pricing', headers, PRICING);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PRICING_MSG.pricingUpdated, ...PRICING });
    expect((await call('GET', 'pricing', headers)).json()).toEqual({ success: true, ...PRICING });
    const audits = await auditActions(t, courier.id, 'settings.pricing_updated');
    expect(audits).toEqual([expect.objectContaining({ actor_id: adminId, target_id: courier.id, details: { before: expect.objectContaining({ exchangeRateCents: null }), after: PRICING } })]);
    const snapshot = await loadPricingSnapshot(t.database.db, courier.id);
    expect(snapshot).toMatchObject({ exchangeRate: { jmdCentsPerUsd: 15_650, setOn: today }, seaRatePerCubicFootCents: 120_000, seaMinimumCents: 300_000, gctPercent: 15, volumetricDivisor: 166 });
  });

  it('saves storage rules (reminder days sorted and de-duplicated) and customs settings (a new category gets a code)', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    expect(await loadStorageRules(t.database.db, courier.id)).toEqual({ thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once', capCents: null, abandonmentDays: 60 });
    const storage = await call('PUT', 'storage-rules', headers, STORAGE);
    expect(storage.statusCode).toBe(200);
    expect(storage.json()).toMatchObject({ reminderDays: [3, 9], feeMode: 'per_day', capCents: 500_000, abandonmentDays: 45 });
    expect(await loadStorageRules(t.database.db, courier.id)).toEqual({ thresholdDays: 10, reminderDays: [3, 9], feeMode: 'per_day', capCents: 500_000, abandonmentDays: 45 });
    // A cap means nothing when the fee is charged once: it is saved as none.
    expect((await call('PUT', 'storage-rules', headers, { ...STORAGE, feeMode: 'once' })).json()).toMatchObject({ feeMode: 'once', capCents: null });
    const customs = await call('PUT', 'customs', headers, CUSTOMS);
    expect(customs.statusCode).toBe(200);
    expect(customs.json().categories).toEqual([
      { code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 },
      { code: 'books', name: 'Books', dutyPercent: 0, gctPercent: 0 },
    ]);
    expect(await auditActions(t, courier.id, 'settings.storage_rules_updated')).toHaveLength(2);
    expect(await auditActions(t, courier.id, 'settings.customs_updated')).toHaveLength(1);
  });

  it('saves membership rates, which pricing then applies', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    const response = await call('PUT', 'membership-rates', headers, { rates: [{ membershipType: 'student', freightDiscountPercent: 12.5, waiveProcessingFee: true }] });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(PRICING_MSG.membershipUpdated);
    expect(response.json().rates[1]).toEqual({ membershipType: 'student', label: 'Student', freightDiscountPercent: 12.5, waiveProcessingFee: true });
    const audits = await auditActions(t, courier.id, 'settings.membership_rates_updated');
    expect(audits[0]!.details).toMatchObject({ changed: ['student'] });
    const snapshot = await loadPricingSnapshot(t.database.db, courier.id);
    expect(snapshot.membershipRates.student).toEqual({ freightDiscountPercent: 12.5, waiveProcessingFee: true });
    expect(snapshot.membershipRates.standard).toEqual({ freightDiscountPercent: 0, waiveProcessingFee: false });
  });
});

describe('validation: 400 with the field\'s message, nothing saved', () => {
  it.each([
    ['pricing', { ...PRICING, exchangeRateCents: 0 }, 'exchangeRateCents', PRICING_MSG.centsPositive],
    ['pricing', { ...PRICING, exchangeRateCents: 156.5 }, 'exchangeRateCents', PRICING_MSG.centsPositive],
    ['pricing', { ...PRICING, exchangeRateSetOn: null }, 'exchangeRateSetOn', PRICING_MSG.exchangeRatePair],
    ['pricing', { ...PRICING, exchangeRateSetOn: '2026-02-30' }, 'exchangeRateSetOn', PRICING_MSG.exchangeRateDate],
    ['pricing', { ...PRICING, exchangeRateSetOn: '2999-01-01' }, 'exchangeRateSetOn', PRICING_MSG.exchangeRateDate],
    ['pricing', { ...PRICING, seaMinimumCents: -1 }, 'seaMinimumCents', PRICING_MSG.cents],
    ['storage-rules', { ...STORAGE, abandonmentDays: 10 }, 'abandonmentDays', PRICING_MSG.abandonmentAfterThreshold],
    ['storage-rules', { ...STORAGE, thresholdDays: 0 }, 'thresholdDays', PRICING_MSG.days],
    ['customs', { ...CUSTOMS, scfPercent: 101 }, 'scfPercent', PRICING_MSG.percent],
    ['customs', { ...CUSTOMS, categories: [] }, 'categories', PRICING_MSG.categoriesRequired],
    ['customs', { ...CUSTOMS, categories: [{ name: 'A', dutyPercent: 1, gctPercent: 1 }, { name: ' a ', dutyPercent: 2, gctPercent: 2 }] }, 'categories', PRICING_MSG.categoryDuplicate],
    ['membership-rates', { rates: [{ membershipType: 'gold', freightDiscountPercent: 1, waiveProcessingFee: false }] }, 'rates.0.membershipType', 'Unknown membership type'],
    ['membership-rates', { rates: [{ membershipType: 'student', freightDiscountPercent: 100.5, waiveProcessingFee: false }] }, 'rates.0.freightDiscountPercent', 'Enter a discount from 0 to 100 %'],
  ])('PUT %s %j', async (path, payload, field, message) => {
    const response = await call('PUT', path, w.adminA, payload as Record<string, unknown>);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors?.[field] ?? response.json().message).toBe(message);
  });

  it('never answers 5xx to junk', async () => {
    for (const path of ['pricing', 'storage-rules', 'customs', 'membership-rates']) {
      for (const body of ['not json', '[]', '{"exchangeRateCents": 1e999}']) {
        const response = await t.app.inject({ method: 'PUT', url: `/api/settings/${path}`, headers: { ...w.adminA, 'content-type': 'application/json' }, payload: body });
        expect(response.statusCode).toBe(400);
      }
    }
  });
});

describe('courier isolation and access', () => {
  it("keeps each courier's settings to itself; naming another courier answers 404", async () => {
    expect((await call('PUT', 'pricing', w.adminA, { ...PRICING, exchangeRateCents: 16_000 })).statusCode).toBe(200);
    expect((await call('GET', 'pricing', w.adminB)).json().exchangeRateCents).not.toBe(16_000);
    for (const path of ['pricing', 'storage-rules', 'customs', 'membership-rates']) {
      expect((await call('GET', path, w.adminB, undefined, `?courierId=${w.courierA.id}`)).statusCode).toBe(404);
    }
    const sneaky = await call('PUT', 'pricing', w.adminB, { ...PRICING, exchangeRateCents: 1 }, `?courierId=${w.courierA.id}`);
    expect(sneaky.statusCode).toBe(404);
    expect(sneaky.json()).toEqual({ message: MSG.notFound });
    expect((await call('GET', 'pricing', w.adminA)).json().exchangeRateCents).toBe(16_000);
  });

  it('is for courier admins (and a super admin naming the courier): 403 staff, manager, customer; 401 anonymous', async () => {
    for (const path of ['pricing', 'storage-rules', 'customs', 'membership-rates']) {
      for (const headers of [w.staff, w.manager, w.customer]) expect((await call('GET', path, headers)).statusCode).toBe(403);
      expect((await call('GET', path, {})).statusCode).toBe(401);
      expect((await call('GET', path, w.superAdmin, undefined, `?courierId=${w.courierB.id}`)).statusCode).toBe(200);
    }
  });
});

describe('the snapshot reads only what is in force', () => {
  it('leaves inactive rates out and converts the dollar tables to cents', async () => {
    const { headers, courier } = await makeAdminOfNewCourier(t);
    await t.app.inject({ method: 'POST', url: '/api/settings/shipping-rates', headers, payload: { weight: '1', cost: 650.5, status: 'ACTIVE' } });
    await t.app.inject({ method: 'POST', url: '/api/settings/shipping-rates', headers, payload: { weight: '2', cost: 900, status: 'INACTIVE' } });
    await t.app.inject({ method: 'POST', url: '/api/settings/processing-fees', headers, payload: { weightRange: '1lb to 10lbs', fee: 230 } });
    await t.app.inject({ method: 'PUT', url: '/api/settings/additional-fees', headers, payload: { gct: 16.5, unknownFee: 1000, uncollectedFee: 500, switchingFee: 300.25 } });
    const snapshot = await loadPricingSnapshot(t.database.db, courier.id);
    expect(snapshot).toMatchObject({
      courierId: courier.id, airRates: [{ weightLbs: 1, cents: 65_050 }], processingFees: [{ minLbs: 1, maxLbs: 10, cents: 23_000 }],
      gctPercent: 16.5, unknownFeeCents: 100_000, uncollectedFeeCents: 50_000, switchingFeeCents: 30_025, exchangeRate: null, seaRatePerCubicFootCents: null,
    });
  });
});
