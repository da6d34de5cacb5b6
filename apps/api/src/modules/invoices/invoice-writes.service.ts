import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ChargeCode } from '@parceldesk/shared/domain/pricing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { ADDED_LINE_LABELS, INVOICE_MSG, type AddInvoiceLineInput } from '@parceldesk/shared/schemas/invoices';
import type { DbOrTx } from '../../db/client';
import { invoiceEvents, invoiceLines, invoicePackages, invoices, packageCharges, storageCharges } from '../../db/schema/index';
import { auditAction, withImpersonation, type Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import { addLineToInvoice, eventTime, hasLivePayments, isOpenForCharges, tellInvoiceCustomer } from '../../lib/invoice-charges';
import { loadInvoiceByNumber, type InvoiceRow } from './invoice-access';
import { issueInvoicesForPackages } from './issue-invoices.service';

const userActor = (actor: Actor) => ({
  actorType: actor.principal.kind === 'customer' ? 'customer' as const : 'user' as const,
  actorId: actor.principal.id,
});

/**
 * POST /invoices/{invoiceNo}/lines: a charge (assessed duty, storage) added to an UNPAID invoice.
 * Never silent: a line marked as added after issue, an invoice event the customer sees, an audit
 * row and the customer told (lib/invoice-charges addLineToInvoice, the path the sweep takes too,
 * with the system as actor). Once any payment is allocated the invoice is closed to new charges
 * (409: they go on a new invoice). GCT applies to freight only, so an added charge adds none.
 */
export async function addInvoiceLine(
  db: DbOrTx,
  input: { actor: Actor; invoiceNo: string; courierId?: string | undefined; line: AddInvoiceLineInput; publicUrl: string },
): Promise<InvoiceRow> {
  const { actor, line } = input;
  const invoice = await loadInvoiceByNumber(db, actor.principal, input.invoiceNo, { courierId: input.courierId, lock: true });
  if (invoice.status === 'void') throw conflict(INVOICE_MSG.invoiceVoid);
  if (!await isOpenForCharges(db, invoice)) throw conflict(INVOICE_MSG.lineAfterPayment);
  if (line.packageId) {
    const [onInvoice] = await db.select({ id: invoicePackages.packageId }).from(invoicePackages)
      .where(and(eq(invoicePackages.invoiceId, invoice.id), eq(invoicePackages.packageId, line.packageId)));
    if (!onInvoice) throw badRequest(INVOICE_MSG.packageNotOnInvoice, { packageId: INVOICE_MSG.packageNotOnInvoice });
  }
  // Without a package named, the charge is for the invoice's package when it bills exactly one.
  const onlyPackage = line.packageId ? [] : await db.select({ id: invoicePackages.packageId }).from(invoicePackages)
    .where(eq(invoicePackages.invoiceId, invoice.id)).limit(2);
  const added = await addLineToInvoice(db, {
    actor, invoice, publicUrl: input.publicUrl,
    line: { code: line.code, description: line.description, amountCents: line.amountCents, label: ADDED_LINE_LABELS[line.code], packageId: line.packageId ?? (onlyPackage.length === 1 ? onlyPackage[0]!.id : null) },
  });
  return added.invoice;
}

/**
 * The charges added to a voided invoice after issue (storage, delivery, duty, other, switching)
 * carried onto its replacement, each as a line added after issue with its history row; the
 * storage and package charges those lines billed now name the replacement's lines (the database
 * allows moving a billed charge only off a void invoice). Answers the replacement's amount due, or
 * null when there was nothing to copy.
 */
async function copyAddedCharges(
  db: DbOrTx,
  input: { actor: Actor; from: InvoiceRow; toInvoiceId: string; publicUrl: string },
): Promise<number | null> {
  const added = await db.select().from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, input.from.id), eq(invoiceLines.addedAfterIssue, true))).orderBy(asc(invoiceLines.position));
  if (added.length === 0) return null;
  const [target] = await db.select().from(invoices).where(eq(invoices.id, input.toInvoiceId)).for('update');
  if (!target) throw new Error('replacement invoice vanished');
  let invoice = target;
  for (const line of added) {
    const copy = await addLineToInvoice(db, {
      actor: input.actor, invoice, publicUrl: input.publicUrl, quiet: true,
      line: { code: line.code as ChargeCode, description: line.description, amountCents: line.amountCents, packageId: line.packageId, label: lineLabel(line.code) },
    });
    invoice = copy.invoice;
    const moved = { invoiceId: invoice.id, invoiceLineId: copy.lineId };
    await db.update(storageCharges).set(moved).where(eq(storageCharges.invoiceLineId, line.id));
    await db.update(packageCharges).set(moved).where(eq(packageCharges.invoiceLineId, line.id));
  }
  return invoice.balanceCents;
}

const lineLabel = (code: string): string =>
  (ADDED_LINE_LABELS as Record<string, string>)[code] ?? (code === 'switching_fee' ? 'Branch switching fee' : 'Other charge');

/**
 * POST /invoices/{invoiceNo}/void (courier admin, reason required): the invoice becomes void (kept,
 * with who, when and why), its packages are released and invoiced again at today's settings on a
 * replacement that names it, with the charges added to it after issue. Refused (409) while
 * recorded payments are allocated to it: void those first, so no money is left on a void invoice.
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
  const dueCents = await copyAddedCharges(db, { actor, from: invoice, toInvoiceId: replacement.invoiceId, publicUrl: input.publicUrl }) ?? replacement.totalCents;

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
  await tellInvoiceCustomer(db, {
    invoice, publicUrl: input.publicUrl, invoiceNo: replacement.invoiceNumber,
    title: `Invoice ${invoice.invoiceNo} replaced by ${replacement.invoiceNumber}`,
    body: `Invoice ${invoice.invoiceNo} was cancelled (${reason}). Invoice ${replacement.invoiceNumber} replaces it: amount due ${formatMoney(dueCents)}.`,
  });
  return { voided, replacementNo: replacement.invoiceNumber };
}
