import { eq } from 'drizzle-orm';
import { MEMBERSHIP_LABELS, MEMBERSHIP_TYPES } from '@parceldesk/shared/constants';
import type { CustomsSettings } from '@parceldesk/shared/domain/customs';
import {
  categoryCode, DEFAULT_CUSTOMS_SETTINGS, DEFAULT_PRICING_SETTINGS, DEFAULT_STORAGE_RULES, PRICING_MSG,
  type CustomsSettingsInput, type MembershipRatesInput, type MembershipRateView, type PricingSettingsInput, type StorageRulesInput,
} from '@parceldesk/shared/schemas/pricing-settings';
import type { DbOrTx } from '../../db/client';
import { courierPricingSettings, membershipRates } from '../../db/schema/index';
import { auditAction } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';
import type { SettingsActor } from './settings-context';

/**
 * Issue 13 settings, one row per courier in courier_pricing_settings (migration 0010) and one per
 * edited membership type in membership_rates. A courier without a row reads the defaults of
 * shared/domain.md. Every save is audited with what changed (before/after).
 */
type PricingRow = typeof courierPricingSettings.$inferSelect;

async function rowOf(db: DbOrTx, courierId: string, lock = false): Promise<PricingRow | undefined> {
  const query = db.select().from(courierPricingSettings).where(eq(courierPricingSettings.courierId, courierId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Creates the courier's row (with the column defaults) if missing, and locks it for this transaction. */
async function lockedRow(db: DbOrTx, courierId: string): Promise<PricingRow> {
  await db.insert(courierPricingSettings).values({ courierId }).onConflictDoNothing();
  const row = await rowOf(db, courierId, true);
  if (!row) throw new Error('pricing settings row missing after insert');
  return row;
}

export const pricingOf = (row: PricingRow | undefined): PricingSettingsInput => (row ? {
  exchangeRateCents: row.exchangeRateJmdCents, exchangeRateSetOn: row.exchangeRateSetOn, seaRatePerCubicFootCents: row.seaRatePerCubicFootCents, seaMinimumCents: row.seaMinimumCents,
} : DEFAULT_PRICING_SETTINGS);

export const storageOf = (row: PricingRow | undefined): StorageRulesInput => (row ? {
  thresholdDays: row.storageThresholdDays, reminderDays: row.storageReminderDays, feeMode: row.storageFeeMode, capCents: row.storageFeeCapCents, abandonmentDays: row.abandonmentDays,
} : DEFAULT_STORAGE_RULES);

export const customsOf = (row: PricingRow | undefined): CustomsSettings => (row ? {
  deMinimisUsdCents: row.customsDeMinimisUsdCents,
  scfPercent: row.customsScfPercent,
  envlPercent: row.customsEnvlPercent,
  stampDutyCents: row.customsStampDutyCents,
  stampDutyThresholdCents: row.customsStampDutyThresholdCents,
  gctPercent: row.customsGctPercent,
  insuranceAirPercent: row.customsInsuranceAirPercent,
  insuranceSeaPercent: row.customsInsuranceSeaPercent,
  categories: row.customsCategories ?? DEFAULT_CUSTOMS_SETTINGS.categories,
} : DEFAULT_CUSTOMS_SETTINGS);

export const getPricingSettings = async (db: DbOrTx, courierId: string) => pricingOf(await rowOf(db, courierId));
export const getStorageRules = async (db: DbOrTx, courierId: string) => storageOf(await rowOf(db, courierId));
export const getCustomsSettings = async (db: DbOrTx, courierId: string) => customsOf(await rowOf(db, courierId));

export async function updatePricingSettings(db: DbOrTx, options: { actor: SettingsActor; input: PricingSettingsInput }): Promise<PricingSettingsInput> {
  const { actor, input } = options;
  const courierId = actor.scope.courierId;
  const before = pricingOf(await lockedRow(db, courierId));
  const [row] = await db.update(courierPricingSettings).set({
    exchangeRateJmdCents: input.exchangeRateCents, exchangeRateSetOn: input.exchangeRateSetOn,
    seaRatePerCubicFootCents: input.seaRatePerCubicFootCents, seaMinimumCents: input.seaMinimumCents, updatedAt: new Date(),
  }).where(eq(courierPricingSettings.courierId, courierId)).returning();
  const after = pricingOf(row);
  await auditAction(db, actor, { courierId, action: 'settings.pricing_updated', targetType: 'courier', targetId: courierId, details: { before, after } });
  return after;
}

export async function updateStorageRules(db: DbOrTx, options: { actor: SettingsActor; input: StorageRulesInput }): Promise<StorageRulesInput> {
  const { actor, input } = options;
  const courierId = actor.scope.courierId;
  const before = storageOf(await lockedRow(db, courierId));
  const [row] = await db.update(courierPricingSettings).set({
    storageThresholdDays: input.thresholdDays, storageReminderDays: input.reminderDays, storageFeeMode: input.feeMode,
    storageFeeCapCents: input.capCents, abandonmentDays: input.abandonmentDays, updatedAt: new Date(),
  }).where(eq(courierPricingSettings.courierId, courierId)).returning();
  const after = storageOf(row);
  await auditAction(db, actor, { courierId, action: 'settings.storage_rules_updated', targetType: 'courier', targetId: courierId, details: { before, after } });
  return after;
}

/** Keeps an existing category's code; a new one gets a code from its name, made unique. */
function withCodes(categories: CustomsSettingsInput['categories'], previous: CustomsSettings['categories']) {
  const used = new Set<string>();
  return categories.map((category) => {
    const kept = category.code && previous.some((old) => old.code === category.code) ? category.code : undefined;
    let code = kept ?? categoryCode(category.name);
    for (let n = 2; used.has(code); n += 1) code = `${categoryCode(category.name).slice(0, 36)}_${n}`;
    used.add(code);
    return { code, name: category.name.trim(), dutyPercent: category.dutyPercent, gctPercent: category.gctPercent };
  });
}

export async function updateCustomsSettings(db: DbOrTx, options: { actor: SettingsActor; input: CustomsSettingsInput }): Promise<CustomsSettings> {
  const { actor, input } = options;
  const courierId = actor.scope.courierId;
  const before = customsOf(await lockedRow(db, courierId));
  const categories = withCodes(input.categories, before.categories);
  const [row] = await db.update(courierPricingSettings).set({
    customsDeMinimisUsdCents: input.deMinimisUsdCents, customsScfPercent: input.scfPercent, customsEnvlPercent: input.envlPercent,
    customsStampDutyCents: input.stampDutyCents, customsStampDutyThresholdCents: input.stampDutyThresholdCents, customsGctPercent: input.gctPercent,
    customsInsuranceAirPercent: input.insuranceAirPercent, customsInsuranceSeaPercent: input.insuranceSeaPercent, customsCategories: categories, updatedAt: new Date(),
  }).where(eq(courierPricingSettings.courierId, courierId)).returning();
  const after = customsOf(row);
  await auditAction(db, actor, { courierId, action: 'settings.customs_updated', targetType: 'courier', targetId: courierId, details: { before, after } });
  return after;
}

export async function getMembershipRates(db: DbOrTx, courierId: string): Promise<MembershipRateView[]> {
  const rows = await db.select().from(membershipRates).where(eq(membershipRates.courierId, courierId));
  return MEMBERSHIP_TYPES.map((type) => {
    const row = rows.find((candidate) => candidate.membershipType === type);
    return { membershipType: type, label: MEMBERSHIP_LABELS[type], freightDiscountPercent: row?.freightDiscountPercent ?? 0, waiveProcessingFee: row?.waiveProcessingFee ?? false };
  });
}

export async function updateMembershipRates(db: DbOrTx, options: { actor: SettingsActor; input: MembershipRatesInput }): Promise<MembershipRateView[]> {
  const { actor, input } = options;
  const courierId = actor.scope.courierId;
  if (new Set(input.rates.map((rate) => rate.membershipType)).size !== input.rates.length) throw badRequest(PRICING_MSG.membershipTypes);
  const before = await getMembershipRates(db, courierId);
  for (const rate of input.rates) {
    const values = { freightDiscountPercent: rate.freightDiscountPercent, waiveProcessingFee: rate.waiveProcessingFee };
    await db.insert(membershipRates).values({ courierId, membershipType: rate.membershipType, ...values })
      .onConflictDoUpdate({ target: [membershipRates.courierId, membershipRates.membershipType], set: { ...values, updatedAt: new Date() } });
  }
  const after = await getMembershipRates(db, courierId);
  const changed = after.filter((rate) => {
    const old = before.find((candidate) => candidate.membershipType === rate.membershipType);
    return old?.freightDiscountPercent !== rate.freightDiscountPercent || old.waiveProcessingFee !== rate.waiveProcessingFee;
  }).map((rate) => rate.membershipType);
  await auditAction(db, actor, { courierId, action: 'settings.membership_rates_updated', targetType: 'courier', targetId: courierId, details: { changed, before, after } });
  return after;
}
