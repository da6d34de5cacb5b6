import { and, eq } from 'drizzle-orm';
import { toCents } from '@parceldesk/shared/domain/money';
import type { MembershipRate, PricingSnapshot, StorageRules } from '@parceldesk/shared/domain/pricing';
import { DEFAULT_STORAGE_RULES } from '@parceldesk/shared/schemas/pricing-settings';
import { MEMBERSHIP_TYPES } from '@parceldesk/shared/constants';
import { DEFAULT_GCT_PERCENT } from '@parceldesk/shared/constants';
import type { DbOrTx } from '../db/client';
import { courierFeeSettings, courierPricingSettings, couriers, membershipRates, processingFees, shippingRates } from '../db/schema/index';

/** A membership type the courier never edited: full price, processing fee charged. */
export const NO_MEMBERSHIP_DISCOUNT: MembershipRate = { freightDiscountPercent: 0, waiveProcessingFee: false };

/**
 * The courier's settings in force, as pricing needs them (all money in J$ cents): the active AIR
 * rates, the SEA rate, the processing fees, GCT and the fees of tab 2, the membership rates, the
 * exchange rate and the volumetric divisor. Read inside the caller's transaction, so an invoice is
 * priced from one consistent moment; `takenAt` says when. It lives in lib/ so any module (invoices,
 * the storage job, the customs calculator) may import it; modules/settings/pricing-snapshot.ts
 * re-exports it for the settings module.
 */
export async function loadPricingSnapshot(db: DbOrTx, courierId: string): Promise<PricingSnapshot> {
  const [rates, ranges, [fees], [settings], memberships, [courier]] = await Promise.all([
    db.select({ weightLbs: shippingRates.weightLbs, cost: shippingRates.cost }).from(shippingRates)
      .where(and(eq(shippingRates.courierId, courierId), eq(shippingRates.status, 'active'))),
    db.select({ minLbs: processingFees.minLbs, maxLbs: processingFees.maxLbs, fee: processingFees.fee }).from(processingFees)
      .where(eq(processingFees.courierId, courierId)),
    db.select().from(courierFeeSettings).where(eq(courierFeeSettings.courierId, courierId)).limit(1),
    db.select().from(courierPricingSettings).where(eq(courierPricingSettings.courierId, courierId)).limit(1),
    db.select().from(membershipRates).where(eq(membershipRates.courierId, courierId)),
    db.select({ divisor: couriers.volumetricDivisor }).from(couriers).where(eq(couriers.id, courierId)).limit(1),
  ]);
  const membershipRatesByType: Record<string, MembershipRate> = {};
  for (const type of MEMBERSHIP_TYPES) membershipRatesByType[type] = NO_MEMBERSHIP_DISCOUNT;
  for (const row of memberships) {
    membershipRatesByType[row.membershipType] = { freightDiscountPercent: row.freightDiscountPercent, waiveProcessingFee: row.waiveProcessingFee };
  }
  return {
    courierId,
    airRates: rates.map((rate) => ({ weightLbs: rate.weightLbs, cents: toCents(rate.cost) })),
    seaRatePerCubicFootCents: settings?.seaRatePerCubicFootCents ?? null,
    seaMinimumCents: settings?.seaMinimumCents ?? 0,
    processingFees: ranges.map((range) => ({ minLbs: range.minLbs, maxLbs: range.maxLbs, cents: toCents(range.fee) })),
    // A courier that never saved settings tab 2 bills GCT at the Jamaican standard rate and no extra fees.
    gctPercent: fees?.gct ?? DEFAULT_GCT_PERCENT,
    unknownFeeCents: toCents(fees?.unknownFee ?? 0),
    switchingFeeCents: toCents(fees?.switchingFee ?? 0),
    uncollectedFeeCents: toCents(fees?.uncollectedFee ?? 0),
    membershipRates: membershipRatesByType,
    exchangeRate: settings?.exchangeRateJmdCents && settings.exchangeRateSetOn
      ? { jmdCentsPerUsd: settings.exchangeRateJmdCents, setOn: settings.exchangeRateSetOn }
      : null,
    volumetricDivisor: courier?.divisor ?? 166,
    takenAt: new Date().toISOString(),
  };
}

/**
 * The courier's storage rules (uncollected threshold, reminder days, fee once or per day with its
 * cap, abandonment), for the storage job; the defaults of shared/domain.md until the courier saves
 * them. `storageFeeCents` in packages/shared/src/domain/pricing.ts applies them.
 */
export async function loadStorageRules(db: DbOrTx, courierId: string): Promise<StorageRules> {
  const [row] = await db.select({
    thresholdDays: courierPricingSettings.storageThresholdDays, reminderDays: courierPricingSettings.storageReminderDays,
    feeMode: courierPricingSettings.storageFeeMode, capCents: courierPricingSettings.storageFeeCapCents, abandonmentDays: courierPricingSettings.abandonmentDays,
  }).from(courierPricingSettings).where(eq(courierPricingSettings.courierId, courierId)).limit(1);
  return row ?? { ...DEFAULT_STORAGE_RULES, reminderDays: [...DEFAULT_STORAGE_RULES.reminderDays] };
}
