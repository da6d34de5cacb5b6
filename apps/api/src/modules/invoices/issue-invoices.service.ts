import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatInvoiceNumber, invoiceStatusFor } from '@parceldesk/shared/domain/billing';
import { isDomainError } from '@parceldesk/shared/domain/domain-error';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { ChargeCode } from '@parceldesk/shared/domain/pricing';
import { INVOICE_MSG } from '@parceldesk/shared/schemas/invoices';
import type { DbOrTx } from '../../db/client';
import {
  couriers, customers, invoiceEvents, invoiceLines, invoicePackages, invoices, notifications, packageCharges, packages, pricingSnapshots, storageCharges,
} from '../../db/schema/index';
import { auditAction, withImpersonation, type Actor } from '../../lib/actor';
import { writeAudit } from '../../lib/audit';
import { actorFields, billPendingCharges, invoicePortalLink } from '../../lib/invoice-charges';
import { nextNumbers } from '../../lib/counters';
import { enqueueEmails, type OutgoingEmail } from '../../mail/outbox';
import { loadInvoicePricing, priceInvoicePackage, type InvoicePricing, type PricedPackage } from './invoice-pricing';

export interface IssuedInvoice {
  invoiceId: string;
  invoiceNumber: string;
  packageId: string;
  packageNumber: string;
  customerId: string;
  totalCents: number;
}

export interface SkippedPackage {
  packageId: string;
  packageNumber: string;
  invoiceNumber: string | null;
  reason: string;
  /** Why, for callers that decide on it: already invoiced (the idempotent case), or cannot be invoiced. */
  kind: 'invoiced' | 'no_customer' | 'not_billable' | 'pricing';
}

export interface IssueInvoicesResult {
  issued: IssuedInvoice[];
  skipped: SkippedPackage[];
}

/** Statuses a package is never invoiced at (it left, or was given up). */
const NOT_BILLABLE = new Set(['returned', 'abandoned', 'unknown']);

type PackageForInvoice = Awaited<ReturnType<typeof lockPackages>>[number];

/** The packages named, in the courier, locked in id order (two issues at once queue here, never deadlock). */
function lockPackages(tx: DbOrTx, courierId: string, ids: readonly string[]) {
  return tx.select({
    id: packages.id, packageNo: packages.packageNo, trackingNumber: packages.trackingNumber, status: packages.status,
    customerId: packages.customerId, branchId: packages.branchId, service: packages.service,
    weight: packages.weight, length: packages.length, width: packages.width, height: packages.height,
    volumetricDivisor: packages.volumetricDivisor, chargeableWeight: packages.chargeableWeight, unknownFeeCents: packages.unknownFeeCents,
    receivedAt: packages.receivedAt,
    customerBranchId: customers.branchId, firstName: customers.firstName, email: customers.email, isActive: customers.isActive,
    membershipType: customers.membershipType,
  }).from(packages)
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .where(and(eq(packages.courierId, courierId), inArray(packages.id, [...ids])))
    .orderBy(asc(packages.id))
    .for('update', { of: packages });
}

/** The live (not void, not supplementary) invoice of each package that has one. */
async function liveInvoicesOf(tx: DbOrTx, packageIds: readonly string[]): Promise<Map<string, string>> {
  if (packageIds.length === 0) return new Map();
  const rows = await tx.select({ packageId: invoicePackages.packageId, invoiceNo: invoices.invoiceNo })
    .from(invoicePackages).innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(inArray(invoicePackages.packageId, [...packageIds]), eq(invoicePackages.live, true), eq(invoicePackages.supplementary, false)));
  return new Map(rows.map((row) => [row.packageId, row.invoiceNo]));
}

interface Planned {
  pkg: PackageForInvoice;
  priced: PricedPackage;
}

/**
 * Issues one invoice per package named (issue 13, "Invoices"), priced from the courier's settings
 * in force now, inside the caller's transaction: manifest arrival and reconciliation call it with
 * their own transaction, POST /invoices with its own. Idempotent: a package that already has a
 * live invoice is skipped (and so is one without a customer, or returned, or one pricing refuses),
 * so calling it twice, or from two requests at once, bills each package once: the packages'
 * row locks order concurrent calls and the partial unique index of invoice_packages is the
 * backstop. Each customer is told (in-app and by email through the outbox) with the amount due.
 * `actor` is null when the system issues (a scheduled job).
 * Packages of another courier are ignored: callers pass ids they loaded in their scope.
 */
export async function issueInvoicesForPackages(
  tx: DbOrTx,
  input: {
    actor: Actor | null; courierId: string; packageIds: readonly string[];
    /** The portal address for the email's link (the app's PUBLIC_URL). */
    publicUrl?: string;
    /** Settings already loaded by the caller (several calls in one command). */
    pricing?: InvoicePricing;
    /** The caller tells the customer itself (a replacement after a void). */
    quiet?: boolean;
    /**
     * False when the caller sets `packages.invoice_id` from `issued` in an UPDATE of the same
     * parcels it makes anyway (manifest arrival): a second UPDATE of 5,000 parcels rewrites every
     * index of packages again (1.3-2.0 s of an arrival at load 9-16).
     */
    linkPackages?: boolean;
  },
): Promise<IssueInvoicesResult> {
  const ids = [...new Set(input.packageIds)];
  if (ids.length === 0) return { issued: [], skipped: [] };
  const { actor, courierId } = input;
  const locked = await lockPackages(tx, courierId, ids);
  const byId = new Map(locked.map((row) => [row.id, row]));
  const live = await liveInvoicesOf(tx, locked.map((row) => row.id));
  const pricing = input.pricing ?? await loadInvoicePricing(tx, courierId);
  const withPending = await packagesWithPendingCharges(tx, locked.map((row) => row.id));

  const skipped: SkippedPackage[] = [];
  const planned: Planned[] = [];
  for (const id of ids) {
    const pkg = byId.get(id);
    if (!pkg) continue;
    const skip = (kind: SkippedPackage['kind'], reason: string, invoiceNumber: string | null = null) =>
      skipped.push({ packageId: pkg.id, packageNumber: pkg.packageNo, invoiceNumber, reason, kind });
    const existing = live.get(pkg.id);
    if (existing) {
      // Issuing again for an invoiced parcel bills what it owes since (storage, switching fee).
      const billed = withPending.has(pkg.id) && await billPendingCharges(tx, { actor, courierId, packageId: pkg.id, publicUrl: input.publicUrl ?? '', quiet: input.quiet ?? false });
      skip('invoiced', billed ? INVOICE_MSG.pendingBilled(existing, billed.amountCents, billed.invoiceNo) : INVOICE_MSG.alreadyInvoiced(existing), existing);
      continue;
    }
    if (!pkg.customerId) { skip('no_customer', INVOICE_MSG.noCustomer); continue; }
    if (NOT_BILLABLE.has(pkg.status)) { skip('not_billable', INVOICE_MSG.notBillable); continue; }
    try {
      planned.push({ pkg, priced: priceInvoicePackage(pkg, pricing) });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      skip('pricing', error.message);
    }
  }
  if (planned.length === 0) return { issued: [], skipped };

  // Numbers last: the counter row stays locked from here to commit.
  const first = await nextNumbers(tx, courierId, 'invoice', planned.length);
  const issuedAt = new Date();
  const issuedBy = actor && actor.principal.kind === 'user' ? actor.principal.id : null;
  const rows = planned.map(({ pkg, priced }, index) => ({
    id: randomUUID(), invoiceNo: formatInvoiceNumber(first + index), pkg, priced,
  }));

  // Set-based: each table takes one statement reading a JSON array (jsonb_to_recordset), so a
  // 5,000-parcel arrival is a handful of round trips, and the settings snapshot is sent once.
  const invoiceRows = rows.map(({ id, invoiceNo, pkg, priced }) => ({
    id, customer_id: pkg.customerId, branch_id: pkg.branchId ?? pkg.customerBranchId ?? null, invoice_no: invoiceNo,
    status: invoiceStatusFor(priced.totalCents, 0), subtotal_cents: priced.totalCents - priced.gctCents, gct_cents: priced.gctCents,
    total_cents: priced.totalCents, snapshot: priced.snapshot, package_id: pkg.id, note: `Issued for ${pkg.packageNo}`,
    details: { ...withImpersonation(actor, undefined), packageNumber: pkg.packageNo },
  }));
  const lineRows = rows.flatMap(({ id, pkg, priced }) => priced.lines.map((line, position) => ({
    invoice_id: id, position, code: line.code, description: line.description, amount_cents: line.amountCents, package_id: pkg.id,
  })));
  const { actorType, actorId } = actorFields(actor);
  const invoicesJson = JSON.stringify(invoiceRows);
  // The settings once for the whole issue, named by each invoice (migration 0028): copied into
  // every invoice they were 5,000 TOASTed copies of the same 4.5 KB, most of an arrival's insert.
  const [settings] = await tx.insert(pricingSnapshots).values({ courierId, settings: { ...pricing }, takenAt: issuedAt }).returning({ id: pricingSnapshots.id });
  await tx.execute(sql`
    insert into ${invoices} (id, courier_id, customer_id, branch_id, invoice_no, status, subtotal_cents, gct_cents, total_cents, pricing_snapshot, pricing_snapshot_id, issued_at, issued_by, due_at)
    select x.id, ${courierId}::uuid, x.customer_id, x.branch_id, x.invoice_no, x.status, x.subtotal_cents, x.gct_cents, x.total_cents,
      x.snapshot, ${settings!.id}::uuid, ${issuedAt}, ${issuedBy}::uuid, ${issuedAt}
    from jsonb_to_recordset(${invoicesJson}::jsonb) as x(id uuid, customer_id uuid, branch_id uuid, invoice_no text, status text,
      subtotal_cents integer, gct_cents integer, total_cents integer, snapshot jsonb)`);
  await tx.execute(sql`
    insert into ${invoicePackages} (invoice_id, package_id, courier_id)
    select x.id, x.package_id, ${courierId}::uuid from jsonb_to_recordset(${invoicesJson}::jsonb) as x(id uuid, package_id uuid)`);
  // added_by names who added a line after issue; the priced lines' issuer is the invoice's issued_by.
  // (Repeating the issuer on each line cost an index probe of users per line: 15,000 per arrival.)
  await tx.execute(sql`
    insert into ${invoiceLines} (courier_id, invoice_id, position, code, description, amount_cents, package_id, added_after_issue, added_at)
    select ${courierId}::uuid, x.invoice_id, x.position, x.code, x.description, x.amount_cents, x.package_id, false, ${issuedAt}
    from jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as x(invoice_id uuid, position integer, code text, description text, amount_cents integer, package_id uuid)`);
  await tx.execute(sql`
    insert into ${invoiceEvents} (courier_id, invoice_id, kind, note, amount_cents, actor_type, actor_id, details, created_at)
    select ${courierId}::uuid, x.id, 'issued', x.note, x.total_cents, ${actorType}, ${actorId}::uuid, x.details, clock_timestamp()
    from jsonb_to_recordset(${invoicesJson}::jsonb) as x(id uuid, note text, total_cents integer, details jsonb)`);
  // The package names its live invoice (its weights are then fixed: PUT /packages refuses).
  if (input.linkPackages !== false) {
    await tx.execute(sql`update ${packages} set invoice_id = v.invoice_id, updated_at = now()
      from (select unnest(${sql.param(rows.map((row) => row.pkg.id))}::uuid[]) as package_id,
                   unnest(${sql.param(rows.map((row) => row.id))}::uuid[]) as invoice_id) v
      where ${packages.id} = v.package_id`);
  }

  // Charges recorded on a parcel before it was invoiced (a branch switch, storage days) go on its
  // new invoice as lines added after issue; the customer's message below carries them.
  for (const row of rows) {
    if (!withPending.has(row.pkg.id)) continue;
    const billed = await billPendingCharges(tx, { actor, courierId, packageId: row.pkg.id, publicUrl: input.publicUrl ?? '', quiet: true });
    if (!billed) continue;
    const lines = await tx.select({ code: invoiceLines.code, description: invoiceLines.description, amountCents: invoiceLines.amountCents })
      .from(invoiceLines).where(and(eq(invoiceLines.invoiceId, row.id), eq(invoiceLines.addedAfterIssue, true)));
    row.priced = {
      ...row.priced,
      lines: [...row.priced.lines, ...lines.map((line) => ({ ...line, code: line.code as ChargeCode }))],
      totalCents: row.priced.totalCents + billed.amountCents,
    };
  }
  const issued = rows.map(({ id, invoiceNo, pkg, priced }): IssuedInvoice => ({
    invoiceId: id, invoiceNumber: invoiceNo, packageId: pkg.id, packageNumber: pkg.packageNo, customerId: pkg.customerId!, totalCents: priced.totalCents,
  }));
  if (!input.quiet) await tellCustomers(tx, { courierId, rows, publicUrl: input.publicUrl ?? '' });
  const audit = {
    courierId, action: 'invoice.issued', targetType: 'invoice', targetId: issued.length === 1 ? issued[0]!.invoiceId : undefined,
    details: { count: issued.length, invoiceNumbers: issued.slice(0, 100).map((row) => row.invoiceNumber), skipped: skipped.length },
  };
  if (actor) await auditAction(tx, actor, audit);
  else await writeAudit(tx, { ...audit, actorType: 'system', actorId: null });
  return { issued, skipped };
}

/** The packages among those named with a charge not billed yet (one statement for a whole arrival). */
async function packagesWithPendingCharges(tx: DbOrTx, packageIds: readonly string[]): Promise<Set<string>> {
  if (packageIds.length === 0) return new Set();
  const ids = sql.param([...packageIds]);
  const result = await tx.execute<{ package_id: string }>(sql`
    select package_id from ${storageCharges} where invoice_id is null and package_id = any(${ids}::uuid[])
    union select package_id from ${packageCharges} where invoice_id is null and amount_cents > 0 and package_id = any(${ids}::uuid[])`);
  return new Set(result.rows.map((row) => row.package_id));
}

/** In-app notification and email per invoice: what it is for and the amount due. */
async function tellCustomers(
  tx: DbOrTx,
  input: { courierId: string; rows: { invoiceNo: string; pkg: PackageForInvoice; priced: PricedPackage }[]; publicUrl: string },
): Promise<void> {
  const [courier] = await tx.select({ name: couriers.name, apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, input.courierId));
  if (!courier) return;
  const notes = input.rows.map(({ invoiceNo, pkg, priced }) => ({
    courierId: input.courierId, userId: null, customerId: pkg.customerId!, type: 'invoice.issued',
    title: `Invoice ${invoiceNo}: ${formatMoney(priced.totalCents)} due`,
    body: `Your invoice for ${pkg.packageNo} (tracking ${pkg.trackingNumber}) is ready. Amount due: ${formatMoney(priced.totalCents)}.`,
    link: `/customer/invoices/${encodeURIComponent(invoiceNo)}`,
  }));
  await tx.execute(sql`
    insert into ${notifications} (courier_id, customer_id, type, title, body, link)
    select x.courier_id, x.customer_id, x.type, x.title, x.body, x.link
    from jsonb_to_recordset(${JSON.stringify(notes.map((note) => ({ courier_id: note.courierId, customer_id: note.customerId, type: note.type, title: note.title, body: note.body, link: note.link })))}::jsonb)
      as x(courier_id uuid, customer_id uuid, type text, title text, body text, link text)`);
  const emails: OutgoingEmail[] = input.rows.filter(({ pkg }) => pkg.email && pkg.isActive).map(({ invoiceNo, pkg, priced }) => ({
    courierId: input.courierId,
    to: pkg.email!,
    subject: `${courier.name}: invoice ${invoiceNo}, ${formatMoney(priced.totalCents)} due`,
    text: [
      `Hello ${pkg.firstName ?? ''},`,
      '',
      `Your invoice ${invoiceNo} for package ${pkg.packageNo} (tracking ${pkg.trackingNumber}) is ready.`,
      '',
      ...priced.lines.map((line) => `${line.description}: ${formatMoney(line.amountCents)}`),
      `Total: ${formatMoney(priced.totalCents)}`,
      '',
      `Amount due: ${formatMoney(priced.totalCents)}`,
      '',
      'Pay at the counter when you collect, or by bank transfer (the bank details are on the invoice).',
      `See and download it: ${invoicePortalLink(input.publicUrl, courier.apiKey, invoiceNo)}`,
      '',
      courier.name,
    ].join('\n'),
  }));
  await enqueueEmails(tx, emails);
}
