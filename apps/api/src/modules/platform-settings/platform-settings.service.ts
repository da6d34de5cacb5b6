import { eq } from 'drizzle-orm';
import type { PlatformSettings, PlatformSettingsView } from '@parceldesk/shared/schemas/platform-settings';
import type { DbOrTx, Tx } from '../../db/client';
import { platformSettings } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { platformRow, senderAddress, toPlatformSettings, type PlatformRow } from '../../lib/platform-defaults';

function view(row: PlatformRow, mailFrom: string): PlatformSettingsView {
  const settings = toPlatformSettings(row);
  return { ...settings, effectiveFrom: senderAddress(settings.sender, mailFrom), updatedAt: row.updatedAt.toISOString() };
}

export async function getPlatformSettings(db: DbOrTx, mailFrom: string): Promise<PlatformSettingsView> {
  return view(await platformRow(db), mailFrom);
}

/**
 * PUT /platform/settings: replaces the defaults new couriers start with and the platform's sender,
 * audited with what changed. Couriers that exist keep their own values (decision 023).
 */
export async function savePlatformSettings(tx: Tx, input: { actor: Actor; settings: PlatformSettings; mailFrom: string }): Promise<PlatformSettingsView> {
  const { actor, settings, mailFrom } = input;
  const [locked] = await tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update');
  if (!locked) throw new Error('platform_settings has no row: migration 0019 inserts it');
  const before = toPlatformSettings(locked);
  const [row] = await tx.update(platformSettings).set({
    gct: settings.fees.gct, unknownFee: settings.fees.unknownFee, uncollectedFee: settings.fees.uncollectedFee, switchingFee: settings.fees.switchingFee,
    volumetricDivisor: settings.volumetricDivisor,
    storageThresholdDays: settings.storageRules.thresholdDays, storageReminderDays: settings.storageRules.reminderDays,
    storageFeeMode: settings.storageRules.feeMode, storageFeeCapCents: settings.storageRules.capCents, abandonmentDays: settings.storageRules.abandonmentDays,
    ticketDepartments: settings.ticketDepartments,
    membershipRates: settings.membershipRates,
    senderName: settings.sender.name, senderEmail: settings.sender.email,
    updatedAt: new Date(),
  }).where(eq(platformSettings.id, 1)).returning();
  if (!row) throw new Error('platform_settings update returned nothing');
  const after = toPlatformSettings(row);
  const changed = (Object.keys(after) as (keyof PlatformSettings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  await auditAction(tx, actor, {
    courierId: null, action: 'platform.settings_updated', targetType: 'platform_settings', targetId: undefined,
    details: { changed, before: pick(before, changed), after: pick(after, changed) },
  });
  return view(row, mailFrom);
}

const pick = (settings: PlatformSettings, keys: (keyof PlatformSettings)[]) => Object.fromEntries(keys.map((key) => [key, settings[key]]));
