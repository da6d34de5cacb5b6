import { eq } from 'drizzle-orm';
import type { PlatformSettings } from '@parceldesk/shared/schemas/platform-settings';
import type { DbOrTx } from '../db/client';
import { courierFeeSettings, courierPricingSettings, membershipRates, platformSettings, ticketDepartments } from '../db/schema/index';

export type PlatformRow = typeof platformSettings.$inferSelect;

/** The one platform settings row (migration 0019 inserts it; nothing deletes it). */
export async function platformRow(db: DbOrTx): Promise<PlatformRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1);
  if (!row) throw new Error('platform_settings has no row: migration 0019 inserts it');
  return row;
}

export function toPlatformSettings(row: PlatformRow): PlatformSettings {
  return {
    fees: { gct: row.gct, unknownFee: row.unknownFee, uncollectedFee: row.uncollectedFee, switchingFee: row.switchingFee },
    volumetricDivisor: row.volumetricDivisor,
    storageRules: {
      thresholdDays: row.storageThresholdDays, reminderDays: row.storageReminderDays, feeMode: row.storageFeeMode,
      capCents: row.storageFeeCapCents, abandonmentDays: row.abandonmentDays,
    },
    ticketDepartments: row.ticketDepartments,
    membershipRates: row.membershipRates,
    sender: { name: row.senderName, email: row.senderEmail },
  };
}

/** The sender the platform's own email goes out from: the saved one, else the server's MAIL_FROM. */
export function senderAddress(sender: { name: string | null; email: string | null }, mailFrom: string): string {
  if (!sender.name || !sender.email) return mailFrom;
  return `"${sender.name.replace(/["\\\r\n]/g, '')}" <${sender.email}>`;
}

/** The From of the outbox worker's platform transport, read once per batch so a change applies to the next email. */
export async function platformSender(db: DbOrTx, mailFrom: string): Promise<string> {
  const [row] = await db.select({ name: platformSettings.senderName, email: platformSettings.senderEmail }).from(platformSettings).where(eq(platformSettings.id, 1)).limit(1);
  return row ? senderAddress(row, mailFrom) : mailFrom;
}

export async function loadPlatformSettings(db: DbOrTx): Promise<PlatformSettings> {
  return toPlatformSettings(await platformRow(db));
}

/**
 * Gives a courier just created (couriers/createCourier, which sets the divisor on its row) its own copy of the platform defaults
 * (decision 023): fees and GCT, volumetric divisor, storage rules, ticket departments and
 * membership rates become the courier's rows, so a later change of the defaults reaches only
 * couriers created after it, and the courier's admin edits its own values from the start.
 */
export async function seedCourierDefaults(tx: DbOrTx, courierId: string, defaults: PlatformSettings): Promise<void> {
  const { fees, storageRules } = defaults;
  await tx.insert(courierFeeSettings).values({ courierId, ...fees });
  await tx.insert(courierPricingSettings).values({
    courierId, storageThresholdDays: storageRules.thresholdDays, storageReminderDays: storageRules.reminderDays,
    storageFeeMode: storageRules.feeMode, storageFeeCapCents: storageRules.capCents, abandonmentDays: storageRules.abandonmentDays,
  });
  await tx.insert(ticketDepartments).values(defaults.ticketDepartments.map((name, position) => ({ courierId, name, position })));
  await tx.insert(membershipRates).values(defaults.membershipRates.map((rate) => ({ courierId, ...rate })));
}
