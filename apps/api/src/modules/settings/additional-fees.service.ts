import { eq } from 'drizzle-orm';
import { DEFAULT_GCT_PERCENT } from '@parceldesk/shared/constants';
import { namedFees, type AdditionalFeesInput, type AdditionalFeesView } from '@parceldesk/shared/schemas/settings';
import type { DbOrTx } from '../../db/client';
import { courierFeeSettings } from '../../db/schema/index';
import { auditAction } from '../../lib/actor';
import type { SettingsActor, SettingsScope } from './settings-context';

/** A courier that never saved tab 2 bills GCT at the Jamaican standard rate and no extra fees. */
export const DEFAULT_ADDITIONAL_FEES: AdditionalFeesInput = { gct: DEFAULT_GCT_PERCENT, unknownFee: 0, uncollectedFee: 0, switchingFee: 0 };

const view = (fees: AdditionalFeesInput): AdditionalFeesView => ({ ...fees, fees: namedFees(fees) });

export async function storedFees(db: DbOrTx, courierId: string): Promise<AdditionalFeesInput> {
  // courier_fee_settings is keyed by the courier itself, so the scope's courier id is the whole WHERE.
  const [row] = await db.select().from(courierFeeSettings).where(eq(courierFeeSettings.courierId, courierId)).limit(1);
  if (!row) return DEFAULT_ADDITIONAL_FEES;
  return { gct: row.gct, unknownFee: row.unknownFee, uncollectedFee: row.uncollectedFee, switchingFee: row.switchingFee };
}

export async function getAdditionalFees(db: DbOrTx, scope: SettingsScope): Promise<AdditionalFeesView> {
  return view(await storedFees(db, scope.courierId));
}

export async function updateAdditionalFees(db: DbOrTx, options: { actor: SettingsActor; input: AdditionalFeesInput }): Promise<AdditionalFeesView> {
  const { actor, input } = options;
  const courierId = actor.scope.courierId;
  const before = await storedFees(db, courierId);
  const values = { gct: input.gct, unknownFee: input.unknownFee, uncollectedFee: input.uncollectedFee, switchingFee: input.switchingFee };
  const [row] = await db.insert(courierFeeSettings)
    .values({ courierId, ...values })
    .onConflictDoUpdate({ target: courierFeeSettings.courierId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('fee settings upsert returned nothing');
  const after = { gct: row.gct, unknownFee: row.unknownFee, uncollectedFee: row.uncollectedFee, switchingFee: row.switchingFee };
  await auditAction(db, actor, { courierId: actor.scope.courierId, action: 'settings.fees_updated', targetType: 'courier', targetId: courierId, details: { before, after } });
  return view(after);
}
