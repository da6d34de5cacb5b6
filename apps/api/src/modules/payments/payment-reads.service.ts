import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@parceldesk/shared/domain/billing';
import { PAYMENT_STATUS_LABELS } from '@parceldesk/shared/domain/payments';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { PaymentDetail, PaymentListItem, paymentListColumns } from '@parceldesk/shared/schemas/payments';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, invoices, paymentAllocations, paymentEvents, payments, users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { courierOptions } from '../../lib/list-options';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import type { Principal } from '../../lib/principal';
import { scopeOf, tenantWhere, type TenantScope } from '../../lib/tenant-scope';
import { customerDisplayName, visibleBilling } from './payment-access';

const userName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;
const recorder = alias(users, 'recorder');
const voider = alias(users, 'voider');

/** GET /payments/{id}: the payment, each invoice it paid as it stands now, and its history. */
export async function getPayment(db: DbOrTx, principal: Principal, id: string): Promise<PaymentDetail> {
  const [row] = await db.select({
    payment: payments, courierName: couriers.name, customerName: customerDisplayName, mailboxNumber: customers.mailboxNumber,
    recorderName: userName(recorder), voiderName: userName(voider),
  }).from(payments)
    .innerJoin(couriers, eq(couriers.id, payments.courierId))
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .leftJoin(voider, eq(voider.id, payments.voidedBy))
    .where(visibleBilling(payments, principal, eq(payments.id, id)));
  if (!row) throw notFound();
  const p = row.payment;
  const [allocations, events] = await Promise.all([
    db.select({
      invoiceId: invoices.id, invoiceNo: invoices.invoiceNo, amountCents: paymentAllocations.amountCents,
      invoiceTotalCents: invoices.totalCents, invoiceBalanceCents: invoices.balanceCents, invoiceStatus: invoices.status,
    }).from(paymentAllocations).innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
      .where(eq(paymentAllocations.paymentId, p.id)).orderBy(asc(invoices.issuedAt), asc(invoices.invoiceNo)),
    db.select({
      id: paymentEvents.id, type: paymentEvents.kind, note: paymentEvents.note, createdAt: paymentEvents.createdAt,
      actorName: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${paymentEvents.actorId})`,
    }).from(paymentEvents).where(eq(paymentEvents.paymentId, p.id)).orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id)),
  ]);
  return {
    id: p.id, paymentNo: p.paymentNo, courierId: p.courierId, courierName: row.courierName,
    customer: { id: p.customerId, name: row.customerName, mailboxNumber: row.mailboxNumber },
    method: p.method, reference: p.reference, amountCents: p.amountCents, status: p.status, note: p.note,
    recordedBy: p.recordedBy && row.recorderName ? { id: p.recordedBy, name: row.recorderName } : null,
    recordedAt: p.recordedAt.toISOString(),
    voidReason: p.voidReason,
    voidedBy: p.voidedBy && row.voiderName ? { id: p.voidedBy, name: row.voiderName } : null,
    voidedAt: p.voidedAt?.toISOString() ?? null,
    allocations,
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

const methodOptions = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const statusOptions = PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));
const invoiceNos = sql<string>`coalesce((select string_agg(${invoices.invoiceNo}, ', ' order by ${invoices.invoiceNo}) from ${paymentAllocations}
  join ${invoices} on ${invoices.id} = ${paymentAllocations.invoiceId} where ${paymentAllocations.paymentId} = ${payments.id}), '')`;

/** The staff who recorded payments in the scope: the "staff member" filter. */
function recorderOptions(db: DbOrTx, scope: TenantScope) {
  return () => db.selectDistinct({ value: users.id, label: userName(users) }).from(users)
    .where(tenantWhere(users, scope, sql`${users.id} in (select ${payments.recordedBy} from ${payments} where ${payments.recordedBy} is not null)`))
    .orderBy(userName(users)).limit(200);
}

/**
 * GET /payments (list convention): staff (payments_view) their courier's, the super admin the
 * network (courier filter), a customer their own. Filters: method, status, the staff member who
 * recorded it, amount, and recordedAt as text ('2026-11-24') or a { from, to } range of days.
 */
export function listPayments(db: DbOrTx, principal: Principal, query: ListQuery) {
  const scope: TenantScope = principal.kind === 'customer' ? { courierId: principal.courierId } : scopeOf(principal);
  const columns: ColumnsOf<typeof paymentListColumns, 'customerId'> = {
    paymentNo: { sql: payments.paymentNo, sortable: true, searchable: true, filter: 'text' },
    customerName: { sql: customerDisplayName, sortable: true, searchable: principal.kind !== 'customer', filter: 'text' },
    mailboxNumber: { sql: customers.mailboxNumber, sortable: true, searchable: principal.kind !== 'customer', filter: 'text' },
    method: { sql: payments.method, sortable: true, filter: 'dropdown', options: () => methodOptions },
    reference: { sql: payments.reference, sortable: true, searchable: true, filter: 'text' },
    amountCents: { sql: payments.amountCents, kind: 'number', sortable: true, filter: 'number' },
    status: { sql: payments.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    invoiceNos: { sql: invoiceNos, searchable: true, filter: 'text' },
    recordedByName: {
      sql: userName(recorder), sortable: true, filter: 'dropdown', value: { sql: payments.recordedBy, type: 'uuid' }, options: recorderOptions(db, scope),
    },
    recordedAt: {
      sql: localDateTime(payments.recordedAt), sortable: true, sortBy: [payments.recordedAt], filter: 'text', range: { sql: payments.recordedAt, type: 'date' },
    },
    courierName: { sql: couriers.name, sortable: true, filter: 'dropdown', value: { sql: payments.courierId, type: 'uuid' }, options: courierOptions(db, scope) },
    customerId: { sql: payments.customerId, filter: 'exact', value: { sql: payments.customerId, type: 'uuid' } },
  };
  return runListQuery({
    db,
    select: {
      id: payments.id, paymentNo: payments.paymentNo, customerId: payments.customerId, customerName: customerDisplayName, mailboxNumber: customers.mailboxNumber,
      method: payments.method, reference: payments.reference, amountCents: payments.amountCents, status: payments.status, invoiceNos,
      recordedByName: userName(recorder), recordedAt: payments.recordedAt, courierId: payments.courierId, courierName: couriers.name,
    },
    from: (q) => q.from(payments)
      .innerJoin(customers, and(eq(customers.id, payments.customerId), eq(customers.courierId, payments.courierId)))
      .innerJoin(couriers, eq(couriers.id, payments.courierId))
      .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
      .$dynamic(),
    where: visibleBilling(payments, principal),
    columns,
    query,
    statement: 'payments',
    defaultSort: { field: 'recordedAt', order: 'desc' },
    tieBreaker: payments.id,
    map: (row): PaymentListItem => ({ ...row, recordedByName: row.recordedByName ?? null, recordedAt: row.recordedAt.toISOString() }),
  });
}
