import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../constants';
import { CUSTOMS_DEFAULTS } from '../domain/customs';
import { fromCents, toCents } from '../domain/money';

/**
 * Issue 13 settings: the exchange rate and SEA rate (Rates tab), storage rules, customs settings
 * and membership rates. All money is integer cents (J$ cents; the de minimis in US$ cents); the
 * forms convert typed dollars with toCents. Defaults from shared/domain.md.
 */
export const PRICING_MSG = {
  pricingUpdated: 'Pricing settings updated successfully!',
  pricingFailed: 'Failed to update pricing settings',
  storageUpdated: 'Storage rules updated successfully!',
  storageFailed: 'Failed to update storage rules',
  customsUpdated: 'Customs settings updated successfully!',
  customsFailed: 'Failed to update customs settings',
  membershipUpdated: 'Membership rates updated successfully!',
  membershipFailed: 'Failed to update membership rates',
  cents: 'Enter an amount of 0 or more with at most 2 decimals',
  centsPositive: 'Enter an amount above 0 with at most 2 decimals',
  exchangeRate: 'Enter the exchange rate in J$ per US$1, above 0, such as 156.50',
  exchangeRateDate: 'Enter the date the exchange rate was set (YYYY-MM-DD), not in the future',
  exchangeRatePair: 'Enter the exchange rate and the date it was set together',
  percent: 'Enter a percentage from 0 to 100 with at most 4 decimals',
  days: 'Enter a whole number of days from 1 to 365',
  reminderDays: 'Reminder days must be whole numbers from 1 to 365, at most 5 of them',
  abandonmentAfterThreshold: 'The abandonment period must be longer than the uncollected threshold',
  categoryName: 'Each category needs a name (at most 80 characters)',
  categoriesRequired: 'Keep at least one customs category',
  categoryDuplicate: 'Two categories have the same name',
  membershipTypes: 'Give the rates of each membership type once',
} as const;

const MAX_CENTS = 1_000_000_000;
const centsSchema = z.number({ error: PRICING_MSG.cents }).int(PRICING_MSG.cents).min(0, PRICING_MSG.cents).max(MAX_CENTS, PRICING_MSG.cents);
const positiveCents = z.number({ error: PRICING_MSG.centsPositive }).int(PRICING_MSG.centsPositive).min(1, PRICING_MSG.centsPositive).max(MAX_CENTS, PRICING_MSG.centsPositive);
export const percentSchema = z.number({ error: PRICING_MSG.percent }).min(0, PRICING_MSG.percent).max(100, PRICING_MSG.percent)
  .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, PRICING_MSG.percent);
const daysSchema = z.number({ error: PRICING_MSG.days }).int(PRICING_MSG.days).min(1, PRICING_MSG.days).max(365, PRICING_MSG.days);
const isoDate = z.string({ error: PRICING_MSG.exchangeRateDate }).regex(/^\d{4}-\d{2}-\d{2}$/, PRICING_MSG.exchangeRateDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), PRICING_MSG.exchangeRateDate)
  // A day ahead of UTC is allowed: Jamaica is behind UTC, never ahead.
  .refine((value) => Date.parse(`${value}T00:00:00Z`) <= Date.now() + 86_400_000, PRICING_MSG.exchangeRateDate);

/** Rates tab: the exchange rate (J$ cents per US$1) with the day it was set, and SEA by cubic foot. */
export const pricingSettingsSchema = z.object({
  exchangeRateCents: positiveCents.nullable().describe('J$ cents per US$1 (15650 is J$156.50); null: not set'),
  exchangeRateSetOn: isoDate.nullable().describe('The day the exchange rate was set (YYYY-MM-DD)'),
  seaRatePerCubicFootCents: positiveCents.nullable().describe('J$ cents per cubic foot (L × W × H in ÷ 1,728); null: SEA cannot be priced'),
  seaMinimumCents: centsSchema.describe('The least a SEA package is charged for freight, J$ cents'),
}).superRefine((value, ctx) => {
  if ((value.exchangeRateCents === null) !== (value.exchangeRateSetOn === null)) {
    ctx.addIssue({ code: 'custom', message: PRICING_MSG.exchangeRatePair, path: ['exchangeRateSetOn'] });
  }
});
export type PricingSettingsInput = z.infer<typeof pricingSettingsSchema>;
export const DEFAULT_PRICING_SETTINGS: PricingSettingsInput = { exchangeRateCents: null, exchangeRateSetOn: null, seaRatePerCubicFootCents: null, seaMinimumCents: 0 };

/** Uncollected parcels: stored now for the storage job (issue 13 "Uncollected parcels"). */
export const storageRulesSchema = z.object({
  thresholdDays: daysSchema.describe('Ready for pickup longer than this is uncollected (default 15)'),
  reminderDays: z.array(daysSchema, { error: PRICING_MSG.reminderDays }).max(5, PRICING_MSG.reminderDays)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)).describe('Reminder emails at these days waiting (default 7 and 14)'),
  feeMode: z.enum(['once', 'per_day'], { error: "Fee mode must be 'once' or 'per_day'" }),
  capCents: centsSchema.nullable().describe('per_day only (ignored, saved as null, when once): the most charged in all, J$ cents; null: no cap'),
  abandonmentDays: daysSchema.describe('After this many days (and a final notice) the parcel is abandoned (default 60)'),
}).superRefine((value, ctx) => {
  if (value.abandonmentDays <= value.thresholdDays) ctx.addIssue({ code: 'custom', message: PRICING_MSG.abandonmentAfterThreshold, path: ['abandonmentDays'] });
}).transform((value) => (value.feeMode === 'once' ? { ...value, capCents: null } : value));
export type StorageRulesInput = z.output<typeof storageRulesSchema>;
export const DEFAULT_STORAGE_RULES: StorageRulesInput = { thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once', capCents: null, abandonmentDays: 60 };

export const customsCategorySchema = z.object({
  code: z.string().trim().regex(/^[a-z0-9_]{1,40}$/, 'Category codes are lower-case letters, digits and _').optional()
    .describe('Kept for an existing category; made from the name for a new one'),
  name: z.string({ error: PRICING_MSG.categoryName }).trim().min(1, PRICING_MSG.categoryName).max(80, PRICING_MSG.categoryName),
  dutyPercent: percentSchema,
  gctPercent: percentSchema,
});

/** The code of a category named `name` ("Phones and telecom" → phones_and_telecom). */
export function categoryCode(name: string): string {
  const code = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  return code || 'category';
}

export const customsSettingsSchema = z.object({
  deMinimisUsdCents: centsSchema.describe('US$ cents; at or under it no customs charges (default US$100)'),
  scfPercent: percentSchema,
  envlPercent: percentSchema,
  stampDutyCents: centsSchema,
  stampDutyThresholdCents: centsSchema,
  gctPercent: percentSchema,
  insuranceAirPercent: percentSchema,
  insuranceSeaPercent: percentSchema,
  categories: z.array(customsCategorySchema).min(1, PRICING_MSG.categoriesRequired).max(50),
}).superRefine((value, ctx) => {
  const names = value.categories.map((category) => category.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: PRICING_MSG.categoryDuplicate, path: ['categories'] });
});
export type CustomsSettingsInput = z.input<typeof customsSettingsSchema>;

export const customsCategoryViewSchema = z.object({ code: z.string(), name: z.string(), dutyPercent: z.number(), gctPercent: z.number() });
export const customsSettingsViewSchema = z.object({
  deMinimisUsdCents: z.number().int(),
  scfPercent: z.number(),
  envlPercent: z.number(),
  stampDutyCents: z.number().int(),
  stampDutyThresholdCents: z.number().int(),
  gctPercent: z.number(),
  insuranceAirPercent: z.number(),
  insuranceSeaPercent: z.number(),
  categories: z.array(customsCategoryViewSchema),
});
export const DEFAULT_CUSTOMS_SETTINGS = CUSTOMS_DEFAULTS;

export const membershipTypeSchema = z.enum(MEMBERSHIP_TYPES, { error: 'Unknown membership type' });
export const membershipRateSchema = z.object({
  membershipType: membershipTypeSchema,
  freightDiscountPercent: z.number({ error: 'Enter a discount from 0 to 100 %' }).min(0, 'Enter a discount from 0 to 100 %').max(100, 'Enter a discount from 0 to 100 %')
    .multipleOf(0.01, 'Use at most 2 decimals'),
  waiveProcessingFee: z.boolean(),
});
export const membershipRatesSchema = z.object({
  rates: z.array(membershipRateSchema).min(1, PRICING_MSG.membershipTypes).max(MEMBERSHIP_TYPES.length, PRICING_MSG.membershipTypes)
    .refine((rates) => new Set(rates.map((rate) => rate.membershipType)).size === rates.length, PRICING_MSG.membershipTypes),
});
export type MembershipRatesInput = z.infer<typeof membershipRatesSchema>;

// Responses.
const exchangeRateViewSchema = z.object({ jmdCentsPerUsd: z.number().int(), setOn: z.string() }).nullable();
export const pricingSettingsViewSchema = z.object({
  exchangeRateCents: z.number().int().nullable(),
  exchangeRateSetOn: z.string().nullable(),
  seaRatePerCubicFootCents: z.number().int().nullable(),
  seaMinimumCents: z.number().int(),
});
export const pricingSettingsResponseSchema = pricingSettingsViewSchema.extend({ success: z.literal(true) });
export const pricingSettingsSavedSchema = pricingSettingsResponseSchema.extend({ message: z.string() });
export const storageRulesViewSchema = z.object({
  thresholdDays: z.number().int(), reminderDays: z.array(z.number().int()), feeMode: z.enum(['once', 'per_day']), capCents: z.number().int().nullable(), abandonmentDays: z.number().int(),
});
export const storageRulesResponseSchema = storageRulesViewSchema.extend({ success: z.literal(true) });
export const storageRulesSavedSchema = storageRulesResponseSchema.extend({ message: z.string() });
export const customsSettingsResponseSchema = customsSettingsViewSchema.extend({ success: z.literal(true) });
export const customsSettingsSavedSchema = customsSettingsResponseSchema.extend({ message: z.string() });
export const membershipRateViewSchema = z.object({ membershipType: membershipTypeSchema, label: z.string(), freightDiscountPercent: z.number(), waiveProcessingFee: z.boolean() });
export const membershipRatesResponseSchema = z.object({ success: z.literal(true), rates: z.array(membershipRateViewSchema) });
export const membershipRatesSavedSchema = membershipRatesResponseSchema.extend({ message: z.string() });
export type MembershipRateView = z.infer<typeof membershipRateViewSchema>;

/** What the calculator form needs before it asks: the categories, the exchange rate and the thresholds. */
export const customsOptionsSchema = z.object({
  categories: z.array(customsCategoryViewSchema),
  exchangeRate: exchangeRateViewSchema,
  deMinimisUsdCents: z.number().int(),
  insuranceAirPercent: z.number(),
  insuranceSeaPercent: z.number(),
});

// The estimate (GET /customs/estimate).
const CUSTOMS_Q = {
  amount: 'must be an amount in cents: a whole number from 0 to 100,000,000',
  weight: 'Weight must be a number of pounds above 0 and at most 10,000',
  dimension: 'Dimensions must be numbers of inches above 0 and at most 1,000',
  service: "Service must be 'AIR' or 'SEA'",
  category: 'Choose a category',
} as const;
const centsParam = (name: string) => z.coerce.number({ error: `${name} ${CUSTOMS_Q.amount}` }).int(`${name} ${CUSTOMS_Q.amount}`)
  .min(0, `${name} ${CUSTOMS_Q.amount}`).max(100_000_000, `${name} ${CUSTOMS_Q.amount}`);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
const dimension = optional(z.coerce.number({ error: CUSTOMS_Q.dimension }).gt(0, CUSTOMS_Q.dimension).max(1000, CUSTOMS_Q.dimension));

export const customsEstimateQuerySchema = z.object({
  itemValueCents: centsParam('itemValueCents (US$)'),
  shippingCostCents: optional(centsParam('shippingCostCents (US$)')).describe('US$ cents; empty is 0'),
  insuranceCents: optional(centsParam('insuranceCents (US$)')).describe('US$ cents; empty: 1 % air / 1.5 % sea of cost + shipping'),
  weightLbs: z.coerce.number({ error: CUSTOMS_Q.weight }).gt(0, CUSTOMS_Q.weight).max(10_000, CUSTOMS_Q.weight),
  service: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(['AIR', 'SEA'], { error: CUSTOMS_Q.service })),
  category: z.string({ error: CUSTOMS_Q.category }).trim().min(1, CUSTOMS_Q.category).max(40, CUSTOMS_Q.category),
  lengthIn: dimension,
  widthIn: dimension,
  heightIn: dimension,
});

const estimateLineSchema = z.object({ code: z.string(), label: z.string(), amountCents: z.number().int(), currency: z.enum(['USD', 'JMD']) });
const chargeLineSchema = z.object({ code: z.string(), description: z.string(), amountCents: z.number().int() });
export const customsEstimateSchema = z.object({
  estimate: z.literal(true).describe('Always true: these figures are an estimate, not a customs assessment'),
  category: customsCategoryViewSchema,
  exchangeRate: z.object({ jmdCentsPerUsd: z.number().int(), setOn: z.string() }),
  deMinimis: z.boolean(),
  deMinimisUsdCents: z.number().int(),
  valuation: z.array(estimateLineSchema),
  customs: z.array(estimateLineSchema),
  customsTotalCents: z.number().int(),
  courier: z.array(chargeLineSchema),
  courierTotalCents: z.number().int(),
  chargeableLbs: z.number(),
  totalCents: z.number().int(),
});
export type CustomsEstimateView = z.infer<typeof customsEstimateSchema>;

// ---------------------------------------------------------------------------------------------
// Forms: people type dollars; the forms convert to cents (toCents) before sending.

const dollars = (message: string) => z.number({ error: message }).finite(message).min(0, message).max(1_000_000, message).multipleOf(0.01, 'Use at most 2 decimals');
const optionalDollars = (message: string) => dollars(message).optional();
const inches = z.number({ error: 'Dimensions must be more than 0 in' }).gt(0, 'Dimensions must be more than 0 in').max(1000, 'Each dimension must be at most 1,000 in').optional();

export const CALCULATOR_MSG = {
  itemValue: 'Enter the item value in US$ (0 or more)',
  shippingCost: 'Enter the shipping cost in US$ (0 or more), or leave it empty',
  insurance: 'Enter the insurance in US$ (0 or more), or leave it empty',
  weight: 'Enter the weight in pounds (more than 0, at most 10,000)',
  category: 'Choose a category',
  seaDimensions: 'Sea freight is charged by cubic foot: enter length, width and height',
  disclaimer: 'This is an estimate, not a customs assessment. Jamaica Customs decides the actual duty and taxes when your package arrives.',
} as const;

export const customsCalculatorFormSchema = z.object({
  itemValue: dollars(CALCULATOR_MSG.itemValue),
  shippingCost: optionalDollars(CALCULATOR_MSG.shippingCost),
  insurance: optionalDollars(CALCULATOR_MSG.insurance),
  weight: z.number({ error: CALCULATOR_MSG.weight }).gt(0, CALCULATOR_MSG.weight).max(10_000, CALCULATOR_MSG.weight),
  service: z.enum(['AIR', 'SEA']),
  category: z.string({ error: CALCULATOR_MSG.category }).min(1, CALCULATOR_MSG.category),
  length: inches,
  width: inches,
  height: inches,
}).superRefine((value, ctx) => {
  if (value.service !== 'SEA') return;
  for (const key of ['length', 'width', 'height'] as const) {
    if (value[key] === undefined) ctx.addIssue({ code: 'custom', message: CALCULATOR_MSG.seaDimensions, path: [key] });
  }
});
export type CustomsCalculatorForm = z.infer<typeof customsCalculatorFormSchema>;

export const RATES_FORM_MSG = {
  exchangeRate: 'Enter J$ per US$1 above 0, such as 156.50, or leave it empty',
  seaRate: 'Enter the J$ rate per cubic foot above 0, or leave it empty',
  seaMinimum: 'Enter the minimum charge in J$ (0 or more)',
} as const;

/** Rates tab, "Exchange rate and sea freight": dollars in the form, cents to the API. */
export const pricingSettingsFormSchema = z.object({
  exchangeRate: z.number({ error: RATES_FORM_MSG.exchangeRate }).gt(0, RATES_FORM_MSG.exchangeRate).max(1_000_000, RATES_FORM_MSG.exchangeRate).multipleOf(0.01, 'Use at most 2 decimals').optional(),
  exchangeRateSetOn: z.string().optional(),
  seaRate: z.number({ error: RATES_FORM_MSG.seaRate }).gt(0, RATES_FORM_MSG.seaRate).max(1_000_000, RATES_FORM_MSG.seaRate).multipleOf(0.01, 'Use at most 2 decimals').optional(),
  seaMinimum: dollars(RATES_FORM_MSG.seaMinimum),
}).superRefine((value, ctx) => {
  if (value.exchangeRate !== undefined && !value.exchangeRateSetOn) ctx.addIssue({ code: 'custom', message: PRICING_MSG.exchangeRateDate, path: ['exchangeRateSetOn'] });
});
export type PricingSettingsForm = z.infer<typeof pricingSettingsFormSchema>;

/** Additional Fees tab, "Storage rules": days and the cap typed in J$. */
export const storageRulesFormSchema = z.object({
  thresholdDays: daysSchema,
  reminderDays: z.string().trim().refine((text) => text === '' || /^\d{1,3}(\s*,\s*\d{1,3}){0,4}$/.test(text), 'List up to 5 days separated by commas, such as 7, 14'),
  feeMode: z.enum(['once', 'per_day']),
  cap: dollars('Enter the cap in J$ (0 or more), or leave it empty').optional(),
  abandonmentDays: daysSchema,
}).superRefine((value, ctx) => {
  if (value.abandonmentDays <= value.thresholdDays) ctx.addIssue({ code: 'custom', message: PRICING_MSG.abandonmentAfterThreshold, path: ['abandonmentDays'] });
  const days = value.reminderDays === '' ? [] : value.reminderDays.split(',').map((day) => Number(day.trim()));
  if (days.some((day) => day < 1 || day > 365)) ctx.addIssue({ code: 'custom', message: PRICING_MSG.reminderDays, path: ['reminderDays'] });
});
export type StorageRulesForm = z.infer<typeof storageRulesFormSchema>;

/** Saved storage rules as the form shows them: reminder days as "7, 14", the cap in J$ (courier and platform settings). */
export const storageRulesToForm = (saved: StorageRulesInput): StorageRulesForm => ({
  thresholdDays: saved.thresholdDays,
  reminderDays: saved.reminderDays.join(', '),
  feeMode: saved.feeMode,
  cap: saved.capCents === null ? undefined : fromCents(saved.capCents),
  abandonmentDays: saved.abandonmentDays,
});

/** The form's storage rules as the API takes them: reminder days sorted without repeats, the cap in cents (per-day fees only). */
export const storageRulesFromForm = (form: StorageRulesForm): StorageRulesInput => ({
  thresholdDays: form.thresholdDays,
  reminderDays: form.reminderDays.trim() === '' ? [] : [...new Set(form.reminderDays.split(',').map((day) => Number(day.trim())))].sort((a, b) => a - b),
  feeMode: form.feeMode,
  capCents: form.feeMode === 'per_day' && form.cap !== undefined ? toCents(form.cap) : null,
  abandonmentDays: form.abandonmentDays,
});

/** Additional Fees tab, "Customs calculator": US$ and J$ typed, percentages as numbers. */
export const customsSettingsFormSchema = z.object({
  deMinimis: dollars('Enter the de minimis in US$ (0 or more)'),
  scfPercent: percentSchema,
  envlPercent: percentSchema,
  stampDuty: dollars('Enter the stamp duty in J$ (0 or more)'),
  stampDutyThreshold: dollars('Enter the CIF threshold in J$ (0 or more)'),
  gctPercent: percentSchema,
  insuranceAirPercent: percentSchema,
  insuranceSeaPercent: percentSchema,
  categories: z.array(customsCategorySchema).min(1, PRICING_MSG.categoriesRequired).max(50),
}).superRefine((value, ctx) => {
  const names = value.categories.map((category) => category.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: PRICING_MSG.categoryDuplicate, path: ['categories', 'root'] });
});
export type CustomsSettingsForm = z.infer<typeof customsSettingsFormSchema>;
