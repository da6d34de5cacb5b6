import { DomainError } from './domain-error';
import { divideHalfUp, formatMoney, percentOfCents, sumCents, type Cents } from './money';

/**
 * The single source of every charge on a parcel (issue 13 "Money"): `priceParcel(parcel, snapshot)`
 * takes the parcel and a snapshot of its courier's settings in force (the API loads it with
 * apps/api/src/modules/settings/pricing-snapshot.ts `loadPricingSnapshot`) and answers labelled
 * lines in integer J$ cents. Pricing throws a coded DomainError (`pricing.*`) when it cannot price:
 * the API answers 400 or 422, never a 500.
 *
 * The lines, in order, and how each is computed:
 * - freight: AIR from the active rate table by chargeable weight (below); SEA by cubic foot
 *   (L × W × H in ÷ 1,728) at the courier's per-cubic-foot rate, never below its minimum charge.
 * - membership_discount (negative): the customer's membership type's freight discount percent of
 *   freight. It applies to freight BEFORE GCT, so GCT is charged on the discounted freight.
 * - processing_fee: the fee of the range holding the chargeable weight (none when no range holds
 *   it); a 0 line saying "waived" when the membership type waives it.
 * - gct: GCT percent of (freight + discount), rounded half-up to the cent; on freight only (spec
 *   section 2 tab 2): never on the processing fee, the other fees or duty.
 * - unknown_fee, switching_fee: the courier's fees when the parcel is unknown / switched branch.
 * - storage_fee, delivery_fee, customs_duty: amounts worked out elsewhere (the storage job with
 *   `storageFeeCents`, the delivery request, the duty staff enter), carried as lines.
 * Zero-amount optional lines are left out; the total is the sum of the lines and never negative.
 */
export type ChargeCode =
  | 'freight' | 'membership_discount' | 'processing_fee' | 'gct' | 'unknown_fee' | 'switching_fee'
  | 'storage_fee' | 'delivery_fee' | 'customs_duty' | 'adjustment';

export interface ChargeLine {
  code: ChargeCode;
  /** What it is and how it was computed: "Freight AIR 7 lb", "Student discount 10% of freight". */
  description: string;
  /** J$ cents; only the membership discount (and an adjustment) may be negative. */
  amountCents: number;
}

export interface MembershipRate {
  /** 0 to 100, percent off freight. */
  freightDiscountPercent: number;
  waiveProcessingFee: boolean;
}

export interface AirRate {
  weightLbs: number;
  cents: Cents;
}

export interface ProcessingFeeRange {
  minLbs: number;
  maxLbs: number;
  cents: Cents;
}

/** Everything pricing needs from a courier's settings at one moment; all money in J$ cents. */
export interface PricingSnapshot {
  courierId: string;
  /** Active AIR rates only (inactive ones are left out when the snapshot is taken), any order. */
  airRates: AirRate[];
  /** SEA: J$ cents per cubic foot (null until the courier sets it) and the minimum charge. */
  seaRatePerCubicFootCents: Cents | null;
  seaMinimumCents: Cents;
  processingFees: ProcessingFeeRange[];
  /** Percent, freight only. */
  gctPercent: number;
  unknownFeeCents: Cents;
  switchingFeeCents: Cents;
  /** The uncollected fee of settings tab 2 (the storage job charges it; see storageFeeCents). */
  uncollectedFeeCents: Cents;
  /** Keyed by membership type (standard, student, bpo_employee, civil_servant). */
  membershipRates: Record<string, MembershipRate>;
  /** J$ cents per US$1 (15_650 is J$156.50) and the day it was set; null until the courier sets it. */
  exchangeRate: { jmdCentsPerUsd: number; setOn: string } | null;
  /** Volumetric weight = L × W × H (in) ÷ this. */
  volumetricDivisor: number;
  /** ISO timestamp of when the settings were read. */
  takenAt: string;
}

export interface PricedParcel {
  service: 'AIR' | 'SEA';
  weightLbs: number;
  lengthIn?: number | null;
  widthIn?: number | null;
  heightIn?: number | null;
  membershipType?: string | null;
  unknown?: boolean;
  switchedBranch?: boolean;
  storageFeeCents?: number;
  deliveryFeeCents?: number;
  customsDutyCents?: number;
}

export interface ParcelPrice {
  /** AIR: the rate step billed; SEA: the actual weight rounded up to the pound (for the processing fee). */
  chargeableLbs: number;
  /** SEA only: L × W × H ÷ 1,728, two decimals (the freight itself is computed exactly). */
  cubicFeet?: number;
  lines: ChargeLine[];
  totalCents: number;
}

export const CUBIC_INCHES_PER_CUBIC_FOOT = 1728;

// Weights and dimensions are handled in hundredths (of a pound, of an inch), so 0.1 + 0.2 never
// bills 0.30000000000000004.
const toHundredths = (value: number) => Math.round(value * 100);
const lbs = (hundredths: number) => hundredths / 100;

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
  const increment = Math.max(0, last.cents - previous.cents);
  const steps = Math.ceil((weight - last.hundredths) / step);
  return { chargeable: last.hundredths + steps * step, cents: last.cents + steps * increment };
}

/**
 * AIR freight. Chargeable weight is the greater of actual and volumetric weight (L × W × H ÷ the
 * snapshot's divisor), rounded up to the next listed rate step among the active rates. Above the
 * highest listed weight the table continues in steps of its last gap, at the increment of its last
 * two rows: a table ending 9 lb J$3,100, 10 lb J$3,450 prices 12 lb at 3,450 + 2 × 350.
 */
export function airFreight(weightHundredths: number, airRates: readonly AirRate[]): { chargeable: number; cents: number } {
  const rows: Step[] = airRates
    .map((rate) => ({ hundredths: toHundredths(rate.weightLbs), cents: Math.round(rate.cents) }))
    .sort((a, b) => a.hundredths - b.hundredths);
  if (rows.length === 0) throw new DomainError('unprocessable', 'pricing.no_active_rates', 'Cannot price a package: the courier has no active shipping rates');
  const listed = rows.find((row) => row.hundredths >= weightHundredths);
  return listed ? { chargeable: listed.hundredths, cents: listed.cents } : beyondTable(weightHundredths, rows);
}

function positive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function dimensionsOf(parcel: PricedParcel): [number, number, number] | null {
  const { lengthIn, widthIn, heightIn } = parcel;
  return positive(lengthIn) && positive(widthIn) && positive(heightIn) ? [toHundredths(lengthIn), toHundredths(widthIn), toHundredths(heightIn)] : null;
}

/** Hundredths of a pound, rounded up (a scale reading 2.001 lb already needs the next step). */
const weightUp = (pounds: number) => Math.ceil(pounds * 100 - 1e-6);

function seaFreight(parcel: PricedParcel, snapshot: PricingSnapshot) {
  const rate = snapshot.seaRatePerCubicFootCents;
  if (rate === null || !(rate > 0)) {
    throw new DomainError('unprocessable', 'pricing.no_sea_rate', 'Cannot price a SEA package: the courier has not set a sea rate per cubic foot (Settings, Rates)');
  }
  const dims = dimensionsOf(parcel);
  if (!dims) {
    throw new DomainError('invalid', 'pricing.sea_dimensions_required', 'Cannot price a SEA package without its length, width and height: sea freight is billed by cubic foot', 'dimensions');
  }
  // Dimensions in hundredths of an inch: volume in millionths of a cubic inch, exact in BigInt.
  const volume = BigInt(dims[0]) * BigInt(dims[1]) * BigInt(dims[2]);
  const perFoot = BigInt(CUBIC_INCHES_PER_CUBIC_FOOT) * 1_000_000n;
  const byVolume = divideHalfUp(volume * BigInt(rate), perFoot);
  const cubicFeet = divideHalfUp(volume * 100n, perFoot) / 100;
  const cents = Math.max(byVolume, Math.max(0, Math.round(snapshot.seaMinimumCents)));
  const minimumApplied = cents > byVolume;
  return { cubicFeet, cents, minimumApplied, rate };
}

function processingFee(chargeable: number, ranges: readonly ProcessingFeeRange[]): number {
  const range = [...ranges]
    .sort((a, b) => a.minLbs - b.minLbs)
    .find((fee) => toHundredths(fee.minLbs) <= chargeable && chargeable <= toHundredths(fee.maxLbs));
  return range ? Math.max(0, Math.round(range.cents)) : 0;
}

const MEMBERSHIP_NAMES: Record<string, string> = { standard: 'Standard', student: 'Student', bpo_employee: 'BPO Employee', civil_servant: 'Civil Servant' };
const membershipName = (type: string) => MEMBERSHIP_NAMES[type] ?? type;
const percentText = (percent: number) => `${Number(percent.toFixed(4))}%`;
const nonNegativeCents = (value: number | undefined) => (positive(value) ? Math.round(value) : 0);

export function priceParcel(parcel: PricedParcel, snapshot: PricingSnapshot): ParcelPrice {
  const { weightLbs } = parcel;
  if (!Number.isFinite(weightLbs) || weightLbs <= 0) {
    throw new DomainError('invalid', 'pricing.invalid_weight', `Cannot price a package weighing ${weightLbs} lb: the weight must be a positive number`, 'weight');
  }
  const lines: ChargeLine[] = [];
  const actual = weightUp(weightLbs);

  let freightCents: number;
  let chargeable: number;
  let cubicFeet: number | undefined;
  if (parcel.service === 'SEA') {
    const sea = seaFreight(parcel, snapshot);
    freightCents = sea.cents;
    cubicFeet = sea.cubicFeet;
    chargeable = Math.ceil(actual / 100) * 100;
    lines.push({
      code: 'freight', amountCents: freightCents,
      description: sea.minimumApplied
        ? `Freight SEA ${sea.cubicFeet} cu ft (minimum charge)`
        : `Freight SEA ${sea.cubicFeet} cu ft at ${formatMoney(sea.rate)}/cu ft`,
    });
  } else {
    const dims = dimensionsOf(parcel);
    const divisor = snapshot.volumetricDivisor > 0 ? snapshot.volumetricDivisor : 166;
    // Volumetric weight in hundredths of a pound, rounded up: never understated.
    const volumetric = dims ? Number((BigInt(dims[0]) * BigInt(dims[1]) * BigInt(dims[2]) + BigInt(divisor) * 10_000n - 1n) / (BigInt(divisor) * 10_000n)) : 0;
    const air = airFreight(Math.max(actual, volumetric), snapshot.airRates);
    freightCents = air.cents;
    chargeable = air.chargeable;
    lines.push({ code: 'freight', amountCents: freightCents, description: `Freight AIR ${lbs(chargeable)} lb${volumetric > actual ? ' (volumetric)' : ''}` });
  }

  const membershipType = parcel.membershipType ?? null;
  const membership = membershipType ? snapshot.membershipRates[membershipType] : undefined;
  let discountCents = 0;
  if (membershipType && membership && membership.freightDiscountPercent > 0) {
    const percent = Math.min(100, membership.freightDiscountPercent);
    discountCents = Math.min(freightCents, percentOfCents(freightCents, percent));
    if (discountCents > 0) {
      lines.push({ code: 'membership_discount', amountCents: -discountCents, description: `${membershipName(membershipType)} membership discount ${percentText(percent)} of freight` });
    }
  }

  const feeCents = processingFee(chargeable, snapshot.processingFees);
  if (feeCents > 0) {
    if (membershipType && membership?.waiveProcessingFee) {
      lines.push({ code: 'processing_fee', amountCents: 0, description: `Processing fee ${formatMoney(feeCents)} waived (${membershipName(membershipType)} membership)` });
    } else {
      lines.push({ code: 'processing_fee', amountCents: feeCents, description: `Processing fee (${lbs(chargeable)} lb)` });
    }
  }

  const taxable = freightCents - discountCents;
  const gctCents = percentOfCents(taxable, Math.max(0, snapshot.gctPercent));
  if (gctCents > 0) lines.push({ code: 'gct', amountCents: gctCents, description: `GCT ${percentText(snapshot.gctPercent)} of freight ${formatMoney(taxable)}` });

  if (parcel.unknown && snapshot.unknownFeeCents > 0) lines.push({ code: 'unknown_fee', amountCents: Math.round(snapshot.unknownFeeCents), description: 'Unknown package fee' });
  if (parcel.switchedBranch && snapshot.switchingFeeCents > 0) lines.push({ code: 'switching_fee', amountCents: Math.round(snapshot.switchingFeeCents), description: 'Branch switching fee' });
  const storage = nonNegativeCents(parcel.storageFeeCents);
  if (storage > 0) lines.push({ code: 'storage_fee', amountCents: storage, description: 'Storage fee (uncollected)' });
  const delivery = deliveryFeeLine(parcel.deliveryFeeCents);
  if (delivery) lines.push(delivery);
  const duty = nonNegativeCents(parcel.customsDutyCents);
  if (duty > 0) lines.push({ code: 'customs_duty', amountCents: duty, description: 'Customs duty (assessed)' });

  const totalCents = Math.max(0, sumCents(...lines.map((line) => line.amountCents)));
  return { chargeableLbs: lbs(chargeable), ...(cubicFeet === undefined ? {} : { cubicFeet }), lines, totalCents };
}

/**
 * The delivery fee as a charge line (issue 14): the line priceParcel adds for a parcel delivered,
 * and the one a delivery request puts on the invoice when it is scheduled; null when there is none.
 */
export function deliveryFeeLine(feeCents: number | undefined): ChargeLine | null {
  const delivery = nonNegativeCents(feeCents);
  return delivery > 0 ? { code: 'delivery_fee', amountCents: delivery, description: 'Delivery fee' } : null;
}

/** Storage/uncollected rules of a courier (stored now; the storage job applies them). */
export interface StorageRules {
  /** Parcels ready for pickup longer than this many days are uncollected (default 15). */
  thresholdDays: number;
  reminderDays: number[];
  /** once: the uncollected fee once when the threshold passes; per_day: that fee per day after it, up to the cap. */
  feeMode: 'once' | 'per_day';
  /** per_day only: the most charged in all, J$ cents (null: no cap). */
  capCents: number | null;
  abandonmentDays: number;
}

/**
 * The storage fee owed after `daysWaiting` days ready for pickup: nothing up to the threshold;
 * then the uncollected fee once, or per day past the threshold up to the cap.
 */
export function storageFeeCents(daysWaiting: number, rules: StorageRules, uncollectedFeeCents: Cents): Cents {
  const days = Math.floor(daysWaiting);
  if (!(days > rules.thresholdDays) || !(uncollectedFeeCents > 0)) return 0;
  if (rules.feeMode === 'once') return Math.round(uncollectedFeeCents);
  const owed = (days - rules.thresholdDays) * Math.round(uncollectedFeeCents);
  return rules.capCents === null ? owed : Math.min(owed, Math.max(0, rules.capCents));
}
