import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { formatMawb, manifestActionsFrom, isManifestOpen } from '@parceldesk/shared/domain/manifests';
import type { ManifestBreakdownRow, ManifestDetail, ManifestPackage, ManifestTotals } from '@parceldesk/shared/schemas/manifests';
import type { DbOrTx } from '../../db/client';
import { runAsOneStatement } from '../../db/one-statement';
import { couriers, customers, manifestEvents, manifestPackages, packageFiles, packages, users } from '../../db/schema/index';
import type { Principal } from '../../lib/principal';
import { scopeOf } from '../../lib/tenant-scope';
import { loadManifest, mayManageManifests, type ManifestRow } from './manifest-access';

const userName = (table: typeof users) => sql<string | null>`${table.firstName} || ' ' || ${table.lastName}`;

/**
 * Pieces, packages, weights and declared value of what the manifest carries, in one query. With
 * `alongside`, writes and NOTIFYs sent in the same statement (db/one-statement.ts): the totals are
 * then those from before the writes.
 */
export async function manifestTotals(db: DbOrTx, manifestId: string, alongside?: { writes: SQLWrapper[]; notifies: SQL[] }): Promise<ManifestTotals> {
  const [row] = await runAsOneStatement<{ packages: number; pieces: number; weight: string; chargeable_weight: number; declared_value_cents: string }>(db, {
    writes: alongside?.writes ?? [], notifies: alongside?.notifies ?? [],
    result: sql`select count(*)::int as packages, coalesce(sum(p.pieces), 0)::int as pieces, coalesce(sum(p.weight), 0) as weight,
        coalesce(sum(p.chargeable_weight), 0)::int as chargeable_weight, coalesce(sum(p.declared_value_cents), 0) as declared_value_cents
      from ${manifestPackages} mp join ${packages} p on p.id = mp.package_id where mp.manifest_id = ${manifestId}`,
  });
  return {
    packages: row?.packages ?? 0, pieces: row?.pieces ?? 0, weight: Number(row?.weight ?? 0),
    chargeableWeight: row?.chargeable_weight ?? 0, declaredValueCents: Number(row?.declared_value_cents ?? 0),
  };
}

/** One line per parcel with its consignee: what the detail page, the exports and the broker file read. */
export async function manifestLines(db: DbOrTx, manifestId: string) {
  const rows = await db.select({
    id: packages.id, packageNo: packages.packageNo, trackingNumber: packages.trackingNumber, status: packages.status,
    customerId: packages.customerId, firstName: customers.firstName, lastName: customers.lastName, businessName: customers.businessName,
    mailboxNumber: sql<string>`coalesce(${customers.mailboxNumber}, ${packages.labelMailbox}, '')`, trn: customers.trn,
    address: customers.address, city: customers.city, parish: customers.parish, country: customers.country,
    labelName: packages.labelName, shipper: packages.shipper, description: packages.description, pieces: packages.pieces, weight: packages.weight,
    chargeableWeight: packages.chargeableWeight, declaredValueCents: packages.declaredValueCents,
    hasInvoice: sql<boolean>`exists (select 1 from ${packageFiles} where ${packageFiles.packageId} = ${packages.id} and ${packageFiles.kind} = 'invoice')`,
    addedAt: manifestPackages.addedAt, addedBy: userName(users),
  }).from(manifestPackages)
    .innerJoin(packages, eq(packages.id, manifestPackages.packageId))
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .leftJoin(users, eq(users.id, manifestPackages.addedBy))
    .where(eq(manifestPackages.manifestId, manifestId))
    .orderBy(asc(manifestPackages.addedAt), asc(packages.packageNo));
  return rows.map((row) => ({
    ...row,
    weight: Number(row.weight),
    consignee: row.firstName ? `${row.firstName} ${row.lastName}` : row.labelName ?? 'Unknown customer',
    consigneeAddress: row.address ? [row.address, row.city, row.parish, row.country].filter(Boolean).join(', ') : '',
  }));
}
export type ManifestLine = Awaited<ReturnType<typeof manifestLines>>[number];

function breakdown(lines: ManifestLine[], keyOf: (line: ManifestLine) => { key: string; label: string; detail: string | null }): ManifestBreakdownRow[] {
  const groups = new Map<string, ManifestBreakdownRow & { weightHundredths: number }>();
  for (const line of lines) {
    const { key, label, detail } = keyOf(line);
    const group = groups.get(key) ?? { label, detail, packages: 0, pieces: 0, weight: 0, weightHundredths: 0, chargeableWeight: 0, declaredValueCents: 0 };
    group.packages += 1;
    group.pieces += line.pieces;
    group.weightHundredths += Math.round(line.weight * 100);
    group.chargeableWeight += line.chargeableWeight;
    group.declaredValueCents += line.declaredValueCents ?? 0;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ weightHundredths, ...row }) => ({ ...row, weight: weightHundredths / 100 }))
    .sort((a, b) => b.packages - a.packages || a.label.localeCompare(b.label));
}

export const byCustomer = (lines: ManifestLine[]) => breakdown(lines, (l) => ({ key: l.customerId ?? 'unknown', label: l.customerId ? l.consignee : 'Unknown customer', detail: l.mailboxNumber || null }));
export const byTrn = (lines: ManifestLine[]) => breakdown(lines, (l) => ({ key: l.trn ?? 'none', label: l.trn ?? 'No TRN (unknown customer)', detail: null }));

export function toManifestPackage(line: ManifestLine): ManifestPackage {
  return {
    id: line.id, packageNumber: line.packageNo, trackingNumber: line.trackingNumber, status: line.status, customerName: line.consignee,
    mailboxNumber: line.mailboxNumber, trn: line.trn, description: line.description, pieces: line.pieces, weight: line.weight,
    chargeableWeight: line.chargeableWeight, declaredValueCents: line.declaredValueCents, hasInvoice: line.hasInvoice,
    addedAt: line.addedAt.toISOString(), addedBy: line.addedBy,
  };
}

export const waybillOf = (m: Pick<ManifestRow, 'mawb' | 'billOfLading'>): string | null => (m.mawb ? formatMawb(m.mawb) : m.billOfLading);

/** GET /manifests/{id}: header, totals, breakdowns by customer and TRN, the parcels and the history. */
export async function getManifestDetail(db: DbOrTx, principal: Principal, id: string): Promise<ManifestDetail> {
  const manifest = await loadManifest(db, scopeOf(principal), id);
  const creator = users;
  const [[courier], lines, events, [createdBy]] = await Promise.all([
    db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, manifest.courierId)),
    manifestLines(db, manifest.id),
    db.select({
      id: manifestEvents.id, fromStatus: manifestEvents.fromStatus, toStatus: manifestEvents.toStatus, note: manifestEvents.note,
      by: userName(users), at: manifestEvents.createdAt,
    }).from(manifestEvents).leftJoin(users, sql`${manifestEvents.actorType} = 'user' and ${users.id} = ${manifestEvents.actorId}`)
      .where(eq(manifestEvents.manifestId, manifest.id)).orderBy(asc(manifestEvents.createdAt), asc(manifestEvents.id)),
    manifest.createdBy ? db.select({ name: userName(creator) }).from(creator).where(eq(creator.id, manifest.createdBy)) : Promise.resolve([]),
  ]);
  const canManage = mayManageManifests(principal);
  const totals = lines.reduce<ManifestTotals>((t, l) => ({
    packages: t.packages + 1, pieces: t.pieces + l.pieces, weight: Math.round((t.weight + l.weight) * 100) / 100,
    chargeableWeight: t.chargeableWeight + l.chargeableWeight, declaredValueCents: t.declaredValueCents + (l.declaredValueCents ?? 0),
  }), { packages: 0, pieces: 0, weight: 0, chargeableWeight: 0, declaredValueCents: 0 });
  return {
    ...toManifestListItem({ ...manifest, courierName: courier?.name ?? '', packageCount: totals.packages, weight: totals.weight }),
    mawb: manifest.mawb ? formatMawb(manifest.mawb) : null, billOfLading: manifest.billOfLading, notes: manifest.notes,
    createdBy: createdBy?.name ?? null,
    closedAt: manifest.closedAt?.toISOString() ?? null, departedAt: manifest.departedAt?.toISOString() ?? null,
    arrivedAt: manifest.arrivedAt?.toISOString() ?? null, reconciledAt: manifest.reconciledAt?.toISOString() ?? null,
    totals, byCustomer: byCustomer(lines), byTrn: byTrn(lines),
    packages: lines.map(toManifestPackage),
    events: events.map((e) => ({ id: e.id, fromStatus: e.fromStatus, toStatus: e.toStatus, note: e.note, by: e.by, at: e.at.toISOString() })),
    allowedActions: canManage && principal.kind === 'user' ? manifestActionsFrom(manifest.status, principal.role) : [],
    canEditPackages: canManage && isManifestOpen(manifest.status),
  };
}

/** The header and its totals (one aggregate query), what a status move answers. */
export async function getManifestHeader(db: DbOrTx, principal: Principal, id: string) {
  const manifest = await loadManifest(db, scopeOf(principal), id);
  const [[courier], totals] = await Promise.all([
    db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, manifest.courierId)),
    manifestTotals(db, manifest.id),
  ]);
  return toManifestListItem({ ...manifest, courierName: courier?.name ?? '', packageCount: totals.packages, weight: totals.weight });
}

export function toManifestListItem(row: ManifestRow & { courierName: string; packageCount: number; weight: number | string }) {
  return {
    id: row.id, number: row.number, service: row.service, status: row.status, carrier: row.carrier, waybill: waybillOf(row),
    flightOrVoyage: row.flightOrVoyage, origin: row.origin, destination: row.destination, departureDate: row.departureDate, arrivalDate: row.arrivalDate,
    packageCount: Number(row.packageCount), weight: Number(row.weight), courierId: row.courierId, courierName: row.courierName,
    createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}

