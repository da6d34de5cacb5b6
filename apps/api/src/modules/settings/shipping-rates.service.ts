import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parseWeight } from '@parceldesk/shared/weights';
import { SETTINGS_MSG, type shippingRateSchema, type ShippingRateView } from '@parceldesk/shared/schemas/settings';
import type { DbOrTx } from '../../db/client';
import { shippingRates } from '../../db/schema/index';
import { badRequest, conflict } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findInScope, tenantWhere } from '../../lib/tenant-scope';
import { auditAction } from '../../lib/actor';
import type { SettingsActor, SettingsScope } from './settings-context';

type ShippingRateRow = typeof shippingRates.$inferSelect;
/** What shippingRateSchema gives after parsing: weight trimmed, status lower-case and defaulted. */
type ShippingRateValues = z.output<typeof shippingRateSchema>;

const WEIGHT_KEY = 'shipping_rates_courier_weight_key';
const duplicateWeight = () => conflict(SETTINGS_MSG.rateDuplicate, { weight: SETTINGS_MSG.rateDuplicate });

/** The table shows status upper-cased (spec section 2, tab 1); it is stored lower-case. */
export function shippingRateView(row: ShippingRateRow): ShippingRateView {
  return {
    id: row.id,
    weight: row.weight,
    weight_lbs: row.weightLbs,
    cost: row.cost,
    status: row.status === 'active' ? 'ACTIVE' : 'INACTIVE',
    createdAt: row.createdAt.toISOString(),
  };
}

function weightLbsOf(weight: string): number {
  const pounds = parseWeight(weight);
  if (pounds === null) throw badRequest(SETTINGS_MSG.weightInvalid, { weight: SETTINGS_MSG.weightInvalid });
  return pounds;
}

export async function listShippingRates(db: DbOrTx, scope: SettingsScope): Promise<ShippingRateView[]> {
  const rows = await db.select().from(shippingRates)
    .where(tenantWhere(shippingRates, scope))
    .orderBy(asc(shippingRates.weightLbs));
  return rows.map(shippingRateView);
}

export async function createShippingRate(db: DbOrTx, options: { actor: SettingsActor; input: ShippingRateValues }): Promise<ShippingRateView> {
  const { actor, input } = options;
  const weightLbs = weightLbsOf(input.weight);
  const [row] = await db.insert(shippingRates)
    .values({ courierId: actor.scope.courierId, weight: input.weight, weightLbs, cost: input.cost, status: input.status })
    .onConflictDoNothing({ target: [shippingRates.courierId, shippingRates.weightLbs] })
    .returning();
  if (!row) throw duplicateWeight();
  await auditAction(db, actor, { courierId: actor.scope.courierId, action: 'settings.rate_created', targetType: 'shipping_rate', targetId: row.id, details: { weight: row.weight, weightLbs, cost: row.cost, status: row.status } });
  return shippingRateView(row);
}

export async function updateShippingRate(db: DbOrTx, options: { actor: SettingsActor; id: string; input: ShippingRateValues }): Promise<ShippingRateView> {
  const { actor, id, input } = options;
  const weightLbs = weightLbsOf(input.weight);
  try {
    const before = await findInScope(db, shippingRates, actor.scope, id);
    const [row] = await db.update(shippingRates)
      .set({ weight: input.weight, weightLbs, cost: input.cost, status: input.status, updatedAt: new Date() })
      .where(tenantWhere(shippingRates, actor.scope, eq(shippingRates.id, before.id)))
      .returning();
    if (!row) throw new Error('shipping rate vanished during its update');
    await auditAction(db, actor, { courierId: actor.scope.courierId, action: 'settings.rate_updated', targetType: 'shipping_rate', targetId: row.id, details: {
      before: { weight: before.weight, cost: before.cost, status: before.status },
      after: { weight: row.weight, cost: row.cost, status: row.status },
    } });
    return shippingRateView(row);
  } catch (error) {
    // Moving a rate onto a weight the courier already prices.
    if (isUniqueViolation(error, WEIGHT_KEY)) throw duplicateWeight();
    throw error;
  }
}

export async function deleteShippingRate(db: DbOrTx, options: { actor: SettingsActor; id: string }): Promise<void> {
  const { actor, id } = options;
  const rate = await findInScope(db, shippingRates, actor.scope, id);
  await db.delete(shippingRates).where(tenantWhere(shippingRates, actor.scope, eq(shippingRates.id, rate.id)));
  await auditAction(db, actor, { courierId: actor.scope.courierId, action: 'settings.rate_deleted', targetType: 'shipping_rate', targetId: rate.id, details: { weight: rate.weight, cost: rate.cost, status: rate.status } });
}

export interface ParsedRateRow {
  weight: string;
  weightLbs: number;
  cost: number;
}

/**
 * The bulk upload's write (issue 4: all-or-nothing per file): call it inside the caller's
 * transaction with rows already validated. A weight the courier already prices updates that rate's
 * text and cost (its status is kept); a new weight creates an ACTIVE rate. When a file repeats a
 * weight, its last row wins and the earlier ones count as updated, so created + updated equals
 * rows.length. The caller writes the audit row.
 */
export async function upsertShippingRates(tx: DbOrTx, courierId: string, rows: readonly ParsedRateRow[]): Promise<{ created: number; updated: number }> {
  const byWeight = new Map<number, ParsedRateRow>();
  for (const row of rows) byWeight.set(row.weightLbs, row);
  const unique = [...byWeight.values()];
  if (unique.length === 0) return { created: 0, updated: 0 };
  // One statement whatever the row count: three array parameters (sql.param keeps each array one
  // parameter) unnested server-side, rather than thousands of bind parameters.
  const result = await tx.execute<{ inserted: boolean }>(sql`
    insert into ${shippingRates} (courier_id, weight, weight_lbs, cost)
    select ${courierId}::uuid, w.weight, w.weight_lbs, w.cost
    from unnest(${sql.param(unique.map((row) => row.weight))}::text[], ${sql.param(unique.map((row) => row.weightLbs))}::numeric[],
      ${sql.param(unique.map((row) => row.cost))}::numeric[])
      as w(weight, weight_lbs, cost)
    on conflict (courier_id, weight_lbs) do update set weight = excluded.weight, cost = excluded.cost, updated_at = now()
    returning (xmax = 0) as inserted`);
  // xmax is 0 on a freshly inserted row version and set on one that replaced an existing row.
  const created = result.rows.filter((row) => row.inserted).length;
  return { created, updated: rows.length - created };
}

