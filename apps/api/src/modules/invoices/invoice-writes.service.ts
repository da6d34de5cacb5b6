import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { ADDED_LINE_LABELS, INVOICE_MSG, type AddInvoiceLineInput } from '@parceldesk/shared/schemas/invoices';
import type { DbOrTx } from '../../db/client';
import {
  couriers, customers, invoiceEvents, invoiceLines, invoicePackages, invoices, notifications, paymentAllocations, payments,
} from '../../db/schema/index';
import { auditAction, withImpersonation, type Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import { enqueueEmail } from '../../mail/outbox';
import { loadInvoiceByNumber, type InvoiceRow } from './invoice-access';
import { eventTime, invoicePortalLink, issueInvoicesForPackages } from './issue-invoices.service';

const userActor = (actor: Actor) => ({
  actorType: actor.principal.kind === 'customer' ? 'customer' as const : 'user' as const,
  actorId: actor.principal.id,
});

/** Whether any recorded (not void) payment is allocated to the invoice. */
async function hasLivePayments(tx: DbOrTx, invoiceId: string): Promise<boolean> {
  const [row] = await tx.select({ id: paymentAllocations.id }).from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(eq(paymentAllocations.invoiceId, invoiceId), eq(payments.status, 'recorded')))
    .limit(1);
  return Boolean(row);
}

/** Tells the invoice's customer of a change they should know about (in-app and email). */
async function tellCustomer(tx: DbOrTx, input: { invoice: InvoiceRow; title: string; body: string; publicUrl: string; invoiceNo?: string }): Promise<void> {
  const invoiceNo = input.invoiceNo ?? input.invoice.invoiceNo;
  await tx.insert(notifications).values({
    courierId: input.invoice.courierId, customerId: input.invoice.customerId, type: 'invoice.changed', title: input.title, body: input.body,
    link: `/customer/invoices/${encodeURIComponent(invoiceNo)}`,
  });
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

/**
 * POST /invoices/{invoiceNo}/lines: a charge (assessed duty, storage) added to an UNPAID invoice.
 * Never silent: a line marked as added after issue, an invoice event the customer sees, an audit
 * row and the customer told. Once any payment is allocated the invoice is closed to new charges
 * (409: they go on a new invoice). GCT applies to freight only, so an added charge adds none.
 */
export async function addInvoiceLine(
  db: DbOrTx,
  input: { actor: Actor; invoiceNo: string; courierId?: string | undefined; line: AddInvoiceLineInput; publicUrl: string },
): Promise<InvoiceRow> {
  const { actor, line } = input;
  const invoice = await loadInvoiceByNumber(db, actor.principal, input.invoiceNo, { courierId: input.courierId, lock: true });
  if (invoice.status === 'void') throw conflict(INVOICE_MSG.invoiceVoid);
  if (invoice.paidCents > 0 || invoice.status !== 'unpaid' || await hasLivePayments(db, invoice.id)) throw conflict(INVOICE_MSG.lineAfterPayment);
  if (line.packageId) {
    const [onInvoice] = await db.select({ id: invoicePackages.packageId }).from(invoicePackages)
      .where(and(eq(invoicePackages.invoiceId, invoice.id), eq(invoicePackages.packageId, line.packageId)));
    if (!onInvoice) throw badRequest(INVOICE_MSG.packageNotOnInvoice, { packageId: INVOICE_MSG.packageNotOnInvoice });
  }
  const [{ next } = { next: 0 }] = await db.select({ next: sql<number>`coalesce(max(${invoiceLines.position}) + 1, 0)::int` })
    .from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  const addedBy = actor.principal.kind === 'user' ? actor.principal.id : null;
  // Without a package named, the charge is for the invoice's package when it bills exactly one.
  const onlyPackage = line.packageId ? [] : await db.select({ id: invoicePackages.packageId }).from(invoicePackages)
    .where(eq(invoicePackages.invoiceId, invoice.id)).limit(2);
  await db.insert(invoiceLines).values({
    courierId: invoice.courierId, invoiceId: invoice.id, position: next, code: line.code, description: line.description,
    amountCents: line.amountCents, packageId: line.packageId ?? (onlyPackage.length === 1 ? onlyPackage[0]!.id : null), addedAfterIssue: true, addedBy,
  });
  const [updated] = await db.update(invoices).set({
    totalCents: sql`${invoices.totalCents} + ${line.amountCents}`, subtotalCents: sql`${invoices.subtotalCents} + ${line.amountCents}`, updatedAt: sql`now()`,
  }).where(eq(invoices.id, invoice.id)).returning();
  if (!updated) throw new Error('invoice update returned nothing');
  const label = ADDED_LINE_LABELS[line.code];
  await db.insert(invoiceEvents).values({
    courierId: invoice.courierId, invoiceId: invoice.id, kind: 'line_added', note: `${label}: ${line.description}`, amountCents: line.amountCents,
    ...userActor(actor), details: withImpersonation(actor, { code: line.code, description: line.description, totalCents: updated.totalCents }) ?? null, createdAt: eventTime,
  });
  await auditAction(db, actor, {
    courierId: invoice.courierId, action: 'invoice.line_added', targetType: 'invoice', targetId: invoice.id,
    details: { invoiceNo: invoice.invoiceNo, code: line.code, description: line.description, amountCents: line.amountCents, totalCents: updated.totalCents },
  });
  await tellCustomer(db, {
    invoice, publicUrl: input.publicUrl,
    title: `Invoice ${invoice.invoiceNo}: ${label.toLowerCase()} added`,
    body: `${label} (${line.description}) of ${formatMoney(line.amountCents)} was added to invoice ${invoice.invoiceNo}. Amount due now: ${formatMoney(updated.balanceCents)}.`,
  });
  return updated;
}

/**
 * POST /invoices/{invoiceNo}/void (courier admin, reason required): the invoice becomes void (kept,
 * with who, when and why), its packages are released and invoiced again at today's settings on a
 * replacement that names it. Refused (409) while recorded payments are allocated to it: void those
 * first, so no money is left on a void invoice.
 */
export async function voidInvoice(
  db: DbOrTx,
  input: { actor: Actor; invoiceNo: string; courierId?: string | undefined; reason: string; publicUrl: string },
): Promise<{ voided: InvoiceRow; replacementNo: string }> {
  const { actor, reason } = input;
  if (actor.principal.role !== 'courier_admin' && actor.principal.role !== 'super_admin') throw forbidden();
  const invoice = await loadInvoiceByNumber(db, actor.principal, input.invoiceNo, { courierId: input.courierId, lock: true });
  if (invoice.status === 'void') throw conflict(INVOICE_MSG.alreadyVoid);
  if (invoice.paidCents > 0 || await hasLivePayments(db, invoice.id)) throw conflict(INVOICE_MSG.voidHasPayments);

  const links = await db.select({ packageId: invoicePackages.packageId, supplementary: invoicePackages.supplementary })
    .from(invoicePackages).where(eq(invoicePackages.invoiceId, invoice.id));
  await db.update(invoicePackages).set({ live: false }).where(eq(invoicePackages.invoiceId, invoice.id));
  const voidedBy = actor.principal.kind === 'user' ? actor.principal.id : null;
  await db.update(invoices).set({ status: 'void', voidReason: reason, voidedBy, voidedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(invoices.id, invoice.id));

  const packageIds = links.filter((link) => !link.supplementary).map((link) => link.packageId);
  const result = await issueInvoicesForPackages(db, { actor, courierId: invoice.courierId, packageIds, publicUrl: input.publicUrl, quiet: true });
  const refused = result.skipped.find((skip) => skip.kind !== 'invoiced');
  if (refused || result.issued.length === 0) {
    throw conflict(refused ? `The replacement invoice cannot be issued: ${refused.packageNumber}: ${refused.reason}` : INVOICE_MSG.nothingIssued);
  }
  // One package per invoice: the replacement is the first (only) one issued.
  const replacement = result.issued[0]!;
  const replacementIds = result.issued.map((row) => row.invoiceId);
  await db.update(invoices).set({ replacesInvoiceId: invoice.id }).where(inArray(invoices.id, replacementIds));
  const [voided] = await db.update(invoices).set({ replacedByInvoiceId: replacement.invoiceId }).where(eq(invoices.id, invoice.id)).returning();
  if (!voided) throw new Error('invoice update returned nothing');

  const details = withImpersonation(actor, { reason, replacementNo: replacement.invoiceNumber }) ?? null;
  await db.insert(invoiceEvents).values([
    { courierId: invoice.courierId, invoiceId: invoice.id, kind: 'voided', note: reason, amountCents: invoice.totalCents, ...userActor(actor), details, createdAt: eventTime },
    ...result.issued.map((row) => ({
      courierId: invoice.courierId, invoiceId: row.invoiceId, kind: 'replaced' as const, note: `Replaces ${invoice.invoiceNo}`,
      amountCents: row.totalCents, ...userActor(actor), details: { replacesNo: invoice.invoiceNo }, createdAt: eventTime,
    })),
  ]);
  await auditAction(db, actor, {
    courierId: invoice.courierId, action: 'invoice.voided', targetType: 'invoice', targetId: invoice.id,
    details: { invoiceNo: invoice.invoiceNo, reason, totalCents: invoice.totalCents, replacementNos: result.issued.map((row) => row.invoiceNumber) },
  });
  await tellCustomer(db, {
    invoice, publicUrl: input.publicUrl, invoiceNo: replacement.invoiceNumber,
    title: `Invoice ${invoice.invoiceNo} replaced by ${replacement.invoiceNumber}`,
    body: `Invoice ${invoice.invoiceNo} was cancelled (${reason}). Invoice ${replacement.invoiceNumber} replaces it: amount due ${formatMoney(replacement.totalCents)}.`,
  });
  return { voided, replacementNo: replacement.invoiceNumber };
}
