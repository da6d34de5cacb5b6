import { asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parseWeightRange, rangesOverlap } from '@parceldesk/shared/weights';
import {
  rangeOverlapMessage, SETTINGS_MSG, type processingFeeSchema, type ProcessingFeeView,
} from '@parceldesk/shared/schemas/settings';
import type { DbOrTx } from '../../db/client';
import { processingFees } from '../../db/schema/index';
import { badRequest, conflict } from '../../lib/app-error';
import { findInScope, tenantWhere } from '../../lib/tenant-scope';
import { auditAction } from '../../lib/actor';
import type { SettingsActor, SettingsScope } from './settings-context';

type ProcessingFeeRow = typeof processingFees.$inferSelect;
type ProcessingFeeValues = z.output<typeof processingFeeSchema>;

export function processingFeeView(row: ProcessingFeeRow): ProcessingFeeView {
  return {
    id: row.id,
    weightRange: row.weightRange,
    minLbs: row.minLbs,
    maxLbs: row.maxLbs,
    fee: row.fee,
    createdAt: row.createdAt.toISOString(),
  };
}

function boundsOf(weightRange: string) {
  const bounds = parseWeightRange(weightRange);
  if (!bounds) throw badRequest(SETTINGS_MSG.weightRangeInvalid, { weightRange: SETTINGS_MSG.weightRangeInvalid });
  return bounds;
}

/**
 * Refuses a range that shares any weight with another of the courier's ranges (bounds are
 * inclusive, so '1lb to 10lbs' and '10lbs to 20lbs' overlap at 10 lb: a package there would have
 * two fees). Called under the courier's lock so two concurrent saves cannot both pass.
 */
async function assertNoOverlap(tx: DbOrTx, scope: SettingsScope, bounds: { min: number; max: number }, exceptId?: string) {
  const others = await tx.select().from(processingFees)
    .where(tenantWhere(processingFees, scope, exceptId ? ne(processingFees.id, exceptId) : undefined))
    .orderBy(asc(processingFees.minLbs));
  const clash = others.find((other) => rangesOverlap(bounds, { min: other.minLbs, max: other.maxLbs }));
  if (clash) {
    const message = rangeOverlapMessage(clash.weightRange);
    throw conflict(message, { weightRange: message });
  }
}

/** Serialises processing-fee writes of one courier for the rest of the transaction. */
async function lockCourierFees(tx: DbOrTx, courierId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`processing_fees:${courierId}`}, 0))`);
}

export async function listProcessingFees(db: DbOrTx, scope: SettingsScope): Promise<ProcessingFeeView[]> {
  const rows = await db.select().from(processingFees)
    .where(tenantWhere(processingFees, scope))
    .orderBy(asc(processingFees.minLbs));
  return rows.map(processingFeeView);
}

export async function createProcessingFee(db: DbOrTx, options: { actor: SettingsActor; input: ProcessingFeeValues }): Promise<ProcessingFeeView> {
  const { actor, input } = options;
  const bounds = boundsOf(input.weightRange);
  await lockCourierFees(db, actor.scope.courierId);
  await assertNoOverlap(db, actor.scope, bounds);
  const [row] = await db.insert(processingFees).values({
    courierId: actor.scope.courierId, weightRange: input.weightRange, minLbs: bounds.min, maxLbs: bounds.max, fee: input.fee,
  }).returning();
  if (!row) throw new Error('processing fee insert returned nothing');
  await auditAction(db, actor, { courierId: actor.scope.courierId, action: 'settings.processing_fee_created', targetType: 'processing_fee', targetId: row.id, details: { weightRange: row.weightRange, fee: row.fee } });
  return processingFeeView(row);
}

export async function updateProcessingFee(db: DbOrTx, options: { actor: SettingsActor; id: string; input: ProcessingFeeValues }): Promise<ProcessingFeeView> {
  const { actor, id, input } = options;
  const bounds = boundsOf(input.weightRange);
  const before = await findInScope(db, processingFees, actor.scope, id);
  await lockCourierFees(db, actor.scope.courierId);
  await assertNoOverlap(db, actor.scope, bounds, before.id);
  const [row] = await db.update(processingFees)
    .set({ weightRange: input.weightRange, minLbs: bounds.min, maxLbs: bounds.max, fee: input.fee, updatedAt: new Date() })
    .where(tenantWhere(processingFees, actor.scope, eq(processingFees.id, before.id)))
    .returning();
  if (!row) throw new Error('processing fee vanished during its update');
  await auditAction(db, actor, { courierId: actor.scope.courierId, action: 'settings.processing_fee_updated', targetType: 'processing_fee', targetId: row.id, details: {
    before: { weightRange: before.weightRange, fee: before.fee },
    after: { weightRange: row.weightRange, fee: row.fee },
  } });
  return processingFeeView(row);
}

export async function deleteProcessingFee(db: DbOrTx, options: { actor: SettingsActor; id: string }): Promise<void> {
  const { actor, id } = options;
  const fee = await findInScope(db, processingFees, actor.scope, id);
  await db.delete(processingFees).where(tenantWhere(processingFees, actor.scope, eq(processingFees.id, fee.id)));
  await auditAction(db, actor, { courierId: actor.scope.courierId, action: 'settings.processing_fee_deleted', targetType: 'processing_fee', targetId: fee.id, details: { weightRange: fee.weightRange, fee: fee.fee } });
}
