import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOfCents } from './money';
import { priceParcel, type PricedParcel, type PricingSnapshot } from './pricing';

/**
 * Properties every price must keep, whatever the parcel and the courier's settings (issue 13):
 * the total is the sum of the lines; GCT is the rounded GCT % of freight (after the membership
 * discount, which applies before GCT); only the discount line is negative and the total never is;
 * a heavier AIR parcel (or a bigger SEA one) never costs less.
 */

const cents = (max: number) => fc.integer({ min: 0, max });
const hundredths = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((value) => value / 100);

/** A rate table that rises with weight (what couriers configure), 2 to 15 rows of whole or half pounds. */
const risingTable = fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), cents(200_000)), { minLength: 2, maxLength: 15 }).map((rows) => {
  let weight = 0;
  let price = 0;
  return rows.map(([halfPounds, increment]) => {
    weight += halfPounds / 2;
    price += increment;
    return { weightLbs: weight, cents: price };
  });
});

const snapshotArb: fc.Arbitrary<PricingSnapshot> = fc.record({
  courierId: fc.constant('c'),
  airRates: risingTable,
  seaRatePerCubicFootCents: fc.integer({ min: 1, max: 500_000 }),
  seaMinimumCents: cents(1_000_000),
  processingFees: fc.constant([{ minLbs: 0, maxLbs: 10_000, cents: 23_000 }]),
  gctPercent: hundredths(0, 100).map((value) => Math.round(value * 10) / 10),
  unknownFeeCents: cents(500_000),
  switchingFeeCents: cents(500_000),
  uncollectedFeeCents: cents(500_000),
  membershipRates: fc.record({
    standard: fc.constant({ freightDiscountPercent: 0, waiveProcessingFee: false }),
    student: fc.record({ freightDiscountPercent: hundredths(0, 100), waiveProcessingFee: fc.boolean() }),
  }),
  exchangeRate: fc.constant(null),
  volumetricDivisor: fc.constantFrom(139, 166, 200),
  takenAt: fc.constant(''),
});

const parcelArb: fc.Arbitrary<PricedParcel> = fc.record({
  service: fc.constantFrom<'AIR' | 'SEA'>('AIR', 'SEA'),
  weightLbs: hundredths(0.01, 500),
  lengthIn: hundredths(0.5, 120),
  widthIn: hundredths(0.5, 120),
  heightIn: hundredths(0.5, 120),
  membershipType: fc.constantFrom('standard', 'student', null),
  unknown: fc.boolean(),
  switchedBranch: fc.boolean(),
  storageFeeCents: cents(1_000_000),
  deliveryFeeCents: cents(1_000_000),
  customsDutyCents: cents(10_000_000),
});

const line = (price: ReturnType<typeof priceParcel>, code: string) => price.lines.find((candidate) => candidate.code === code)?.amountCents ?? 0;

describe('priceParcel properties', () => {
  it('total = sum of the lines, and it is never negative', () => {
    fc.assert(fc.property(parcelArb, snapshotArb, (parcel, snapshot) => {
      const price = priceParcel(parcel, snapshot);
      expect(price.totalCents).toBe(price.lines.reduce((sum, item) => sum + item.amountCents, 0));
      expect(price.totalCents).toBeGreaterThanOrEqual(0);
      for (const item of price.lines) expect(Number.isInteger(item.amountCents)).toBe(true);
    }), { numRuns: 500 });
  });

  it('nothing is negative but the membership discount, which never exceeds freight', () => {
    fc.assert(fc.property(parcelArb, snapshotArb, (parcel, snapshot) => {
      const price = priceParcel(parcel, snapshot);
      for (const item of price.lines) {
        if (item.code === 'membership_discount') expect(item.amountCents).toBeLessThan(0);
        else expect(item.amountCents).toBeGreaterThanOrEqual(0);
      }
      expect(-line(price, 'membership_discount')).toBeLessThanOrEqual(line(price, 'freight'));
    }), { numRuns: 500 });
  });

  it('GCT = round(GCT % × freight) (freight after the membership discount), on nothing else', () => {
    fc.assert(fc.property(parcelArb, snapshotArb, (parcel, snapshot) => {
      const price = priceParcel(parcel, snapshot);
      const freight = line(price, 'freight') + line(price, 'membership_discount');
      // Independently, in whole numbers: GCT % has one decimal, so freight × tenths ÷ 1000, half-up.
      const tenths = Math.round(snapshot.gctPercent * 10);
      expect(line(price, 'gct')).toBe(Math.floor((2 * freight * tenths + 1000) / 2000));
      expect(line(price, 'gct')).toBe(percentOfCents(freight, snapshot.gctPercent));
      if (parcel.membershipType !== 'student') expect(line(price, 'gct')).toBe(percentOfCents(line(price, 'freight'), snapshot.gctPercent));
    }), { numRuns: 500 });
  });

  it('AIR: a heavier parcel never costs less (freight and total)', () => {
    fc.assert(fc.property(parcelArb, snapshotArb, hundredths(0, 100), (parcel, snapshot, extra) => {
      const air = { ...parcel, service: 'AIR' as const };
      const light = priceParcel(air, snapshot);
      const heavy = priceParcel({ ...air, weightLbs: air.weightLbs + extra }, snapshot);
      expect(line(heavy, 'freight')).toBeGreaterThanOrEqual(line(light, 'freight'));
      expect(heavy.totalCents).toBeGreaterThanOrEqual(light.totalCents);
      expect(heavy.chargeableLbs).toBeGreaterThanOrEqual(light.chargeableLbs);
    }), { numRuns: 500 });
  });

  it('SEA: a heavier or bigger parcel never costs less', () => {
    fc.assert(fc.property(parcelArb, snapshotArb, hundredths(0, 100), hundredths(0, 50), (parcel, snapshot, extraLbs, extraIn) => {
      const sea = { ...parcel, service: 'SEA' as const };
      const base = priceParcel(sea, snapshot);
      const heavier = priceParcel({ ...sea, weightLbs: sea.weightLbs + extraLbs }, snapshot);
      const bigger = priceParcel({ ...sea, lengthIn: (sea.lengthIn ?? 0) + extraIn }, snapshot);
      expect(heavier.totalCents).toBeGreaterThanOrEqual(base.totalCents);
      expect(line(bigger, 'freight')).toBeGreaterThanOrEqual(line(base, 'freight'));
      expect(bigger.totalCents).toBeGreaterThanOrEqual(base.totalCents);
    }), { numRuns: 500 });
  });
});
