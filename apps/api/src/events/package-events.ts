import { sql } from 'drizzle-orm';
import type { PackageStatus } from '@parceldesk/shared/domain/packages';
import type { PackageStreamEvent } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../db/client';
import type { Principal } from '../lib/principal';
import { EVENTS_CHANNEL } from './ticket-events';

/** A package change, on the same channel as tickets (one LISTEN per process). */
export interface PackageEventPayload {
  courierId: string;
  kind: 'package.received' | 'package.status' | 'package.updated';
  packageId: string;
  packageNumber: string;
  status: PackageStatus;
  /** The owner, who hears of it too; null for an unknown package. */
  customerId: string | null;
}

const KINDS = ['package.received', 'package.status', 'package.updated'];

/** Published inside the writing transaction: delivered on commit only. */
export async function publishPackageEvent(tx: DbOrTx, event: PackageEventPayload): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export function parsePackageEvent(payload: string | undefined): PackageEventPayload | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<PackageEventPayload>;
    if (!KINDS.includes(String(value.kind)) || typeof value.courierId !== 'string' || typeof value.packageId !== 'string') return null;
    if (value.customerId !== null && typeof value.customerId !== 'string') return null;
    return value as PackageEventPayload;
  } catch {
    return null;
  }
}

/** The package's own customer, the super admin, and the courier's people who may see packages. */
export function mayReceivePackageEvent(principal: Principal, event: PackageEventPayload): boolean {
  if (principal.kind === 'customer') return event.customerId !== null && principal.id === event.customerId && principal.courierId === event.courierId;
  if (principal.role === 'super_admin') return true;
  if (principal.courierId !== event.courierId) return false;
  return principal.role === 'courier_admin' || principal.permissions.has('packages_view');
}

export const toPackageClient = (event: PackageEventPayload): PackageStreamEvent => ({
  kind: event.kind, packageId: event.packageId, packageNumber: event.packageNumber, status: event.status,
});
