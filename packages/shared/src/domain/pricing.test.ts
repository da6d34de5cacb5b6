import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import { priceShipment, type PricingRate } from './pricing';

/**
 * A realistic Jamaican air table in J$ (shared/domain.md): 1–2 lb 650, 3 lb 1,200 ... 10 lb 3,450,
 * then 350 per extra pound. The 11 lb row (3,800) is how a courier states "350 per extra lb" in a
 * table: pricing continues with the increment of the last two rows.
 */
const TABLE: [number, number][] = [
  [1, 650], [2, 650], [3, 1200], [4, 1550], [5, 1900], [6, 2210], [7, 2520], [8, 2830], [9, 3140], [10, 3450], [11, 3800],
];
const rates: PricingRate[] = TABLE.map(([weightLbs, cost]) => ({ weightLbs, cost, status: 'active' }));
const processingFees = [{ minLbs: 0.1, maxLbs: 100, fee: 230 }];
const fees = { gct: 15, unknownFee: 1000, uncollectedFee: 500, switchingFee: 300 };

const price = (weightLbs: number, overrides: Partial<Parameters<typeof priceShipment>[0]> = {}) =>
  priceShipment({ weightLbs, rates, processingFees, fees, ...overrides });

describe('priceShipment: freight', () => {
  it('charges a listed weight at its rate, with the processing fee and GCT on freight only', () => {
    expect(price(1)).toEqual({
      chargeableLbs: 1, freight: 650, processingFee: 230, gct: 97.5, unknownFee: 0, uncollectedFee: 0, switchingFee: 0, total: 977.5,
    });
    expect(price(10)).toMatchObject({ freight: 3450, gct: 517.5, total: 3450 + 230 + 517.5 });
  });

  it('rounds the weight up to the next rate step', () => {
    expect(price(0.4)).toMatchObject({ chargeableLbs: 1, freight: 650 });
    expect(price(1.5)).toMatchObject({ chargeableLbs: 2, freight: 650 });
    expect(price(2.01)).toMatchObject({ chargeableLbs: 3, freight: 1200 });
    expect(price(9.99)).toMatchObject({ chargeableLbs: 10, freight: 3450 });
    // A scale reading beyond two decimals still needs the next step.
    expect(price(3.001)).toMatchObject({ chargeableLbs: 4, freight: 1550 });
  });

  it('continues above the table at J$350 per extra pound (12 lb = J$4,150)', () => {
    expect(price(12)).toEqual({
      chargeableLbs: 12, freight: 4150, processingFee: 230, gct: 622.5, unknownFee: 0, uncollectedFee: 0, switchingFee: 0, total: 5002.5,
    });
    expect(price(11.2)).toMatchObject({ chargeableLbs: 12, freight: 4150 });
    expect(price(20)).toMatchObject({ freight: 3800 + 9 * 350 });
  });

  it('uses the increment of the last two rows when the table stops at 10 lb', () => {
    const toTen = rates.filter((rate) => rate.weightLbs <= 10);
    // 9 lb 3,140 → 10 lb 3,450: 310 per pound beyond the table.
    expect(price(12, { rates: toTen })).toMatchObject({ chargeableLbs: 12, freight: 3450 + 2 * 310 });
  });

  it('continues in the table\'s own step when it lists half pounds', () => {
    const halves = [{ weightLbs: 0.5, cost: 400, status: 'ACTIVE' }, { weightLbs: 1, cost: 650, status: 'ACTIVE' }, { weightLbs: 1.5, cost: 800, status: 'ACTIVE' }];
    expect(price(0.7, { rates: halves })).toMatchObject({ chargeableLbs: 1, freight: 650 });
    // Step 0.5 lb, 150 per half pound (300 per pound): 1.6 lb → 2 lb → 950.
    expect(price(1.6, { rates: halves })).toMatchObject({ chargeableLbs: 2, freight: 950 });
  });

  it('ignores inactive rates, whatever their case, and unsorted input', () => {
    const mixed = [...rates].reverse().map((rate) => (rate.weightLbs === 3 ? { ...rate, status: 'INACTIVE' } : { ...rate, status: 'ACTIVE' }));
    expect(price(2.5, { rates: mixed })).toMatchObject({ chargeableLbs: 4, freight: 1550 });
  });

  it('never lowers freight for heavier packages when the last row is cheaper', () => {
    const odd = [{ weightLbs: 1, cost: 900, status: 'active' }, { weightLbs: 2, cost: 700, status: 'active' }];
    expect(price(5, { rates: odd })).toMatchObject({ chargeableLbs: 5, freight: 700 });
  });

  it('steps from the last two different weights when a weight is listed twice', () => {
    const twice = [...rates, { weightLbs: 11, cost: 3800, status: 'active' }];
    expect(price(12, { rates: twice })).toMatchObject({ chargeableLbs: 12, freight: 4150 });
  });

  it('keeps cents exact', () => {
    const cents = [{ weightLbs: 1, cost: 10.1, status: 'active' }, { weightLbs: 2, cost: 10.3, status: 'active' }];
    const charges = price(4, { rates: cents, processingFees: [], fees: { ...fees, gct: 16.5 } });
    expect(charges.freight).toBe(10.7);
    expect(charges.gct).toBe(1.77);
    expect(charges.total).toBe(12.47);
  });
});

describe('priceShipment: processing fee by weight range', () => {
  const ranges = [{ minLbs: 1, maxLbs: 10, fee: 230 }, { minLbs: 11, maxLbs: 50, fee: 450 }];

  it('takes the fee of the range holding the chargeable weight', () => {
    expect(price(0.5, { processingFees: ranges }).processingFee).toBe(230);
    expect(price(10, { processingFees: ranges }).processingFee).toBe(230);
    expect(price(10.5, { processingFees: ranges }).processingFee).toBe(450);
    expect(price(50, { processingFees: ranges }).processingFee).toBe(450);
  });

  it('is 0 when no range holds the weight', () => {
    expect(price(60, { processingFees: ranges })).toMatchObject({ processingFee: 0, freight: 3800 + 49 * 350 });
    expect(price(1, { processingFees: [] })).toMatchObject({ processingFee: 0, total: 650 + 97.5 });
  });

  it('never puts GCT on the processing fee', () => {
    expect(price(1, { processingFees: [{ minLbs: 1, maxLbs: 5, fee: 10000 }] }).gct).toBe(97.5);
  });
});

describe('priceShipment: additional fees', () => {
  it('adds the unknown fee for an unknown package', () => {
    const charges = price(1, { flags: { unknown: true } });
    expect(charges.unknownFee).toBe(1000);
    expect(charges.total).toBe(977.5 + 1000);
  });

  it('adds the uncollected fee only after 15 days', () => {
    expect(price(1, { flags: { daysUncollected: 15 } }).uncollectedFee).toBe(0);
    expect(price(1, { flags: { daysUncollected: 16 } })).toMatchObject({ uncollectedFee: 500, total: 1477.5 });
  });

  it('adds the switching fee when the package changed location', () => {
    expect(price(1, { flags: { switchedLocation: true } })).toMatchObject({ switchingFee: 300, total: 1277.5 });
  });

  it('adds them all together, GCT still on freight only', () => {
    const charges = price(12, { flags: { unknown: true, daysUncollected: 30, switchedLocation: true } });
    expect(charges).toEqual({
      chargeableLbs: 12, freight: 4150, processingFee: 230, gct: 622.5, unknownFee: 1000, uncollectedFee: 500, switchingFee: 300, total: 6802.5,
    });
  });

  it('charges no GCT at 0%', () => {
    expect(price(3, { fees: { ...fees, gct: 0 } })).toMatchObject({ gct: 0, total: 1430 });
  });
});

describe('priceShipment: what it refuses', () => {
  it('throws a clear error when the courier has no active rates', () => {
    expect(() => price(1, { rates: [] })).toThrow('no active shipping rates');
    expect(() => price(1, { rates: rates.map((rate) => ({ ...rate, status: 'inactive' })) })).toThrow('no active shipping rates');
  });

  it('refuses a weight that is not positive', () => {
    for (const weight of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => price(weight)).toThrow('positive number');
  });

  it('refuses to guess a per-pound price above a single-rate table', () => {
    const single = [{ weightLbs: 1, cost: 650, status: 'active' }];
    expect(price(0.5, { rates: single }).freight).toBe(650);
    expect(() => price(2, { rates: single })).toThrow('single active rate');
  });
});

describe('priceShipment: coded errors', () => {
  it('names each refusal with a code and a kind the API turns into 400 or 422', () => {
    const refusal = (run: () => unknown) => { try { run(); } catch (error) { return error; } return null; };
    expect(refusal(() => price(0))).toMatchObject({ kind: 'invalid', code: 'pricing.invalid_weight', field: 'weight' });
    expect(refusal(() => price(1, { rates: [] }))).toMatchObject({ kind: 'unprocessable', code: 'pricing.no_active_rates' });
    expect(refusal(() => price(5, { rates: [{ weightLbs: 1, cost: 650, status: 'active' }] }))).toMatchObject({ kind: 'unprocessable', code: 'pricing.single_rate' });
    expect(refusal(() => price(0))).toBeInstanceOf(DomainError);
  });
});
