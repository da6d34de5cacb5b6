import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import { priceParcel, storageFeeCents, type PricedParcel, type PricingSnapshot } from './pricing';

/**
 * A realistic Jamaican air table in J$ (shared/domain.md): 1–2 lb 650, 3 lb 1,200 ... 10 lb 3,450,
 * then 350 per extra pound. The 11 lb row (3,800) is how a courier states "350 per extra lb" in a
 * table: pricing continues with the increment of the last two rows. All money in J$ cents.
 */
const TABLE: [number, number][] = [
  [1, 650], [2, 650], [3, 1200], [4, 1550], [5, 1900], [6, 2210], [7, 2520], [8, 2830], [9, 3140], [10, 3450], [11, 3800],
];
const SNAPSHOT: PricingSnapshot = {
  courierId: '00000000-0000-0000-0000-000000000001',
  airRates: TABLE.map(([weightLbs, dollars]) => ({ weightLbs, cents: dollars * 100 })),
  seaRatePerCubicFootCents: 120_000,
  seaMinimumCents: 300_000,
  processingFees: [{ minLbs: 0.1, maxLbs: 100, cents: 23_000 }],
  gctPercent: 15,
  unknownFeeCents: 100_000,
  switchingFeeCents: 30_000,
  uncollectedFeeCents: 50_000,
  membershipRates: {
    standard: { freightDiscountPercent: 0, waiveProcessingFee: false },
    student: { freightDiscountPercent: 10, waiveProcessingFee: false },
    bpo_employee: { freightDiscountPercent: 5, waiveProcessingFee: true },
    civil_servant: { freightDiscountPercent: 0, waiveProcessingFee: true },
  },
  exchangeRate: { jmdCentsPerUsd: 15_650, setOn: '2026-11-01' },
  volumetricDivisor: 166,
  takenAt: '2026-11-24T00:00:00.000Z',
};

const price = (weightLbs: number, parcel: Partial<PricedParcel> = {}, snapshot: Partial<PricingSnapshot> = {}) =>
  priceParcel({ service: 'AIR', weightLbs, ...parcel }, { ...SNAPSHOT, ...snapshot });
const amount = (result: ReturnType<typeof price>, code: string) => result.lines.find((line) => line.code === code)?.amountCents ?? 0;

describe('priceParcel: AIR freight', () => {
  it('charges a listed weight at its rate, with the processing fee and GCT on freight only', () => {
    expect(price(1)).toEqual({
      chargeableLbs: 1,
      lines: [
        { code: 'freight', description: 'Freight AIR 1 lb', amountCents: 65_000 },
        { code: 'processing_fee', description: 'Processing fee (1 lb)', amountCents: 23_000 },
        { code: 'gct', description: 'GCT 15% of freight J$650.00', amountCents: 9_750 },
      ],
      totalCents: 97_750,
    });
    expect(price(10)).toMatchObject({ totalCents: 345_000 + 23_000 + 51_750 });
  });

  it('rounds the weight up to the next rate step', () => {
    expect(price(0.4)).toMatchObject({ chargeableLbs: 1 });
    expect(amount(price(1.5), 'freight')).toBe(65_000);
    expect(price(2.01)).toMatchObject({ chargeableLbs: 3 });
    expect(amount(price(9.99), 'freight')).toBe(345_000);
    // A scale reading beyond two decimals still needs the next step.
    expect(amount(price(3.001), 'freight')).toBe(155_000);
  });

  it('bills the volumetric weight when the box is light for its size (L × W × H ÷ the divisor)', () => {
    // 20 × 15 × 10 = 3,000 in³ ÷ 166 = 18.08 lb → 19 lb: 3,800 + 8 × 350 = J$6,600.
    const bulky = price(4, { lengthIn: 20, widthIn: 15, heightIn: 10 });
    expect(bulky.chargeableLbs).toBe(19);
    expect(bulky.lines[0]).toEqual({ code: 'freight', description: 'Freight AIR 19 lb (volumetric)', amountCents: 660_000 });
    // A divisor of 139 makes the same box heavier: 3,000 ÷ 139 = 21.59 → 22 lb.
    expect(price(4, { lengthIn: 20, widthIn: 15, heightIn: 10 }, { volumetricDivisor: 139 }).chargeableLbs).toBe(22);
  });

  it('continues above the table at J$350 per extra pound (12 lb = J$4,150)', () => {
    const twelve = price(12);
    expect(twelve.lines.map((line) => [line.code, line.amountCents])).toEqual([['freight', 415_000], ['processing_fee', 23_000], ['gct', 62_250]]);
    expect(twelve.totalCents).toBe(500_250);
    expect(amount(price(20), 'freight')).toBe((3800 + 9 * 350) * 100);
  });

  it('uses the increment of the last two rows when the table stops at 10 lb', () => {
    const toTen = SNAPSHOT.airRates.filter((rate) => rate.weightLbs <= 10);
    expect(amount(price(12, {}, { airRates: toTen }), 'freight')).toBe((3450 + 2 * 310) * 100);
  });

  it("continues in the table's own step when it lists half pounds", () => {
    const halves = [{ weightLbs: 0.5, cents: 40_000 }, { weightLbs: 1, cents: 65_000 }, { weightLbs: 1.5, cents: 80_000 }];
    expect(price(0.7, {}, { airRates: halves })).toMatchObject({ chargeableLbs: 1 });
    expect(price(1.6, {}, { airRates: halves })).toMatchObject({ chargeableLbs: 2 });
    expect(amount(price(1.6, {}, { airRates: halves }), 'freight')).toBe(95_000);
  });

  it('never lowers freight for heavier packages when the last row is cheaper', () => {
    const odd = [{ weightLbs: 1, cents: 90_000 }, { weightLbs: 2, cents: 70_000 }];
    expect(amount(price(5, {}, { airRates: odd }), 'freight')).toBe(70_000);
  });

  it('keeps cents exact and rounds GCT half-up', () => {
    const cents = [{ weightLbs: 1, cents: 1010 }, { weightLbs: 2, cents: 1030 }];
    const result = price(4, {}, { airRates: cents, processingFees: [], gctPercent: 16.5 });
    expect(amount(result, 'freight')).toBe(1070);
    // 16.5 % of 10.70 = 1.7655 → 1.77
    expect(amount(result, 'gct')).toBe(177);
    expect(result.totalCents).toBe(1247);
  });
});

describe('priceParcel: SEA freight by cubic foot', () => {
  it('charges L × W × H ÷ 1,728 cubic feet at the per-cubic-foot rate', () => {
    // 24 × 18 × 12 = 5,184 in³ = 3 cu ft × J$1,200 = J$3,600; GCT 15 % = 540.
    const result = price(30, { service: 'SEA', lengthIn: 24, widthIn: 18, heightIn: 12 });
    expect(result.cubicFeet).toBe(3);
    expect(result.chargeableLbs).toBe(30);
    expect(result.lines).toEqual([
      { code: 'freight', description: 'Freight SEA 3 cu ft at J$1,200.00/cu ft', amountCents: 360_000 },
      { code: 'processing_fee', description: 'Processing fee (30 lb)', amountCents: 23_000 },
      { code: 'gct', description: 'GCT 15% of freight J$3,600.00', amountCents: 54_000 },
    ]);
  });

  it('never charges less than the minimum', () => {
    // 12 × 12 × 12 = 1 cu ft × 1,200 = 1,200 < minimum 3,000.
    const small = price(5, { service: 'SEA', lengthIn: 12, widthIn: 12, heightIn: 12 });
    expect(small.lines[0]).toEqual({ code: 'freight', description: 'Freight SEA 1 cu ft (minimum charge)', amountCents: 300_000 });
  });

  it('refuses without dimensions or without a sea rate', () => {
    expect(() => price(5, { service: 'SEA' })).toThrow('without its length, width and height');
    expect(() => price(5, { service: 'SEA', lengthIn: 10, widthIn: 10, heightIn: 10 }, { seaRatePerCubicFootCents: null })).toThrow('sea rate per cubic foot');
  });
});

describe('priceParcel: membership', () => {
  it('takes the discount off freight before GCT, on its own line', () => {
    // Student 10 %: freight 2,520 (7 lb), discount -252, GCT 15 % of 2,268 = 340.20, fee 230.
    const result = price(7, { membershipType: 'student' });
    expect(result.lines).toEqual([
      { code: 'freight', description: 'Freight AIR 7 lb', amountCents: 252_000 },
      { code: 'membership_discount', description: 'Student membership discount 10% of freight', amountCents: -25_200 },
      { code: 'processing_fee', description: 'Processing fee (7 lb)', amountCents: 23_000 },
      { code: 'gct', description: 'GCT 15% of freight J$2,268.00', amountCents: 34_020 },
    ]);
    expect(result.totalCents).toBe(252_000 - 25_200 + 23_000 + 34_020);
  });

  it('shows a waived processing fee at 0', () => {
    const result = price(1, { membershipType: 'civil_servant' });
    expect(result.lines.find((line) => line.code === 'processing_fee')).toEqual({
      code: 'processing_fee', description: 'Processing fee J$230.00 waived (Civil Servant membership)', amountCents: 0,
    });
    expect(result.totalCents).toBe(65_000 + 9_750);
  });

  it('charges full price for a standard or unknown membership type', () => {
    expect(price(1, { membershipType: 'standard' }).totalCents).toBe(97_750);
    expect(price(1, { membershipType: 'nonsense' }).totalCents).toBe(97_750);
  });
});

describe('priceParcel: processing fee by weight range', () => {
  const ranges = [{ minLbs: 1, maxLbs: 10, cents: 23_000 }, { minLbs: 11, maxLbs: 50, cents: 45_000 }];
  it('takes the fee of the range holding the chargeable weight, none outside every range', () => {
    expect(amount(price(0.5, {}, { processingFees: ranges }), 'processing_fee')).toBe(23_000);
    expect(amount(price(10.5, {}, { processingFees: ranges }), 'processing_fee')).toBe(45_000);
    expect(price(60, {}, { processingFees: ranges }).lines.some((line) => line.code === 'processing_fee')).toBe(false);
  });
});

describe('priceParcel: additional fees', () => {
  it('adds unknown, switching, storage, delivery and assessed duty, GCT still on freight only', () => {
    const result = price(1, { unknown: true, switchedBranch: true, storageFeeCents: 50_000, deliveryFeeCents: 80_000, customsDutyCents: 123_456 });
    expect(result.lines.map((line) => [line.code, line.description, line.amountCents])).toEqual([
      ['freight', 'Freight AIR 1 lb', 65_000],
      ['processing_fee', 'Processing fee (1 lb)', 23_000],
      ['gct', 'GCT 15% of freight J$650.00', 9_750],
      ['unknown_fee', 'Unknown package fee', 100_000],
      ['switching_fee', 'Branch switching fee', 30_000],
      ['storage_fee', 'Storage fee (uncollected)', 50_000],
      ['delivery_fee', 'Delivery fee', 80_000],
      ['customs_duty', 'Customs duty (assessed)', 123_456],
    ]);
    expect(result.totalCents).toBe(97_750 + 100_000 + 30_000 + 50_000 + 80_000 + 123_456);
  });

  it('charges no GCT at 0%', () => {
    expect(price(3, {}, { gctPercent: 0 }).totalCents).toBe(143_000);
  });
});

describe('storageFeeCents', () => {
  const rules = { thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once' as const, capCents: null, abandonmentDays: 60 };
  it('charges the uncollected fee once after the threshold, or per day up to the cap', () => {
    expect(storageFeeCents(15, rules, 50_000)).toBe(0);
    expect(storageFeeCents(16, rules, 50_000)).toBe(50_000);
    expect(storageFeeCents(40, rules, 50_000)).toBe(50_000);
    const perDay = { ...rules, feeMode: 'per_day' as const, capCents: 200_000 };
    expect(storageFeeCents(17, perDay, 50_000)).toBe(100_000);
    expect(storageFeeCents(40, perDay, 50_000)).toBe(200_000);
    expect(storageFeeCents(40, { ...perDay, capCents: null }, 50_000)).toBe(25 * 50_000);
  });
});

describe('priceParcel: what it refuses', () => {
  const refusal = (run: () => unknown) => { try { run(); } catch (error) { return error; } return null; };
  it('names each refusal with a code and a kind the API turns into 400 or 422', () => {
    for (const weight of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => price(weight)).toThrow('positive number');
    expect(refusal(() => price(0))).toMatchObject({ kind: 'invalid', code: 'pricing.invalid_weight', field: 'weight' });
    expect(refusal(() => price(1, {}, { airRates: [] }))).toMatchObject({ kind: 'unprocessable', code: 'pricing.no_active_rates' });
    const single = [{ weightLbs: 1, cents: 65_000 }];
    expect(amount(price(0.5, {}, { airRates: single }), 'freight')).toBe(65_000);
    expect(refusal(() => price(5, {}, { airRates: single }))).toMatchObject({ kind: 'unprocessable', code: 'pricing.single_rate' });
    expect(refusal(() => price(5, { service: 'SEA' }))).toMatchObject({ kind: 'invalid', code: 'pricing.sea_dimensions_required' });
    expect(refusal(() => price(0))).toBeInstanceOf(DomainError);
  });
});
