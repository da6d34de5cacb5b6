import { eq, inArray, sql } from 'drizzle-orm';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../../db/client';
import { branches, couriers, customers, packages } from '../../../db/schema/index';
import { notFound } from '../../../lib/app-error';
import { tenantWhere, type TenantScope } from '../../../lib/tenant-scope';
import { labelsForPieces, type LabelData } from './label-data';

/**
 * The labels of the packages named, in the order named, one per piece. Through the tenant scope:
 * a package of another courier (or no package) answers 404 for the whole request.
 */
export async function loadLabels(db: DbOrTx, options: { scope: TenantScope; ids: readonly string[] }): Promise<{ labels: LabelData[]; packageNumbers: string[] }> {
  const ids = [...new Set(options.ids)];
  const rows = await db.select({
    id: packages.id, packageNumber: packages.packageNo, trackingNumber: packages.trackingNumber, courierName: couriers.name,
    customerName: sql<string>`coalesce(${customers.firstName} || ' ' || ${customers.lastName}, ${packages.labelName}, '')`,
    mailboxNumber: sql<string>`coalesce(${customers.mailboxNumber}, ${packages.labelMailbox}, '')`,
    branchName: sql<string>`coalesce(${branches.name}, '')`,
    service: packages.service, weight: packages.weight, pieces: packages.pieces, receivedAt: packages.receivedAt, customerId: packages.customerId,
  }).from(packages)
    .innerJoin(couriers, eq(couriers.id, packages.courierId))
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .leftJoin(branches, eq(branches.id, packages.branchId))
    .where(tenantWhere(packages, options.scope, inArray(packages.id, ids)));
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)!);
  return {
    packageNumbers: ordered.map((row) => row.packageNumber),
    labels: ordered.flatMap((row) => labelsForPieces({
      courierName: row.courierName, packageNumber: row.packageNumber, trackingNumber: row.trackingNumber,
      customerName: row.customerName, mailboxNumber: row.mailboxNumber, branchName: row.branchName,
      service: SERVICE_LABELS[row.service], weight: Number(row.weight), pieces: row.pieces, receivedAt: row.receivedAt,
      isUnknown: row.customerId === null,
    })),
  };
}
