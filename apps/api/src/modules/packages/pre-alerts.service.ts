import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CARRIER_LABELS, CARRIERS, canonicalTracking, guessCarrier } from '@parceldesk/shared/domain/packages';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import {
  PACKAGE_MSG, PRE_ALERT_STATUS_LABELS, PRE_ALERT_STATUSES, SERVICE_LABELS, SERVICES, type PreAlert, type PreAlertInput,
  type preAlertListColumns,
} from '@parceldesk/shared/schemas/packages';
import type { DbOrTx, Tx } from '../../db/client';
import { customers, packageFiles, packages, preAlerts, storedFiles } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import { isUniqueViolation } from '../../lib/pg-errors';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';
import { storeDocument, type PackageDocument } from './package-form';
import { amountToCents, centsToAmount, packageFileFields, toPackageFile } from './package-view';

type PreAlertRow = typeof preAlerts.$inferSelect;

/** A customer their own pre-alerts; staff those of their scope. */
export function visiblePreAlerts(principal: Principal, ...conditions: (SQL | undefined)[]): SQL | undefined {
  if (principal.kind === 'customer') {
    if (!principal.courierId) throw notFound();
    return and(eq(preAlerts.courierId, principal.courierId), eq(preAlerts.customerId, principal.id), ...conditions);
  }
  return tenantWhere(preAlerts, scopeOf(principal), ...conditions);
}

async function loadPreAlert(db: DbOrTx, principal: Principal, id: string, lock = false): Promise<PreAlertRow> {
  const query = db.select().from(preAlerts).where(visiblePreAlerts(principal, eq(preAlerts.id, id))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const customerName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;
const fields = {
  id: preAlerts.id, trackingNumber: preAlerts.trackingNumber, carrier: preAlerts.carrier, store: preAlerts.store, description: preAlerts.description,
  declaredValueCents: preAlerts.declaredValueCents, service: preAlerts.service, status: preAlerts.status, packageId: preAlerts.packageId,
  packageNo: packages.packageNo, customerId: preAlerts.customerId, customerName, mailboxNumber: customers.mailboxNumber,
  courierId: preAlerts.courierId, createdAt: preAlerts.createdAt, updatedAt: preAlerts.updatedAt,
};
type Row = {
  id: string; trackingNumber: string; carrier: PreAlert['carrier']; store: string; description: string; declaredValueCents: number;
  service: PreAlert['service']; status: PreAlert['status']; packageId: string | null; packageNo: string | null; customerId: string;
  customerName: string; mailboxNumber: string; courierId: string; createdAt: Date; updatedAt: Date;
};

async function invoicesOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, ReturnType<typeof toPackageFile>>();
  const rows = await db.select({ ...packageFileFields, preAlertId: packageFiles.preAlertId }).from(packageFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, packageFiles.storedFileId))
    .where(and(inArray(packageFiles.preAlertId, ids), eq(packageFiles.kind, 'invoice')));
  return new Map(rows.map((r) => [r.preAlertId ?? '', toPackageFile(r)]));
}

function toPreAlert(row: Row, invoices: Map<string, ReturnType<typeof toPackageFile>>): PreAlert {
  return {
    id: row.id, trackingNumber: row.trackingNumber, carrier: row.carrier, store: row.store, description: row.description,
    declaredValue: centsToAmount(row.declaredValueCents) ?? 0, service: row.service, status: row.status,
    packageId: row.packageId, packageNumber: row.packageNo, invoice: invoices.get(row.id) ?? null,
    customer: { id: row.customerId, name: row.customerName, mailboxNumber: row.mailboxNumber },
    courierId: row.courierId, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getPreAlert(db: DbOrTx, principal: Principal, id: string): Promise<PreAlert> {
  const [row] = await db.select(fields).from(preAlerts)
    .innerJoin(customers, eq(customers.id, preAlerts.customerId))
    .leftJoin(packages, eq(packages.id, preAlerts.packageId))
    .where(visiblePreAlerts(principal, eq(preAlerts.id, id)));
  if (!row) throw notFound();
  return toPreAlert(row as Row, await invoicesOf(db, [row.id]));
}

const statusOptions = PRE_ALERT_STATUSES.map((value) => ({ value, label: PRE_ALERT_STATUS_LABELS[value] }));
const serviceOptions = SERVICES.map((value) => ({ value, label: SERVICE_LABELS[value] }));
const carrierOptions = CARRIERS.map((value) => ({ value, label: CARRIER_LABELS[value] }));

/** GET /pre-alerts (list convention): newest first. */
export async function listPreAlerts(db: DbOrTx, principal: Principal, query: ListQuery) {
  const columns: ColumnsOf<typeof preAlertListColumns> = {
    trackingNumber: { sql: preAlerts.trackingNumber, sortable: true, searchable: true, filter: 'text' },
    carrier: { sql: preAlerts.carrier, sortable: true, filter: 'dropdown', options: () => carrierOptions },
    store: { sql: preAlerts.store, sortable: true, searchable: true, filter: 'text' },
    description: { sql: preAlerts.description, searchable: true, filter: 'text' },
    service: { sql: preAlerts.service, sortable: true, filter: 'dropdown', options: () => serviceOptions },
    status: { sql: preAlerts.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    customerName: { sql: customerName, sortable: true, searchable: principal.kind !== 'customer', filter: 'text' },
    mailboxNumber: { sql: customers.mailboxNumber, sortable: true, searchable: principal.kind !== 'customer', filter: 'text' },
    createdAt: { sql: localDateTime(preAlerts.createdAt), sortable: true, sortBy: [preAlerts.createdAt], filter: 'text' },
  };
  const page = await runListQuery({
    db,
    select: fields,
    from: (q) => q.from(preAlerts)
      .innerJoin(customers, and(eq(customers.id, preAlerts.customerId), eq(customers.courierId, preAlerts.courierId)))
      .leftJoin(packages, eq(packages.id, preAlerts.packageId))
      .$dynamic(),
    where: visiblePreAlerts(principal),
    columns,
    query,
    statement: 'pre-alerts',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: preAlerts.id,
    map: (row) => row as Row,
  });
  const invoices = await invoicesOf(db, page.data.map((r) => r.id));
  return { ...page, data: page.data.map((row) => toPreAlert(row, invoices)) };
}

function requireCustomer(actor: Actor): { customerId: string; courierId: string } {
  const { principal } = actor;
  if (principal.kind !== 'customer' || !principal.courierId) throw forbidden();
  return { customerId: principal.id, courierId: principal.courierId };
}

const valuesOf = (form: PreAlertInput) => {
  const trackingNumber = canonicalTracking(form.trackingNumber);
  return {
    trackingNumber, carrier: form.carrier ?? guessCarrier(trackingNumber), store: form.store, description: form.description,
    declaredValueCents: amountToCents(form.declaredValue) ?? 0, service: form.service,
  };
};

/** The duplicate aborts the caller's transaction; the 409 it becomes rolls the command back. */
async function duplicateGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'pre_alerts_customer_tracking_key')) throw conflict(PACKAGE_MSG.preAlertDuplicate, { trackingNumber: PACKAGE_MSG.preAlertDuplicate });
    throw error;
  }
}

/** POST /pre-alerts (customer): the pre-alert, its invoice and the audit row together. */
export async function createPreAlert(db: DbOrTx, input: { actor: Actor; form: PreAlertInput; invoice: PackageDocument | null }): Promise<string> {
  const { customerId, courierId } = requireCustomer(input.actor);
  return duplicateGuard(async () => {
    const values = valuesOf(input.form);
    const [own] = await db.select({ id: packages.id }).from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.customerId, customerId), eq(packages.trackingNumber, values.trackingNumber)));
    if (own) throw conflict(PACKAGE_MSG.alreadyReceived, { trackingNumber: PACKAGE_MSG.alreadyReceived });
    const [row] = await db.insert(preAlerts).values({ courierId, customerId, ...values }).returning({ id: preAlerts.id });
    if (!row) throw new Error('pre-alert insert returned nothing');
    if (input.invoice) await storeDocument(db, { courierId, kind: 'invoice', file: input.invoice, owner: { preAlertId: row.id } });
    await auditAction(db, input.actor, {
      courierId, action: 'pre_alert.created', targetType: 'pre_alert', targetId: row.id,
      details: { trackingNumber: values.trackingNumber, invoice: input.invoice?.fileName ?? null },
    });
    return row.id;
  });
}

/** PUT /pre-alerts/{id} (its customer, until the parcel is received); a new invoice replaces the old one. */
export async function updatePreAlert(db: Tx, input: { actor: Actor; id: string; form: PreAlertInput; invoice: PackageDocument | null }): Promise<void> {
  requireCustomer(input.actor);
  await duplicateGuard(async () => {
    const preAlert = await loadPreAlert(db, input.actor.principal, input.id, true);
    if (preAlert.status !== 'pending') throw conflict(PACKAGE_MSG.preAlertLocked);
    const values = valuesOf(input.form);
    await db.update(preAlerts).set({ ...values, updatedAt: sql`now()` }).where(eq(preAlerts.id, preAlert.id));
    if (input.invoice) {
      const old = await db.delete(packageFiles).where(and(eq(packageFiles.preAlertId, preAlert.id), eq(packageFiles.kind, 'invoice')))
        .returning({ storedFileId: packageFiles.storedFileId });
      if (old.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.id, old.map((o) => o.storedFileId)));
      await storeDocument(db, { courierId: preAlert.courierId, kind: 'invoice', file: input.invoice, owner: { preAlertId: preAlert.id } });
    }
    await auditAction(db, input.actor, {
      courierId: preAlert.courierId, action: 'pre_alert.updated', targetType: 'pre_alert', targetId: preAlert.id,
      details: { before: { trackingNumber: preAlert.trackingNumber, store: preAlert.store, declaredValueCents: preAlert.declaredValueCents }, after: values, invoice: input.invoice?.fileName ?? null },
    });
  });
}

/** DELETE /pre-alerts/{id}: cancelled (kept for the record), until the parcel is received. */
export async function cancelPreAlert(db: Tx, input: { actor: Actor; id: string }): Promise<void> {
  requireCustomer(input.actor);
  const preAlert = await loadPreAlert(db, input.actor.principal, input.id, true);
  if (preAlert.status !== 'pending') throw conflict(preAlert.status === 'cancelled' ? PACKAGE_MSG.preAlertAlreadyCancelled : PACKAGE_MSG.preAlertLocked);
  await db.update(preAlerts).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(preAlerts.id, preAlert.id));
  await auditAction(db, input.actor, {
    courierId: preAlert.courierId, action: 'pre_alert.cancelled', targetType: 'pre_alert', targetId: preAlert.id, details: { trackingNumber: preAlert.trackingNumber },
  });
}
