import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUSES } from '@parceldesk/shared/domain/delivery';
import type {
  DeliveryParcel, DeliveryRequest, DeliveryRequestListItem, deliveryRequestListColumns,
} from '@parceldesk/shared/schemas/delivery';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { DbOrTx } from '../../db/client';
import {
  customers, customerSearchText, deliveryLocations, deliveryRequestEvents, deliveryRequestPackages, deliveryRequests, invoicePackages, invoices, packages, payments, users,
} from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { containsPattern, qualified, runListQuery, type ColumnsOf } from '../../lib/list-query';
import type { Principal } from '../../lib/principal';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';

const customerName = sql<string>`coalesce(nullif(${customers.businessName}, ''), ${customers.firstName} || ' ' || ${customers.lastName})`;
const driverName = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${deliveryRequests.driverId})`;
const packagesCount = sql<number>`(select count(*)::int from ${deliveryRequestPackages} drp where drp.request_id = ${qualified(deliveryRequests.id)})`;

const fields = {
  row: deliveryRequests, customerName, mailboxNumber: sql<string>`coalesce(${customers.mailboxNumber}, '')`,
  locationName: deliveryLocations.name, parish: deliveryLocations.parish, driverName, packagesCount,
};

type Selected = { row: typeof deliveryRequests.$inferSelect; customerName: string; mailboxNumber: string; locationName: string; parish: string; driverName: string | null; packagesCount: number };

const toItem = (r: Selected): DeliveryRequestListItem => ({
  id: r.row.id, requestNumber: r.row.requestNo, status: r.row.status, customerId: r.row.customerId, customerName: r.customerName, mailboxNumber: r.mailboxNumber,
  locationName: r.locationName, parish: r.parish, address: r.row.address, phone: r.row.phone, preferredDate: r.row.preferredDate,
  scheduledDate: r.row.scheduledDate, timeWindow: r.row.timeWindow, driverId: r.row.driverId, driverName: r.driverName, packagesCount: Number(r.packagesCount),
  feeCents: r.row.feeCents, createdAt: r.row.createdAt.toISOString(),
});

/** Who may see which requests: a customer their own, the courier's people their courier's, the super admin all. */
function visible(principal: Principal, ...conditions: (SQL | undefined)[]): SQL | undefined {
  if (principal.kind === 'customer') {
    if (!principal.courierId) throw notFound();
    return and(eq(deliveryRequests.courierId, principal.courierId), eq(deliveryRequests.customerId, principal.id), ...conditions);
  }
  const scope = scopeOf(principal);
  return tenantWhere(deliveryRequests, scope, ...conditions);
}

const statusOptions = DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_LABELS[value] }));

/** GET /delivery-requests: the list convention; search request number, address, phone, customer. */
export function listDeliveryRequests(db: DbOrTx, principal: Principal, query: ListQuery) {
  const scope = principal.kind === 'customer' ? { courierId: principal.courierId } : scopeOf(principal);
  const columns: ColumnsOf<typeof deliveryRequestListColumns> = {
    requestNumber: { sql: deliveryRequests.requestNo, sortable: true, filter: 'text' },
    status: { sql: deliveryRequests.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    customerName: { sql: customerName, sortable: true, filter: 'text' },
    locationName: {
      sql: deliveryLocations.name, sortable: true, filter: 'dropdown', value: { sql: deliveryRequests.locationId, type: 'uuid' },
      options: () => db.select({ value: deliveryLocations.id, label: deliveryLocations.name }).from(deliveryLocations)
        .where(scope.courierId ? eq(deliveryLocations.courierId, scope.courierId) : undefined).orderBy(asc(deliveryLocations.name)),
    },
    preferredDate: { sql: deliveryRequests.preferredDate, sortable: true, range: { sql: deliveryRequests.preferredDate, type: 'date' } },
    scheduledDate: { sql: sql`coalesce(${deliveryRequests.scheduledDate}, '-infinity'::date)`, sortable: true, range: { sql: deliveryRequests.scheduledDate, type: 'date' } },
    driverName: { sql: sql`coalesce(${driverName}, '')`, sortable: true, filter: 'text' },
    feeCents: { sql: deliveryRequests.feeCents, kind: 'number', sortable: true, filter: 'number' },
    createdAt: { sql: deliveryRequests.createdAt, kind: 'timestamp', sortable: true },
  };
  return runListQuery({
    db,
    select: fields,
    from: (q) => q.from(deliveryRequests)
      .innerJoin(customers, eq(customers.id, deliveryRequests.customerId))
      .innerJoin(deliveryLocations, eq(deliveryLocations.id, deliveryRequests.locationId))
      .$dynamic(),
    where: visible(principal),
    columns,
    searchCondition: (term) => {
      const pattern = containsPattern(term);
      return sql`(${deliveryRequests.requestNo} ilike ${pattern} or ${deliveryRequests.address} ilike ${pattern} or ${deliveryRequests.phone} ilike ${pattern} or ${customerSearchText(customers)} ilike ${pattern})`;
    },
    query,
    statement: 'delivery-requests',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: deliveryRequests.id,
    map: (row) => toItem(row as Selected),
  });
}

const balance = sql<number>`case when ${invoices.status} in ('unpaid', 'partially_paid') then ${invoices.totalCents} - ${invoices.paidCents} else 0 end`;

/** Parcels with their live invoice and what is still owed on it. */
export async function parcelsWithBalances(db: DbOrTx, condition: SQL | undefined): Promise<(DeliveryParcel & { invoiceId: string | null })[]> {
  const rows = await db.select({
    id: packages.id, packageNumber: packages.packageNo, trackingNumber: packages.trackingNumber, description: packages.description, status: packages.status,
    invoiceId: invoices.id, invoiceNumber: invoices.invoiceNo, balanceCents: balance,
  }).from(packages)
    .leftJoin(invoicePackages, and(eq(invoicePackages.packageId, packages.id), eq(invoicePackages.live, true), eq(invoicePackages.supplementary, false)))
    .leftJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(condition).orderBy(asc(packages.packageNo));
  return rows.map((r) => ({ ...r, invoiceId: r.invoiceId ?? null, invoiceNumber: r.invoiceNumber ?? null, balanceCents: Number(r.balanceCents ?? 0) }));
}

/**
 * What the driver collects on a request: the balance of each distinct live invoice of its parcels,
 * and of its delivery-fee invoice — a supplementary one when the fee came after the parcels'
 * invoices had payments (decision 026), which no parcel's own invoice shows. A fee still pending
 * (no parcel invoiced yet) is not payable here.
 */
export async function collectable(db: DbOrTx, request: { id: string; feeInvoiceId: string | null }): Promise<{
  parcels: (DeliveryParcel & { invoiceId: string | null })[]; owed: Map<string, { invoiceNo: string; balanceCents: number }>; dueCents: number;
}> {
  const ids = (await db.select({ id: deliveryRequestPackages.packageId }).from(deliveryRequestPackages).where(eq(deliveryRequestPackages.requestId, request.id))).map((p) => p.id);
  const parcels = ids.length > 0 ? await parcelsWithBalances(db, inArray(packages.id, ids)) : [];
  const owed = new Map<string, { invoiceNo: string; balanceCents: number }>();
  for (const p of parcels) if (p.invoiceId && p.invoiceNumber) owed.set(p.invoiceId, { invoiceNo: p.invoiceNumber, balanceCents: p.balanceCents });
  if (request.feeInvoiceId && !owed.has(request.feeInvoiceId)) {
    const [fee] = await db.select({ invoiceNo: invoices.invoiceNo, balanceCents: balance }).from(invoices).where(eq(invoices.id, request.feeInvoiceId));
    if (fee) owed.set(request.feeInvoiceId, { invoiceNo: fee.invoiceNo, balanceCents: Number(fee.balanceCents) });
  }
  return { parcels, owed, dueCents: [...owed.values()].reduce((sum, invoice) => sum + invoice.balanceCents, 0) };
}

/** GET /delivery-requests/{id}: the request, its parcels with amounts, its history. */
export async function getDeliveryRequest(db: DbOrTx, principal: Principal, id: string): Promise<DeliveryRequest> {
  const [r] = await db.select(fields).from(deliveryRequests)
    .innerJoin(customers, eq(customers.id, deliveryRequests.customerId))
    .innerJoin(deliveryLocations, eq(deliveryLocations.id, deliveryRequests.locationId))
    .where(visible(principal, eq(deliveryRequests.id, id))).limit(1);
  if (!r) throw notFound();
  const { parcels, dueCents } = await collectable(db, { id, feeInvoiceId: r.row.feeInvoiceId });
  const [extra] = await db.select({
    feeInvoiceNumber: sql<string | null>`(select invoice_no from ${invoices} where id = ${r.row.feeInvoiceId}::uuid)`,
    paymentNumber: sql<string | null>`(select payment_no from ${payments} where id = ${r.row.paymentId}::uuid)`,
  }).from(sql`(select 1) as one`);
  const history = await db.select({
    id: deliveryRequestEvents.id, fromStatus: deliveryRequestEvents.fromStatus, toStatus: deliveryRequestEvents.toStatus, note: deliveryRequestEvents.note, createdAt: deliveryRequestEvents.createdAt,
    actorName: sql<string | null>`case ${deliveryRequestEvents.actorType}
      when 'user' then (select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${deliveryRequestEvents.actorId})
      when 'customer' then (select c.first_name || ' ' || c.last_name from ${customers} c where c.id = ${deliveryRequestEvents.actorId}) end`,
  }).from(deliveryRequestEvents).where(eq(deliveryRequestEvents.requestId, id)).orderBy(asc(deliveryRequestEvents.createdAt));
  return {
    ...toItem(r),
    notes: r.row.notes, stopOrder: r.row.stopOrder, feeInvoiceNumber: extra?.feeInvoiceNumber ?? null,
    amountDueCents: dueCents,
    recipientName: r.row.recipientName, hasSignature: r.row.signatureFileId !== null, hasPhoto: r.row.photoFileId !== null, failureReason: r.row.failureReason, rejectionReason: r.row.rejectionReason,
    paymentNumber: extra?.paymentNumber ?? null, collectedCents: r.row.collectedCents, deliveredAt: r.row.deliveredAt?.toISOString() ?? null,
    parcels: parcels.map(({ invoiceId: _invoiceId, ...p }) => p),
    history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
  };
}

/** GET /delivery-requests/ready-parcels: the customer's parcels ready for pickup and on no open request. */
export async function readyParcelsOf(db: DbOrTx, principal: Principal): Promise<DeliveryParcel[]> {
  if (principal.kind !== 'customer' || !principal.courierId) throw notFound();
  const rows = await parcelsWithBalances(db, and(
    eq(packages.courierId, principal.courierId), eq(packages.customerId, principal.id), eq(packages.status, 'ready_for_pickup'),
    sql`not exists (select 1 from ${deliveryRequestPackages} drp where drp.package_id = ${packages.id} and drp.live)`,
  ));
  return rows.map(({ invoiceId: _invoiceId, ...p }) => p);
}
