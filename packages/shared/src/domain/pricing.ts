import { UNCOLLECTED_AFTER_DAYS } from '../constants';
import { DomainError } from './domain-error';
import { fromCents, percentOfCents, sumCents, toCents } from './money';

/**
 * Pricing throws a coded DomainError (`pricing.*`) when it cannot price: the API answers 400 or
 * 422, never a 500. A package's charges from its courier's settings (issue 4, spec section 2 tabs 1 to 3).
 * Later issues bill packages with it; the settings screens only feed it.
 */
export interface PricingRate {
  weightLbs: number;
  cost: number;
  /** 'active' / 'ACTIVE' count; anything else is ignored. */
  status: string;
}

export interface PricingProcessingFee {
  minLbs: number;
  maxLbs: number;
  fee: number;
}

export interface PricingFees {
  /** Percent, applied to freight only (spec section 2, tab 2). */
  gct: number;
  unknownFee: number;
  uncollectedFee: number;
  switchingFee: number;
}

export interface PricingFlags {
  unknown?: boolean;
  daysUncollected?: number;
  switchedLocation?: boolean;
}

export interface PriceShipmentInput {
  weightLbs: number;
  rates: readonly PricingRate[];
  processingFees: readonly PricingProcessingFee[];
  fees: PricingFees;
  flags?: PricingFlags;
}

export interface ShipmentCharges {
  chargeableLbs: number;
  freight: number;
  processingFee: number;
  gct: number;
  unknownFee: number;
  uncollectedFee: number;
  switchingFee: number;
  total: number;
}

// Weights are handled in hundredths of a pound and money in cents (./money), so 0.1 + 0.2 never bills 0.30000000000000004.
const toHundredths = (value: number) => Math.round(value * 100);

interface Step {
  hundredths: number;
  cents: number;
}

/** Freight for a weight above the table: the last two rows give the step and the per-pound increment. */
function beyondTable(weight: number, rows: Step[]): { chargeable: number; cents: number } {
  const last = rows[rows.length - 1];
  // The row before the last weight (a hand-made table may list one weight twice).
  const previous = rows.findLast((row) => row.hundredths < (last?.hundredths ?? 0));
  if (!last || !previous) {
    // One active rate cannot tell us how the price grows; guessing a per-pound figure would bill
    // customers money nobody configured, so pricing refuses until a second rate exists.
    throw new DomainError('unprocessable', 'pricing.single_rate',
      `Cannot price ${weight / 100} lb: the rate table has a single active rate (${(last?.hundredths ?? 0) / 100} lb), add another rate to price heavier packages`);
  }
  const step = last.hundredths - previous.hundredths;
  // A table whose last row is cheaper than the one before would otherwise charge less for heavier
  // packages, down to negative freight; the price then stays flat instead.
  const centsPerHundredth = Math.max(0, (last.cents - previous.cents) / step);
  const chargeable = last.hundredths + Math.ceil((weight - last.hundredths) / step) * step;
  return { chargeable, cents: Math.round(last.cents + (chargeable - last.hundredths) * centsPerHundredth) };
}

/**
 * Chargeable weight is the actual weight rounded up to the next listed rate step among the ACTIVE
 * rates. Above the highest listed weight the table continues in steps of its last gap, at the
 * per-pound increment of its last two rows: a table ending 9 lb J$3,100, 10 lb J$3,450 prices
 * 12 lb at 3,450 + 2 × 350. The processing fee is the one whose range holds the chargeable weight
 * (0 when none does); GCT is a percentage of freight only; the unknown, uncollected (after
 * UNCOLLECTED_AFTER_DAYS) and switching fees apply when their flag says so.
 */
export function priceShipment(input: PriceShipmentInput): ShipmentCharges {
  const { weightLbs, fees } = input;
  const flags = input.flags ?? {};
  if (!Number.isFinite(weightLbs) || weightLbs <= 0) {
    throw new DomainError('invalid', 'pricing.invalid_weight', `Cannot price a package weighing ${weightLbs} lb: the weight must be a positive number`, 'weight');
  }

  const rows: Step[] = input.rates
    .filter((rate) => rate.status.toLowerCase() === 'active')
    .map((rate) => ({ hundredths: toHundredths(rate.weightLbs), cents: toCents(rate.cost) }))
    .sort((a, b) => a.hundredths - b.hundredths);
  if (rows.length === 0) throw new DomainError('unprocessable', 'pricing.no_active_rates', 'Cannot price a package: the courier has no active shipping rates');

  // Anything beyond two decimals (a scale reading 2.001 lb) already needs the next step up.
  const weight = Math.ceil(weightLbs * 100 - 1e-6);
  const listed = rows.find((row) => row.hundredths >= weight);
  const { chargeable, cents: freightCents } = listed ? { chargeable: listed.hundredths, cents: listed.cents } : beyondTable(weight, rows);

  const range = [...input.processingFees]
    .sort((a, b) => a.minLbs - b.minLbs)
    .find((fee) => toHundredths(fee.minLbs) <= chargeable && chargeable <= toHundredths(fee.maxLbs));
  const processingCents = range ? toCents(range.fee) : 0;
  const gctCents = percentOfCents(freightCents, fees.gct);
  const unknownCents = flags.unknown ? toCents(fees.unknownFee) : 0;
  const uncollectedCents = (flags.daysUncollected ?? 0) > UNCOLLECTED_AFTER_DAYS ? toCents(fees.uncollectedFee) : 0;
  const switchingCents = flags.switchedLocation ? toCents(fees.switchingFee) : 0;

  return {
    chargeableLbs: chargeable / 100,
    freight: fromCents(freightCents),
    processingFee: fromCents(processingCents),
    gct: fromCents(gctCents),
    unknownFee: fromCents(unknownCents),
    uncollectedFee: fromCents(uncollectedCents),
    switchingFee: fromCents(switchingCents),
    total: fromCents(sumCents(freightCents, processingCents, gctCents, unknownCents, uncollectedCents, switchingCents)),
  };
}
