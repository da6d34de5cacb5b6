import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BASE_PATH } from '@parceldesk/shared/constants';
import { formatInvoiceNumber, pendingChargeLines, type PendingCharge, type PendingChargeLine } from '@parceldesk/shared/domain/billing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { ChargeCode } from '@parceldesk/shared/domain/pricing';
import type { DbOrTx } from '../db/client';
import {
  couriers, customers, invoiceEvents, invoiceLines, invoicePackages, invoices, packageCharges, packages,
  paymentAllocations, payments, storageCharges,
} from '../db/schema/index';
import { enqueueEmail } from '../mail/outbox';
import { auditAction, withImpersonation, type Actor } from './actor';
import { writeAudit } from './audit';
import { nextNumber } from './counters';
import { loadPricingSnapshot } from './pricing-snapshot';
import { createNotifications } from './notifications';

/**
 * Charges on an invoice after issue (issue 13 "Invoices", docs/decisions/018 and 026): a line added
 * to an unpaid invoice, and the charges recorded on a parcel later (storage days, the switching
 * fee) billed exactly once, on the parcel's invoice while it is unpaid or else on a supplementary
 * invoice. Here, below the features, because the invoices module (a clerk's charge, issuing,
 * void), the uncollected sweep and the branch switch all write them. `actor` null is the system
 * (a scheduled job), as in issueInvoicesForPackages and the package history.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

/** History rows take the clock at insert, so events written in one transaction keep their order. */
export const eventTime = sql`clock_timestamp()`;

export const actorFields = (actor: Actor | null) => ({
  actorType: actor ? (actor.principal.kind === 'customer' ? 'customer' as const : 'user' as const) : 'system' as const,
  actorId: actor?.principal.id ?? null,
});

/** The audit row of an invoice change, by a person (impersonation noted) or the system. */
export async function auditInvoice(tx: DbOrTx, actor: Actor | null, entry: { courierId: string; action: string; targetId: string; details: Record<string, unknown> }): Promise<void> {
  const row = { courierId: entry.courierId, action: entry.action, targetType: 'invoice', targetId: entry.targetId, details: entry.details };
  if (actor) await auditAction(tx, actor, row);
  else await writeAudit(tx, { ...row, actorType: 'system', actorId: null });
}

/** The customer's invoice page in their courier's portal. */
export function invoicePortalLink(publicUrl: string, apiKey: string, invoiceNo: string): string {
  return `${publicUrl}${BASE_PATH}/customer/invoices/${encodeURIComponent(invoiceNo)}?api_key=${encodeURIComponent(apiKey)}`;
}

/** Tells an invoice's customer of a change they should know about (in-app, and email while their account is active). */
export async function tellInvoiceCustomer(
  tx: DbOrTx,
  input: { invoice: Pick<InvoiceRow, 'courierId' | 'customerId' | 'invoiceNo'>; title: string; body: string; publicUrl: string; invoiceNo?: string },
): Promise<void> {
  const invoiceNo = input.invoiceNo ?? input.invoice.invoiceNo;
  await createNotifications(tx, [{
    courierId: input.invoice.courierId, customerId: input.invoice.customerId, type: 'invoice.changed', title: input.title, body: input.body,
    link: `/customer/invoices/${encodeURIComponent(invoiceNo)}`,
  }]);
  const [row] = await tx.select({ email: customers.email, firstName: customers.firstName, isActive: customers.isActive, courierName: couriers.name, apiKey: couriers.apiKey })
    .from(customers).innerJoin(couriers, eq(couriers.id, customers.courierId)).where(eq(customers.id, input.invoice.customerId));
  if (!row?.isActive) return;
  await enqueueEmail(tx, {
    courierId: input.invoice.courierId,
    to: row.email,
    subject: `${row.courierName}: ${input.title}`,
    text: [`Hello ${row.firstName},`, '', input.body, '', `See it in your account: ${invoicePortalLink(input.publicUrl, row.apiKey, invoiceNo)}`, '', row.courierName].join('\n'),
  });
}

/** Whether any recorded (not void) payment is allocated to the invoice. */
export async function hasLivePayments(tx: DbOrTx, invoiceId: string): Promise<boolean> {
  const [row] = await tx.select({ id: paymentAllocations.id }).from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(eq(paymentAllocations.invoiceId, invoiceId), eq(payments.status, 'recorded')))
    .limit(1);
  return Boolean(row);
}

/** An invoice takes new charges only while nothing is paid on it (read under its row lock). */
export async function isOpenForCharges(tx: DbOrTx, invoice: InvoiceRow): Promise<boolean> {
  return invoice.status === 'unpaid' && invoice.paidCents === 0 && !await hasLivePayments(tx, invoice.id);
}

export interface AddedLine {
  code: ChargeCode;
  description: string;
  amountCents: number;
  packageId: string | null;
  /** The label the history and the customer's message give it ("Storage fee"). */
  label: string;
}

/**
 * Adds a charge to an invoice the caller loaded under its row lock and found open for charges:
 * the line (marked added after issue, by whom), the totals (an added charge carries no GCT: GCT is
 * on freight only), an invoice event the customer sees, an audit row and, unless `quiet`, the
 * customer told. The one path for every line added after issue: a clerk's, the sweep's, the
 * billing of pending charges.
 */
export async function addLineToInvoice(
  tx: DbOrTx,
  input: { actor: Actor | null; invoice: InvoiceRow; line: AddedLine; publicUrl: string; quiet?: boolean },
): Promise<{ invoice: InvoiceRow; lineId: string }> {
  const { actor, invoice, line } = input;
  const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${invoiceLines.position}) + 1, 0)::int` })
    .from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  const addedBy = actor && actor.principal.kind === 'user' ? actor.principal.id : null;
  const [inserted] = await tx.insert(invoiceLines).values({
    courierId: invoice.courierId, invoiceId: invoice.id, position: next, code: line.code, description: line.description,
    amountCents: line.amountCents, packageId: line.packageId, addedAfterIssue: true, addedBy,
  }).returning({ id: invoiceLines.id });
  const [updated] = await tx.update(invoices).set({
    totalCents: sql`${invoices.totalCents} + ${line.amountCents}`, subtotalCents: sql`${invoices.subtotalCents} + ${line.amountCents}`, updatedAt: sql`now()`,
  }).where(eq(invoices.id, invoice.id)).returning();
  if (!updated || !inserted) throw new Error('invoice update returned nothing');
  await tx.insert(invoiceEvents).values({
    courierId: invoice.courierId, invoiceId: invoice.id, kind: 'line_added', note: `${line.label}: ${line.description}`, amountCents: line.amountCents,
    ...actorFields(actor), details: withImpersonation(actor, { code: line.code, description: line.description, totalCents: updated.totalCents }) ?? null, createdAt: eventTime,
  });
  await auditInvoice(tx, actor, {
    courierId: invoice.courierId, action: 'invoice.line_added', targetId: invoice.id,
    details: { invoiceNo: invoice.invoiceNo, code: line.code, description: line.description, amountCents: line.amountCents, totalCents: updated.totalCents },
  });
  if (!input.quiet) {
    await tellInvoiceCustomer(tx, {
      invoice, publicUrl: input.publicUrl,
      title: `Invoice ${invoice.invoiceNo}: ${line.label.toLowerCase()} added`,
      body: `${line.label} (${line.description}) of ${formatMoney(line.amountCents)} was added to invoice ${invoice.invoiceNo}. Amount due now: ${formatMoney(updated.balanceCents)}.`,
    });
  }
  return { invoice: updated, lineId: inserted.id };
}

const PENDING_LABELS: Record<PendingChargeLine['code'], string> = { storage_fee: 'Storage fee', switching_fee: 'Branch switching fee', delivery_fee: 'Delivery fee' };

/** The parcel's charges not yet billed, oldest first (read under the parcel's row lock). */
async function pendingChargesOf(tx: DbOrTx, packageId: string): Promise<PendingCharge[]> {
  const storage = await tx.select({ id: storageCharges.id, chargeDay: storageCharges.chargeDay, amountCents: storageCharges.amountCents })
    .from(storageCharges).where(and(eq(storageCharges.packageId, packageId), isNull(storageCharges.invoiceId))).orderBy(asc(storageCharges.chargeDay));
  const fees = await tx.select({ id: packageCharges.id, kind: packageCharges.kind, amountCents: packageCharges.amountCents, note: packageCharges.note })
    .from(packageCharges).where(and(eq(packageCharges.packageId, packageId), isNull(packageCharges.invoiceId), sql`${packageCharges.amountCents} > 0`))
    .orderBy(asc(packageCharges.createdAt), asc(packageCharges.id));
  return [
    ...storage.map((row) => ({ source: 'storage' as const, ...row })),
    ...fees.map((row) => ({ source: 'package' as const, ...row })),
  ];
}

/** Points the charges of a line at it; every one must still be unbilled (the database refuses a second billing). */
async function markBilled(tx: DbOrTx, line: PendingChargeLine, invoiceId: string, lineId: string): Promise<void> {
  const set = { invoiceId, invoiceLineId: lineId };
  const storage = line.chargeIds.storage.length === 0 ? [] : await tx.update(storageCharges).set(set)
    .where(and(inArray(storageCharges.id, line.chargeIds.storage), isNull(storageCharges.invoiceId))).returning({ id: storageCharges.id });
  const fees = line.chargeIds.package.length === 0 ? [] : await tx.update(packageCharges).set(set)
    .where(and(inArray(packageCharges.id, line.chargeIds.package), isNull(packageCharges.invoiceId))).returning({ id: packageCharges.id });
  if (storage.length !== line.chargeIds.storage.length || fees.length !== line.chargeIds.package.length) {
    throw new Error('a pending charge was billed meanwhile');
  }
}

export interface BilledCharges {
  invoiceId: string;
  invoiceNo: string;
  supplementary: boolean;
  /** Whether this call issued the supplementary invoice. */
  created: boolean;
  amountCents: number;
  lines: number;
}

/**
 * Bills a parcel's pending charges (storage days, switching fee, delivery fee) exactly once, in the caller's
 * transaction: on its invoice while nothing is paid on it, else on its open supplementary
 * invoice, else on a new supplementary invoice ("charges after payment go on a new invoice").
 * Takes the parcel's row lock first, so two sweeps or two issuers at once queue and the second
 * finds nothing pending; the charge rows name the invoice and line, and the database (migration
 * 0022) refuses to bill a charge on a second invoice. A parcel without an invoice keeps its
 * charges pending: issuing its invoice bills them. Answers null when nothing was billed.
 */
export async function billPendingCharges(
  tx: DbOrTx,
  input: { actor: Actor | null; courierId: string; packageId: string; publicUrl: string; quiet?: boolean },
): Promise<BilledCharges | null> {
  const { actor, courierId } = input;
  const [pkg] = await tx.select({ id: packages.id, packageNo: packages.packageNo, customerId: packages.customerId, branchId: packages.branchId })
    .from(packages).where(and(eq(packages.courierId, courierId), eq(packages.id, input.packageId))).for('update');
  if (!pkg?.customerId) return null;
  const pending = await pendingChargesOf(tx, pkg.id);
  const lines = pendingChargeLines(pkg.packageNo, pending);
  if (lines.length === 0) return null;

  // The parcel's invoices not void, its own first, then supplementary ones, newest last.
  const linked = await tx.select({ invoice: invoices, supplementary: invoicePackages.supplementary }).from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.packageId, pkg.id), eq(invoicePackages.live, true)))
    .orderBy(asc(invoicePackages.supplementary), sql`${invoices.issuedAt} desc`, sql`${invoices.id} desc`)
    .for('update', { of: invoices });
  const main = linked.find((row) => !row.supplementary);
  if (!main) return null;
  let target: InvoiceRow | null = null;
  let supplementary = false;
  for (const row of linked) {
    if (await isOpenForCharges(tx, row.invoice)) { target = row.invoice; supplementary = row.supplementary; break; }
  }
  let created = false;
  if (!target) {
    target = await issueSupplementaryInvoice(tx, { actor, courierId, customerId: pkg.customerId, branchId: pkg.branchId ?? main.invoice.branchId, packageId: pkg.id, packageNo: pkg.packageNo, after: main.invoice });
    supplementary = true;
    created = true;
  }
  let invoice = target;
  for (const line of lines) {
    const added = await addLineToInvoice(tx, {
      actor, invoice, publicUrl: input.publicUrl, quiet: true,
      line: { code: line.code, description: line.description, amountCents: line.amountCents, packageId: pkg.id, label: PENDING_LABELS[line.code] },
    });
    invoice = added.invoice;
    await markBilled(tx, line, invoice.id, added.lineId);
  }
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (!input.quiet) {
    const what = lines.map((line) => `${PENDING_LABELS[line.code]} (${line.description}) ${formatMoney(line.amountCents)}`).join('; ');
    await tellInvoiceCustomer(tx, created ? {
      invoice, publicUrl: input.publicUrl,
      title: `Invoice ${invoice.invoiceNo}: ${formatMoney(invoice.balanceCents)} due`,
      body: `Charges for ${pkg.packageNo} after invoice ${main.invoice.invoiceNo} was paid are on a new invoice ${invoice.invoiceNo}: ${what}. Amount due: ${formatMoney(invoice.balanceCents)}.`,
    } : {
      invoice, publicUrl: input.publicUrl,
      title: `Invoice ${invoice.invoiceNo}: ${lines.length === 1 ? PENDING_LABELS[lines[0]!.code].toLowerCase() : 'charges'} added`,
      body: `${what} added to invoice ${invoice.invoiceNo} for ${pkg.packageNo}. Amount due now: ${formatMoney(invoice.balanceCents)}.`,
    });
  }
  return { invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, supplementary, created, amountCents, lines: lines.length };
}

/**
 * A new invoice, empty until the caller adds the charges, for a parcel whose invoice has payments:
 * numbered in the courier's invoice sequence, linked to the parcel as supplementary (it does not
 * take the place of the parcel's own invoice), with the settings snapshot and an `issued` event
 * naming the invoice it follows.
 */
async function issueSupplementaryInvoice(
  tx: DbOrTx,
  input: { actor: Actor | null; courierId: string; customerId: string; branchId: string | null; packageId: string; packageNo: string; after: InvoiceRow },
): Promise<InvoiceRow> {
  const { actor, courierId } = input;
  const invoiceNo = formatInvoiceNumber(await nextNumber(tx, courierId, 'invoice'));
  const settings = await loadPricingSnapshot(tx, courierId);
  const issuedBy = actor && actor.principal.kind === 'user' ? actor.principal.id : null;
  const [row] = await tx.insert(invoices).values({
    courierId, customerId: input.customerId, branchId: input.branchId, invoiceNo, status: 'unpaid', subtotalCents: 0, gctCents: 0, totalCents: 0,
    pricingSnapshot: { settings, supplementary: true, follows: input.after.invoiceNo }, issuedBy, dueAt: sql`now()`,
  }).returning();
  if (!row) throw new Error('invoice insert returned nothing');
  await tx.insert(invoicePackages).values({ invoiceId: row.id, packageId: input.packageId, courierId, supplementary: true });
  await tx.insert(invoiceEvents).values({
    courierId, invoiceId: row.id, kind: 'issued', note: `Charges for ${input.packageNo} after ${input.after.invoiceNo} was paid`, amountCents: 0,
    ...actorFields(actor), details: withImpersonation(actor, { packageNumber: input.packageNo, follows: input.after.invoiceNo, supplementary: true }) ?? null, createdAt: eventTime,
  });
  await auditInvoice(tx, actor, {
    courierId, action: 'invoice.issued', targetId: row.id,
    details: { count: 1, invoiceNumbers: [invoiceNo], supplementary: true, follows: input.after.invoiceNo },
  });
  return row;
}
