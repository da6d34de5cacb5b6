import { describe, expect, it } from 'vitest';
import { CUSTOMS_DEFAULTS, estimateCustoms, type CustomsEstimateInput } from './customs';
import type { PricingSnapshot } from './pricing';

/**
 * Worked examples computed by hand (all amounts in cents; J$156.50 per US$1 unless said). The
 * courier's table: 1–2 lb J$650, 3 lb J$1,200 ... 10 lb J$3,450; processing fee J$230; GCT 15 %
 * on freight; sea J$1,200 per cubic foot.
 */
const TABLE: [number, number][] = [[1, 650], [2, 650], [3, 1200], [4, 1550], [5, 1900], [6, 2210], [7, 2520], [8, 2830], [9, 3140], [10, 3450]];
const snapshot: PricingSnapshot = {
  courierId: 'c',
  airRates: TABLE.map(([weightLbs, dollars]) => ({ weightLbs, cents: dollars * 100 })),
  seaRatePerCubicFootCents: 120_000,
  seaMinimumCents: 0,
  processingFees: [{ minLbs: 0.1, maxLbs: 100, cents: 23_000 }],
  gctPercent: 15,
  unknownFeeCents: 0,
  switchingFeeCents: 0,
  uncollectedFeeCents: 0,
  membershipRates: { student: { freightDiscountPercent: 10, waiveProcessingFee: true } },
  exchangeRate: { jmdCentsPerUsd: 15_650, setOn: '2026-11-01' },
  volumetricDivisor: 166,
  takenAt: '',
};
const base: CustomsEstimateInput = { itemValueUsdCents: 25_000, shippingCostUsdCents: 2_000, weightLbs: 3, service: 'AIR', categoryCode: 'general' };
const estimate = (input: Partial<CustomsEstimateInput> = {}, at: Partial<PricingSnapshot> = {}) =>
  estimateCustoms({ ...base, ...input }, CUSTOMS_DEFAULTS, { ...snapshot, ...at });
const amounts = (lines: { code: string; amountCents: number }[]) => Object.fromEntries(lines.map((line) => [line.code, line.amountCents]));

describe('estimateCustoms: worked examples', () => {
  it('general goods by air, US$250 + US$20 shipping, 3 lb', () => {
    // Insurance 1 % of 270.00 = 2.70; CIF US$272.70 = 27,270 ¢.
    // CIF J$ = 27,270 × 156.50 = 4,267,755 ¢ (J$42,677.55).
    // Duty 20 % = 853,551; SCF 0.3 % = 12,803.265 → 12,803; ENVL 0.5 % = 21,338.775 → 21,339;
    // stamp duty 10,000 (CIF over J$5,500).
    // GCT base 4,267,755 + 853,551 + 12,803 + 21,339 = 5,155,448; 15 % = 773,317.2 → 773,317.
    // Customs 853,551 + 12,803 + 21,339 + 10,000 + 773,317 = 1,671,010 (J$16,710.10).
    // Courier 3 lb: freight 120,000 + fee 23,000 + GCT 18,000 = 161,000. Total 1,832,010.
    const result = estimate();
    expect(amounts(result.valuation)).toEqual({ item_value: 25_000, shipping_cost: 2_000, insurance: 270, cif_usd: 27_270, cif_jmd: 4_267_755 });
    expect(result.valuation.find((line) => line.code === 'insurance')?.label).toBe('Insurance 1% of item value + shipping (air)');
    expect(result.deMinimis).toBe(false);
    expect(amounts(result.customs)).toEqual({ import_duty: 853_551, scf: 12_803, envl: 21_339, stamp_duty: 10_000, customs_gct: 773_317 });
    expect(result.customsTotalCents).toBe(1_671_010);
    expect(amounts(result.courier)).toEqual({ freight: 120_000, processing_fee: 23_000, gct: 18_000 });
    expect(result.courierTotalCents).toBe(161_000);
    expect(result.totalCents).toBe(1_832_010);
    expect(result.customs.map((line) => line.label)).toEqual([
      'Import duty 20% of CIF (General goods)',
      'Standard compliance fee (SCF) 0.3% of CIF',
      'Environmental levy (ENVL) 0.5% of CIF',
      'Customs stamp duty (CIF over J$5,500.00)',
      'GCT on imports 15% of CIF + duty + SCF + ENVL (J$51,554.48)',
    ]);
  });

  it('at or under the US$100 de minimis: no customs charges, only the courier', () => {
    // US$80 + US$15, insurance 0.95: CIF US$95.95 = 9,595 ¢ × 156.50 = 1,501,617.5 → 1,501,618 (half-up).
    // Item value 80 ≤ 100: no duty or customs taxes. Courier 2 lb: 65,000 + 23,000 + 9,750 = 97,750.
    const result = estimate({ itemValueUsdCents: 8_000, shippingCostUsdCents: 1_500, weightLbs: 2 });
    expect(amounts(result.valuation)).toMatchObject({ insurance: 95, cif_usd: 9_595, cif_jmd: 1_501_618 });
    expect(result.deMinimis).toBe(true);
    expect(result.customs).toEqual([]);
    expect(result.totalCents).toBe(97_750);
    // Exactly US$100.00 is still at the de minimis.
    expect(estimate({ itemValueUsdCents: 10_000 }).deMinimis).toBe(true);
  });

  it('one cent above the de minimis pays on the full value; phones by sea at 25 % GCT, insurance given', () => {
    // Item US$100.01, shipping 0, insurance given 0: CIF 10,001 ¢ × 156.50 = 1,565,156.5 → 1,565,157.
    // Duty 20 % = 313,031.4 → 313,031; SCF 4,695.471 → 4,695; ENVL 7,825.785 → 7,826; stamp 10,000.
    // GCT 25 % of (1,565,157 + 313,031 + 4,695 + 7,826 = 1,890,709) = 472,677.25 → 472,677.
    // Customs 313,031 + 4,695 + 7,826 + 10,000 + 472,677 = 808,229.
    // Courier SEA 24 × 18 × 12 in = 3 cu ft × 120,000 = 360,000; fee 23,000; GCT 54,000 = 437,000.
    const result = estimate({
      itemValueUsdCents: 10_001, shippingCostUsdCents: 0, insuranceUsdCents: 0, categoryCode: 'phones_telecom',
      service: 'SEA', weightLbs: 10, lengthIn: 24, widthIn: 18, heightIn: 12,
    });
    expect(result.valuation.find((line) => line.code === 'insurance')).toMatchObject({ label: 'Insurance (as given)', amountCents: 0 });
    expect(amounts(result.customs)).toEqual({ import_duty: 313_031, scf: 4_695, envl: 7_826, stamp_duty: 10_000, customs_gct: 472_677 });
    expect(result.customsTotalCents).toBe(808_229);
    expect(result.courierTotalCents).toBe(437_000);
    expect(result.totalCents).toBe(1_245_229);
  });

  it('no stamp duty while CIF is not over J$5,500 (at J$50.00 per US$1)', () => {
    // US$101 × 50 = 505,000 ¢ (J$5,050). Duty 101,000; SCF 1,515; ENVL 2,525; stamp 0;
    // GCT 15 % of 610,040 = 91,506. Customs 196,546.
    const result = estimate({ itemValueUsdCents: 10_100, shippingCostUsdCents: 0, insuranceUsdCents: 0 }, { exchangeRate: { jmdCentsPerUsd: 5_000, setOn: '2026-11-01' } });
    expect(amounts(result.customs)).toEqual({ import_duty: 101_000, scf: 1_515, envl: 2_525, stamp_duty: 0, customs_gct: 91_506 });
    expect(result.customsTotalCents).toBe(196_546);
  });

  it('insures sea goods at 1.5 % and applies the membership discount to the courier freight', () => {
    // 1.5 % of (200.00 + 30.00) = 3.45. Student: freight 1,200 − 120, fee waived, GCT 15 % of 1,080 = 162.
    const result = estimate({ itemValueUsdCents: 20_000, shippingCostUsdCents: 3_000, service: 'SEA', lengthIn: 12, widthIn: 12, heightIn: 12, membershipType: 'student' });
    expect(amounts(result.valuation)).toMatchObject({ insurance: 345, cif_usd: 23_345 });
    expect(amounts(result.courier)).toEqual({ freight: 120_000, membership_discount: -12_000, processing_fee: 0, gct: 16_200 });
  });

  it('refuses an unknown category or a courier without an exchange rate, with codes', () => {
    expect(() => estimate({ categoryCode: 'nope' })).toThrow('Choose one of the listed categories');
    expect(() => estimate({}, { exchangeRate: null })).toThrow('has not set its exchange rate');
  });
});
