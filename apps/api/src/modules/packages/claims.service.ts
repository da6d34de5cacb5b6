import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { trackingMatchKeys } from '@parceldesk/shared/domain/packages';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import {
  CLAIM_STATUS_LABELS, CLAIM_STATUSES, PACKAGE_MSG, type PackageClaim, type PackageClaimDecision, type PackageClaimInput,
  type packageClaimListColumns,
} from '@parceldesk/shared/schemas/packages';
import type { DbOrTx, Tx } from '../../db/client';
import { customers, packageClaims, packageFiles, packages, roles, storedFiles, users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import { isUniqueViolation } from '../../lib/pg-errors';
import { tellCustomer } from '../../lib/tell-customer';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';
import { createNotifications } from '../../lib/notifications';
import { storeDocument, type PackageDocument } from './package-form';
import { packageFileFields, toPackageFile } from './package-view';
import { giveToCustomer } from './package-writes.service';

type ClaimRow = typeof packageClaims.$inferSelect;

export function visibleClaims(principal: Principal, ...conditions: (SQL | undefined)[]): SQL | undefined {
  if (principal.kind === 'customer') {
    if (!principal.courierId) throw notFound();
    return and(eq(packageClaims.courierId, principal.courierId), eq(packageClaims.customerId, principal.id), ...conditions);
  }
  return tenantWhere(packageClaims, scopeOf(principal), ...conditions);
}

const customerName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;
const fields = {
  id: packageClaims.id, trackingNumber: packageClaims.trackingNumber, status: packageClaims.status, note: packageClaims.note,
  decisionReason: packageClaims.decisionReason, decidedAt: packageClaims.decidedAt, packageId: packageClaims.packageId, packageNo: packages.packageNo,
  customerId: packageClaims.customerId, customerName, mailboxNumber: customers.mailboxNumber, courierId: packageClaims.courierId, createdAt: packageClaims.createdAt,
};
type Row = {
  id: string; trackingNumber: string; status: PackageClaim['status']; note: string | null; decisionReason: string | null; decidedAt: Date | null;
  packageId: string; packageNo: string; customerId: string; customerName: string; mailboxNumber: string; courierId: string; createdAt: Date;
};

async function proofsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, ReturnType<typeof toPackageFile>>();
  const rows = await db.select({ ...packageFileFields, claimId: packageFiles.claimId }).from(packageFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, packageFiles.storedFileId)).where(inArray(packageFiles.claimId, ids));
  return new Map(rows.map((r) => [r.claimId ?? '', toPackageFile(r)]));
}

/** The claimant learns which package it is only once the claim is approved; staff always. */
function toClaim(row: Row, proofs: Map<string, ReturnType<typeof toPackageFile>>, forCustomer: boolean): PackageClaim {
  const reveal = !forCustomer || row.status === 'approved';
  return {
    id: row.id, trackingNumber: row.trackingNumber, status: row.status, note: row.note, decisionReason: row.decisionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null, packageId: reveal ? row.packageId : null, packageNumber: reveal ? row.packageNo : null,
    proof: proofs.get(row.id) ?? null, customer: { id: row.customerId, name: row.customerName, mailboxNumber: row.mailboxNumber },
    courierId: row.courierId, createdAt: row.createdAt.toISOString(),
  };
}

export async function getClaim(db: DbOrTx, principal: Principal, id: string): Promise<PackageClaim> {
  const [row] = await db.select(fields).from(packageClaims)
    .innerJoin(customers, eq(customers.id, packageClaims.customerId)).innerJoin(packages, eq(packages.id, packageClaims.packageId))
    .where(visibleClaims(principal, eq(packageClaims.id, id)));
  if (!row) throw notFound();
  return toClaim(row as Row, await proofsOf(db, [row.id]), principal.kind === 'customer');
}

const statusOptions = CLAIM_STATUSES.map((value) => ({ value, label: CLAIM_STATUS_LABELS[value] }));

/** GET /package-claims (list convention): a customer their own, staff (packages_unknown) their courier's. */
export async function listClaims(db: DbOrTx, principal: Principal, query: ListQuery) {
  const columns: ColumnsOf<typeof packageClaimListColumns> = {
    trackingNumber: { sql: packageClaims.trackingNumber, sortable: true, searchable: true, filter: 'text' },
    status: { sql: packageClaims.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    customerName: { sql: customerName, sortable: true, searchable: principal.kind !== 'customer', filter: 'text' },
    createdAt: { sql: localDateTime(packageClaims.createdAt), sortable: true, sortBy: [packageClaims.createdAt], filter: 'text' },
  };
  const page = await runListQuery({
    db,
    select: fields,
    from: (q) => q.from(packageClaims)
      .innerJoin(customers, and(eq(customers.id, packageClaims.customerId), eq(customers.courierId, packageClaims.courierId)))
      .innerJoin(packages, eq(packages.id, packageClaims.packageId))
      .$dynamic(),
    where: visibleClaims(principal),
    columns,
    query,
    statement: 'claims',
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: packageClaims.id,
    map: (row) => row as Row,
  });
  const proofs = await proofsOf(db, page.data.map((r) => r.id));
  return { ...page, data: page.data.map((row) => toClaim(row, proofs, principal.kind === 'customer')) };
}

/**
 * POST /package-claims (customer): an unknown package of their courier with this full tracking
 * number, and a proof. Anything else (no such package, or one that is someone's) answers the
 * same "not found", so a claim never reveals another customer's parcel.
 */
export async function createClaim(db: DbOrTx, input: { actor: Actor; form: PackageClaimInput; proof: PackageDocument | null }): Promise<string> {
  const { principal } = input.actor;
  if (principal.kind !== 'customer' || !principal.courierId) throw forbidden();
  const courierId = principal.courierId;
  if (!input.proof) throw badRequest(PACKAGE_MSG.proofRequired, { proof: PACKAGE_MSG.proofRequired });
  const proof = input.proof;
  try {
    const [pkg] = await db.select({ id: packages.id, trackingNumber: packages.trackingNumber }).from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.status, 'unknown'), inArray(packages.trackingNumber, trackingMatchKeys(input.form.trackingNumber))))
      .limit(1);
    if (!pkg) throw notFound(PACKAGE_MSG.claimNotFound);
    const [claim] = await db.insert(packageClaims).values({
      courierId, customerId: principal.id, packageId: pkg.id, trackingNumber: pkg.trackingNumber, note: input.form.note ?? null,
    }).returning({ id: packageClaims.id });
    if (!claim) throw new Error('claim insert returned nothing');
    await storeDocument(db, { courierId, kind: 'claim_proof', file: proof, owner: { claimId: claim.id } });
    const deciders = await claimDecidersOf(db, courierId);
    await createNotifications(db, deciders.map((user) => ({
      courierId, userId: user.id, type: 'package.claim', title: `New claim for ${pkg.trackingNumber}`,
      body: `A customer claims the unknown package with tracking ${pkg.trackingNumber}${input.form.note ? `: ${input.form.note}` : ''}`,
      link: `${user.role === 'courier_admin' ? '/admin' : '/staff'}/unknown-packages`,
    })));
    await auditAction(db, input.actor, {
      courierId, action: 'package.claim_submitted', targetType: 'package_claim', targetId: claim.id, details: { packageId: pkg.id, proof: proof.fileName },
    });
    return claim.id;
  } catch (error) {
    // The duplicate aborted the caller's transaction; the 409 rolls the command back.
    if (isUniqueViolation(error, 'package_claims_pending_key')) throw conflict(PACKAGE_MSG.claimDuplicate);
    throw error;
  }
}

/** The courier's people who decide claims: its admins, and staff holding packages_unknown directly or through their role. */
async function claimDecidersOf(tx: DbOrTx, courierId: string) {
  return tx.select({ id: users.id, role: users.role }).from(users).leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.courierId, courierId), eq(users.isActive, true), or(
      eq(users.role, 'courier_admin'), sql`'packages_unknown' = any(${users.permissions})`, sql`'packages_unknown' = any(${roles.permissions})`,
    )));
}

/** The claimant is told the decision either way: in the portal and by email (unless they switched package emails off). */
async function tellClaimant(tx: DbOrTx, claim: ClaimRow, input: { approved: boolean; reason: string | null; packageNo: string; publicUrl: string }) {
  const title = input.approved ? `Claim approved: ${input.packageNo} is yours` : `Claim not approved (tracking ${claim.trackingNumber})`;
  const body = input.approved
    ? `Your claim for tracking ${claim.trackingNumber} was approved: package ${input.packageNo} is now in your account.${input.reason ? ` ${input.reason}` : ''}`
    : `Your claim for tracking ${claim.trackingNumber} was not approved. Reason: ${input.reason ?? 'not given'}`;
  await tellCustomer(tx, {
    courierId: claim.courierId, customerId: claim.customerId, type: 'package.claim', title, body, link: '/customer/packages',
    publicUrl: input.publicUrl, email: 'package_emails', linkLabel: 'Your packages',
  });
}

/**
 * PUT /package-claims/{id} (packages_unknown): approve (the package becomes the claimant's,
 * received, with the unknown fee) or reject with a reason. Approving one claim rejects the
 * other pending claims of the package; everyone is told.
 */
export async function decideClaim(db: Tx, input: { actor: Actor; id: string; decision: PackageClaimDecision; publicUrl: string }): Promise<void> {
  const { actor, decision } = input;
  const [claim] = await db.select().from(packageClaims).where(visibleClaims(actor.principal, eq(packageClaims.id, input.id))).for('update');
  if (!claim) throw notFound();
  if (claim.status !== 'pending') throw conflict(PACKAGE_MSG.claimDecided);
  const [pkg] = await db.select().from(packages).where(eq(packages.id, claim.packageId)).for('update');
  if (!pkg) throw notFound();
  const reason = decision.reason ?? null;
  const decided = { decisionReason: reason, decidedBy: actor.principal.kind === 'user' ? actor.principal.id : null, decidedAt: sql`now()`, updatedAt: sql`now()` };
  if (decision.decision === 'approve') {
    await giveToCustomer(db, { actor, pkg, customerId: claim.customerId, kind: 'claimed', note: reason, publicUrl: input.publicUrl, details: { claimId: claim.id } });
    await db.update(packageClaims).set({ status: 'approved', ...decided }).where(eq(packageClaims.id, claim.id));
    await tellClaimant(db, claim, { approved: true, reason, packageNo: pkg.packageNo, publicUrl: input.publicUrl });
    const others = await db.update(packageClaims).set({ status: 'rejected', ...decided, decisionReason: 'Another claim for this package was approved' })
      .where(and(eq(packageClaims.packageId, pkg.id), eq(packageClaims.status, 'pending'), ne(packageClaims.id, claim.id))).returning();
    for (const other of others) await tellClaimant(db, other, { approved: false, reason: other.decisionReason, packageNo: pkg.packageNo, publicUrl: input.publicUrl });
  } else {
    await db.update(packageClaims).set({ status: 'rejected', ...decided }).where(eq(packageClaims.id, claim.id));
    await tellClaimant(db, claim, { approved: false, reason, packageNo: pkg.packageNo, publicUrl: input.publicUrl });
  }
  await auditAction(db, actor, {
    courierId: claim.courierId, action: decision.decision === 'approve' ? 'package.claim_approved' : 'package.claim_rejected', targetType: 'package_claim', targetId: claim.id,
    details: { packageId: pkg.id, packageNo: pkg.packageNo, customerId: claim.customerId, reason },
  });
}
