import { DomainError } from './domain-error';
import { divideHalfUp, formatMoney, percentOfCents, sumCents, type Cents } from './money';
import { priceParcel, type ChargeLine, type PricingSnapshot } from './pricing';

/**
 * The customs calculator's ESTIMATE (issue 13; shared/domain.md "Jamaican customs"). Pure: the
 * courier's customs settings and pricing snapshot come in, labelled lines come out. What it does:
 * 1. CIF in US$ = item value + shipping cost + insurance; insurance, when the customer does not
 *    give it, is 1 % (air) or 1.5 % (sea) of item value + shipping, rounded half-up to the cent.
 * 2. CIF in J$ = CIF US$ × the courier's exchange rate (J$ per US$), rounded half-up to the cent.
 * 3. De minimis: an item valued at or under US$100 (the item value, not CIF) pays no duty or
 *    customs taxes at all; above it, everything is charged on the FULL value, not the excess.
 * 4. Import duty = category duty % × CIF J$; SCF 0.3 % and ENVL 0.5 % of CIF J$; stamp duty J$100
 *    when CIF J$ is over J$5,500.
 * 5. GCT on imports = category GCT % (15 %; 25 % for phones and telecom) × (CIF + import duty +
 *    SCF + ENVL). The flat stamp duty is not part of that base.
 * 6. The courier's own charges (freight, membership discount, processing fee, GCT on freight)
 *    from `priceParcel` with the courier's settings.
 * Every percentage above is a courier setting with these defaults (CUSTOMS_DEFAULTS).
 */

export interface CustomsCategory {
  /** Stable key the calculator sends (`general`, `phones_telecom`). */
  code: string;
  name: string;
  dutyPercent: number;
  gctPercent: number;
}

export interface CustomsSettings {
  /** US$ cents: an item at or under it pays no customs charges (US$100 since 1 April 2024). */
  deMinimisUsdCents: Cents;
  scfPercent: number;
  envlPercent: number;
  /** J$ cents charged when CIF in J$ is over the threshold (J$100 over J$5,500). */
  stampDutyCents: Cents;
  stampDutyThresholdCents: Cents;
  /** The standard GCT on imports; each category carries its own (telecom 25 %). */
  gctPercent: number;
  insuranceAirPercent: number;
  insuranceSeaPercent: number;
  categories: CustomsCategory[];
}

export const DEFAULT_CUSTOMS_CATEGORIES: readonly CustomsCategory[] = [
  { code: 'general', name: 'General goods', dutyPercent: 20, gctPercent: 15 },
  { code: 'phones_telecom', name: 'Phones and telecom equipment', dutyPercent: 20, gctPercent: 25 },
];

export const CUSTOMS_DEFAULTS: CustomsSettings = {
  deMinimisUsdCents: 10_000,
  scfPercent: 0.3,
  envlPercent: 0.5,
  stampDutyCents: 10_000,
  stampDutyThresholdCents: 550_000,
  gctPercent: 15,
  insuranceAirPercent: 1,
  insuranceSeaPercent: 1.5,
  categories: DEFAULT_CUSTOMS_CATEGORIES.map((category) => ({ ...category })),
};

export interface CustomsEstimateInput {
  /** US$ cents. */
  itemValueUsdCents: Cents;
  /** US$ cents: what the seller charged to ship it (the F of CIF). */
  shippingCostUsdCents: Cents;
  /** US$ cents when the customer knows it; otherwise the air/sea percentage. */
  insuranceUsdCents?: Cents | null;
  weightLbs: number;
  service: 'AIR' | 'SEA';
  lengthIn?: number | null;
  widthIn?: number | null;
  heightIn?: number | null;
  categoryCode: string;
  membershipType?: string | null;
}

export type EstimateLineCode =
  | 'item_value' | 'shipping_cost' | 'insurance' | 'cif_usd' | 'cif_jmd'
  | 'import_duty' | 'scf' | 'envl' | 'stamp_duty' | 'customs_gct';

export interface EstimateLine {
  code: EstimateLineCode;
  /** What it is and how it was computed: "Import duty 20% of CIF". */
  label: string;
  amountCents: Cents;
  currency: 'USD' | 'JMD';
}

export interface CustomsEstimate {
  category: CustomsCategory;
  exchangeRate: { jmdCentsPerUsd: number; setOn: string };
  /** True when the item is at or under the de minimis: no customs charges. */
  deMinimis: boolean;
  deMinimisUsdCents: Cents;
  /** How CIF was built (US$ lines, then CIF in J$). */
  valuation: EstimateLine[];
  /** Customs charges in J$ (all 0 lines left out under the de minimis). */
  customs: EstimateLine[];
  customsTotalCents: Cents;
  /** The courier's charges from its own settings (priceParcel). */
  courier: ChargeLine[];
  courierTotalCents: Cents;
  chargeableLbs: number;
  /** Customs + courier, J$ cents. */
  totalCents: Cents;
}

const pct = (percent: number) => `${Number(percent.toFixed(4))}%`;

export function estimateCustoms(input: CustomsEstimateInput, settings: CustomsSettings, snapshot: PricingSnapshot): CustomsEstimate {
  const category = settings.categories.find((candidate) => candidate.code === input.categoryCode);
  if (!category) throw new DomainError('invalid', 'customs.unknown_category', 'Choose one of the listed categories', 'category');
  if (!snapshot.exchangeRate) {
    throw new DomainError('unprocessable', 'customs.no_exchange_rate', 'This courier has not set its exchange rate yet, so an estimate in J$ is not possible');
  }
  for (const [field, value] of [['itemValue', input.itemValueUsdCents], ['shippingCost', input.shippingCostUsdCents]] as const) {
    if (!Number.isInteger(value) || value < 0) throw new DomainError('invalid', 'customs.invalid_amount', 'Amounts must be 0 or more, in dollars and cents', field);
  }
  const rate = snapshot.exchangeRate.jmdCentsPerUsd;

  const item = input.itemValueUsdCents;
  const shipping = input.shippingCostUsdCents;
  const insurancePercent = input.service === 'SEA' ? settings.insuranceSeaPercent : settings.insuranceAirPercent;
  const declared = input.insuranceUsdCents !== null && input.insuranceUsdCents !== undefined;
  const insurance = declared ? Math.max(0, Math.round(input.insuranceUsdCents ?? 0)) : percentOfCents(item + shipping, insurancePercent);
  const cifUsd = sumCents(item, shipping, insurance);
  const cifJmd = divideHalfUp(BigInt(cifUsd) * BigInt(rate), 100);

  const valuation: EstimateLine[] = [
    { code: 'item_value', label: 'Item value', amountCents: item, currency: 'USD' },
    { code: 'shipping_cost', label: 'Shipping cost', amountCents: shipping, currency: 'USD' },
    {
      code: 'insurance', currency: 'USD', amountCents: insurance,
      label: declared ? 'Insurance (as given)' : `Insurance ${pct(insurancePercent)} of item value + shipping (${input.service === 'SEA' ? 'sea' : 'air'})`,
    },
    { code: 'cif_usd', label: 'CIF (cost + insurance + freight)', amountCents: cifUsd, currency: 'USD' },
    { code: 'cif_jmd', label: `CIF in J$ at ${formatMoney(rate)} per US$1`, amountCents: cifJmd, currency: 'JMD' },
  ];

  const deMinimis = item <= settings.deMinimisUsdCents;
  const customs: EstimateLine[] = [];
  if (!deMinimis) {
    const duty = percentOfCents(cifJmd, category.dutyPercent);
    const scf = percentOfCents(cifJmd, settings.scfPercent);
    const envl = percentOfCents(cifJmd, settings.envlPercent);
    const stamp = cifJmd > settings.stampDutyThresholdCents ? settings.stampDutyCents : 0;
    const gctBase = sumCents(cifJmd, duty, scf, envl);
    const gct = percentOfCents(gctBase, category.gctPercent);
    customs.push(
      { code: 'import_duty', label: `Import duty ${pct(category.dutyPercent)} of CIF (${category.name})`, amountCents: duty, currency: 'JMD' },
      { code: 'scf', label: `Standard compliance fee (SCF) ${pct(settings.scfPercent)} of CIF`, amountCents: scf, currency: 'JMD' },
      { code: 'envl', label: `Environmental levy (ENVL) ${pct(settings.envlPercent)} of CIF`, amountCents: envl, currency: 'JMD' },
      {
        code: 'stamp_duty', currency: 'JMD', amountCents: stamp,
        label: stamp > 0 ? `Customs stamp duty (CIF over ${formatMoney(settings.stampDutyThresholdCents)})` : `Customs stamp duty (none: CIF not over ${formatMoney(settings.stampDutyThresholdCents)})`,
      },
      { code: 'customs_gct', label: `GCT on imports ${pct(category.gctPercent)} of CIF + duty + SCF + ENVL (${formatMoney(gctBase)})`, amountCents: gct, currency: 'JMD' },
    );
  }
  const customsTotalCents = sumCents(...customs.map((line) => line.amountCents));

  const priced = priceParcel({
    service: input.service, weightLbs: input.weightLbs, lengthIn: input.lengthIn, widthIn: input.widthIn, heightIn: input.heightIn, membershipType: input.membershipType,
  }, snapshot);

  return {
    category,
    exchangeRate: snapshot.exchangeRate,
    deMinimis,
    deMinimisUsdCents: settings.deMinimisUsdCents,
    valuation,
    customs,
    customsTotalCents,
    courier: priced.lines,
    courierTotalCents: priced.totalCents,
    chargeableLbs: priced.chargeableLbs,
    totalCents: customsTotalCents + priced.totalCents,
  };
}
