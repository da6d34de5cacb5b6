import { and, asc, eq, sql } from 'drizzle-orm';
import { PARISHES } from '@parceldesk/shared/constants';
import {
  DELIVERY_MSG, type DeliveryLocation, type deliveryLocationFormSchema, type deliveryLocationListColumns,
} from '@parceldesk/shared/schemas/delivery';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { deliveryLocations } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { activeOptions } from '../../lib/list-options';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { TenantScope } from '../../lib/tenant-scope';

type LocationRow = typeof deliveryLocations.$inferSelect;
type LocationForm = z.output<typeof deliveryLocationFormSchema>;

export const toLocation = (row: LocationRow): DeliveryLocation => ({
  id: row.id, name: row.name, parish: row.parish, feeCents: row.feeCents, isActive: row.isActive, notes: row.notes, createdAt: row.createdAt.toISOString(),
});

/** The courier's own: delivery locations belong to one courier; the super admin keeps none. */
export function ownCourier(scope: TenantScope): string {
  if (!scope.courierId) throw notFound();
  return scope.courierId;
}

const parishOptions = PARISHES.map((parish) => ({ value: parish, label: parish }));

/** GET /delivery-locations: the list convention (search name, parish, notes). */
export function listDeliveryLocations(db: DbOrTx, scope: TenantScope, query: ListQuery) {
  const courierId = ownCourier(scope);
  const columns: ColumnsOf<typeof deliveryLocationListColumns> = {
    name: { sql: deliveryLocations.name, sortable: true, searchable: true, filter: 'text' },
    parish: { sql: deliveryLocations.parish, sortable: true, searchable: true, filter: 'dropdown', options: () => parishOptions },
    feeCents: { sql: deliveryLocations.feeCents, kind: 'number', sortable: true, filter: 'number' },
    isActive: { sql: deliveryLocations.isActive, kind: 'boolean', sortable: true, filter: 'dropdown', value: { sql: deliveryLocations.isActive, type: 'boolean' }, options: () => activeOptions },
    createdAt: { sql: deliveryLocations.createdAt, kind: 'timestamp', sortable: true },
  };
  return runListQuery({
    db,
    select: { row: deliveryLocations },
    from: (q) => q.from(deliveryLocations).$dynamic(),
    where: eq(deliveryLocations.courierId, courierId),
    columns,
    query,
    statement: 'delivery-locations',
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: deliveryLocations.id,
    map: ({ row }) => toLocation(row),
  });
}

/** GET /delivery-locations/active: what a customer can choose from. */
export async function activeDeliveryLocations(db: DbOrTx, scope: TenantScope): Promise<DeliveryLocation[]> {
  const courierId = ownCourier(scope);
  const rows = await db.select().from(deliveryLocations)
    .where(and(eq(deliveryLocations.courierId, courierId), eq(deliveryLocations.isActive, true)))
    .orderBy(asc(deliveryLocations.parish), asc(deliveryLocations.name));
  return rows.map(toLocation);
}

async function saved<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, 'delivery_locations_courier_name_key')) throw conflict(DELIVERY_MSG.nameTaken, { name: DELIVERY_MSG.nameTaken });
    throw error;
  }
}

export async function createDeliveryLocation(tx: DbOrTx, input: { actor: Actor; form: LocationForm }): Promise<DeliveryLocation> {
  const courierId = ownCourier(input.actor.scope);
  const { form } = input;
  const [row] = await saved(tx.insert(deliveryLocations).values({
    courierId, name: form.name, parish: form.parish, feeCents: form.feeCents, isActive: form.isActive ?? true, notes: form.notes ?? null,
  }).returning());
  if (!row) throw new Error('delivery location insert returned nothing');
  await auditAction(tx, input.actor, { courierId, action: 'delivery_location.created', targetType: 'delivery_location', targetId: row.id, details: { ...form } });
  return toLocation(row);
}

export async function updateDeliveryLocation(tx: DbOrTx, input: { actor: Actor; id: string; form: Partial<LocationForm> }): Promise<DeliveryLocation> {
  const courierId = ownCourier(input.actor.scope);
  const { form } = input;
  const [row] = await saved(tx.update(deliveryLocations).set({
    ...(form.name === undefined ? {} : { name: form.name }),
    ...(form.parish === undefined ? {} : { parish: form.parish }),
    ...(form.feeCents === undefined ? {} : { feeCents: form.feeCents }),
    ...(form.isActive === undefined ? {} : { isActive: form.isActive }),
    ...(form.notes === undefined ? {} : { notes: form.notes }),
    updatedAt: sql`now()`,
  }).where(and(eq(deliveryLocations.courierId, courierId), eq(deliveryLocations.id, input.id))).returning());
  if (!row) throw notFound();
  const action = form.isActive === false && Object.keys(form).length === 1 ? 'delivery_location.deactivated' : 'delivery_location.updated';
  await auditAction(tx, input.actor, { courierId, action, targetType: 'delivery_location', targetId: row.id, details: { ...form } });
  return toLocation(row);
}
