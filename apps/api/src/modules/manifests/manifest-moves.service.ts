import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BASE_PATH } from '@parceldesk/shared/constants';
import {
  assertManifestMove, MANIFEST_MSG, MANIFEST_STATUS_LABELS, mayMakeManifestMove, type ManifestAction,
} from '@parceldesk/shared/domain/manifests';
import {
  isNotifyingStatus, PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_LABELS, PACKAGE_STATUS_NEXT_STEP, type PackageStatus,
} from '@parceldesk/shared/domain/packages';
import type { ManifestStatusChange } from '@parceldesk/shared/schemas/manifests';
import type { DbOrTx } from '../../db/client';
import { couriers, customers, manifestPackages, manifests, packages } from '../../db/schema/index';
import { actorTypeOf, auditAction, withImpersonation, type Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';
import { enqueueEmails, type OutgoingEmail } from '../../mail/outbox';
import { issueInvoicesForPackages } from '../invoices/issue-invoices.service';
import { loadManifest, type ManifestRow } from './manifest-access';
import { recordManifestEvent } from './manifest-writes.service';
import { createNotifications, type NewNotification } from '../../lib/notifications';

const today = sql.raw(`(now() at time zone '${LOCAL_TIME_ZONE}')::date`);

/** What must hold before a manifest is sealed: its waybill, at least one parcel, every parcel manifested. */
async function assertClosable(tx: DbOrTx, manifest: ManifestRow): Promise<void> {
  if (manifest.service === 'air' && !manifest.mawb) throw conflict(MANIFEST_MSG.waybillBeforeClose, { mawb: MANIFEST_MSG.waybillBeforeClose });
  if (manifest.service === 'sea' && !manifest.billOfLading) throw conflict(MANIFEST_MSG.billOfLadingBeforeClose, { billOfLading: MANIFEST_MSG.billOfLadingBeforeClose });
  const rows = await tx.select({ packageNo: packages.packageNo, status: packages.status }).from(manifestPackages)
    .innerJoin(packages, eq(packages.id, manifestPackages.packageId))
    .where(and(eq(manifestPackages.manifestId, manifest.id), isNull(manifestPackages.releasedAt)));
  if (rows.length === 0) throw conflict(MANIFEST_MSG.emptyManifest);
  const astray = rows.filter((r) => r.status !== 'manifested');
  if (astray.length > 0) {
    const named = astray.slice(0, 5).map((r) => `${r.packageNo} (${PACKAGE_STATUS_LABELS[r.status]})`).join(', ');
    throw conflict(`${astray.length} package${astray.length === 1 ? ' is' : 's are'} no longer Manifested: ${named}${astray.length > 5 ? ' …' : ''}. Remove ${astray.length === 1 ? 'it' : 'them'} before closing.`);
  }
}

interface MovedPackage { id: string; customerId: string | null; packageNo: string; trackingNumber: string; shipper: string | null }

/**
 * Every current parcel of the manifest in `from` moves to `to`, each with one history row: two
 * set-based statements, so a 5,000-parcel manifest moves in one round trip each.
 */
async function moveParcels(
  tx: DbOrTx, manifest: ManifestRow, from: PackageStatus, to: PackageStatus, note: string, actor: Actor,
  /** Invoices just issued for parcels that move (arrival): each parcel names its own in the same UPDATE. */
  invoiceOf: ReadonlyMap<string, string> = new Map(),
): Promise<MovedPackage[]> {
  const details = JSON.stringify(withImpersonation(actor, { manifestId: manifest.id, manifestNumber: manifest.number }) ?? {});
  // Closing and reopening leave the status as it is: the parcels are only read (an UPDATE of 5,000
  // rows rewrites every index of packages, the trigram one included), and each gets its history row.
  const moved = from === to
    ? sql`select p.id, p.courier_id, p.customer_id, p.package_no, p.tracking_number, p.shipper
      from ${manifestPackages} mp join ${packages} p on p.id = mp.package_id
      where mp.manifest_id = ${manifest.id} and mp.released_at is null and p.status = ${from}`
    : sql`update ${packages} p set status = ${to}, updated_at = now(), invoice_id = coalesce(v.invoice_id, p.invoice_id)
      from ${manifestPackages} mp
        left join (select unnest(${sql.param([...invoiceOf.keys()])}::uuid[]) as package_id, unnest(${sql.param([...invoiceOf.values()])}::uuid[]) as invoice_id) v
          on v.package_id = mp.package_id
      where mp.manifest_id = ${manifest.id} and mp.released_at is null and p.id = mp.package_id and p.status = ${from}
      returning p.id, p.courier_id, p.customer_id, p.package_no, p.tracking_number, p.shipper`;
  const result = await tx.execute<{ id: string; customer_id: string | null; package_no: string; tracking_number: string; shipper: string | null }>(sql`
    with moved as (${moved}), history as (
      insert into package_events (courier_id, package_id, kind, status, note, actor_type, actor_id, details)
      select courier_id, id, 'manifest', ${to}, ${note}, ${actorTypeOf(actor.principal)}, ${actor.principal.id}::uuid, ${details}::jsonb from moved
    )
    select id, customer_id, package_no, tracking_number, shipper from moved`);
  return result.rows.map((r) => ({ id: r.id, customerId: r.customer_id, packageNo: r.package_no, trackingNumber: r.tracking_number, shipper: r.shipper }));
}

/** The manifest's current parcels in `from`, the ones a move takes (the manifest row is locked: none joins or leaves meanwhile). */
async function arriving(tx: DbOrTx, manifest: ManifestRow, from: PackageStatus): Promise<string[]> {
  const rows = await tx.select({ id: packages.id }).from(manifestPackages).innerJoin(packages, eq(packages.id, manifestPackages.packageId))
    .where(and(eq(manifestPackages.manifestId, manifest.id), isNull(manifestPackages.releasedAt), eq(packages.status, from)));
  return rows.map((row) => row.id);
}

/**
 * The customers of the moved parcels hear of it once each, however many of their parcels travel:
 * an in-app notification always, an email unless they switched package emails off (domain.md:
 * customers are told at in transit and, issue 12, at arrival).
 */
async function tellCustomers(tx: DbOrTx, manifest: ManifestRow, moved: MovedPackage[], status: PackageStatus, publicUrl: string): Promise<number> {
  const byCustomer = new Map<string, MovedPackage[]>();
  for (const p of moved) if (p.customerId) byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p]);
  if (byCustomer.size === 0) return 0;
  const [courier] = await tx.select({ name: couriers.name, apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, manifest.courierId));
  const people = await tx.select({ id: customers.id, firstName: customers.firstName, email: customers.email, packageEmails: customers.packageEmails, isActive: customers.isActive })
    .from(customers).where(and(eq(customers.courierId, manifest.courierId), inArray(customers.id, [...byCustomer.keys()])));
  const label = PACKAGE_STATUS_CUSTOMER_LABELS[status];
  const notes: NewNotification[] = [];
  const emails: OutgoingEmail[] = [];
  for (const person of people) {
    const parcels = byCustomer.get(person.id) ?? [];
    const first = parcels[0]!;
    const what = (p: MovedPackage) => `${p.packageNo} (tracking ${p.trackingNumber}${p.shipper ? `, from ${p.shipper}` : ''})`;
    const title = parcels.length === 1 ? `${first.packageNo}: ${label}` : `${parcels.length} packages: ${label}`;
    const body = parcels.length === 1 ? `${what(first)} is now ${label}. ${PACKAGE_STATUS_NEXT_STEP[status]}` : `${parcels.map((p) => p.packageNo).join(', ')} are now ${label}. ${PACKAGE_STATUS_NEXT_STEP[status]}`;
    notes.push({ courierId: manifest.courierId, customerId: person.id, userId: null, type: 'package.status', title, body, link: `/customer/packages?package=${encodeURIComponent(first.packageNo)}` });
    if (!person.packageEmails || !person.isActive || !courier) continue;
    const link = `${publicUrl}${BASE_PATH}/customer/packages?package=${encodeURIComponent(first.packageNo)}&api_key=${encodeURIComponent(courier.apiKey)}`;
    emails.push({
      courierId: manifest.courierId, to: person.email, subject: `${courier.name}: ${title}`,
      text: [
        `Hello ${person.firstName},`, '',
        parcels.length === 1 ? `Your package ${what(first)} is now: ${label}.` : `These packages of yours are now: ${label}.`,
        ...(parcels.length === 1 ? [] : ['', ...parcels.map((p) => `- ${what(p)}`)]),
        '', `Status: ${label}`, '', PACKAGE_STATUS_NEXT_STEP[status], '',
        `See it in your account: ${link}`, '', 'You can switch package emails off in your profile.', '', courier.name,
      ].join('\n'),
    });
  }
  await createNotifications(tx, notes);
  await enqueueEmails(tx, emails);
  return emails.length;
}

/**
 * POST /manifests/{id}/status: close, reopen, depart or arrive. The manifest row is locked first
 * (loading in flight finishes before, none starts during); then every current parcel moves with
 * it in this transaction, the manifest's history and the audit record the move, and customers are
 * told where their parcels' new status says so.
 */
export async function changeManifestStatus(
  tx: DbOrTx,
  { actor, manifestId, change, publicUrl }: { actor: Actor; manifestId: string; change: ManifestStatusChange; publicUrl: string },
): Promise<{ moved: number; skipped: number; message: string }> {
  const action: ManifestAction = change.action;
  if (!mayMakeManifestMove(action, actor.principal.role)) throw forbidden(MANIFEST_MSG.reopenAdminOnly);
  const manifest = await loadManifest(tx, actor.scope, manifestId, 'update');
  const move = assertManifestMove(manifest.status, action);
  if (action === 'reopen' && !change.note) throw badRequest(MANIFEST_MSG.reopenReasonRequired, { note: MANIFEST_MSG.reopenReasonRequired });
  if (action === 'close') await assertClosable(tx, manifest);

  const note = `Manifest ${manifest.number} ${MANIFEST_STATUS_LABELS[move.to].toLowerCase()}${change.note ? `: ${change.note}` : ''}`;
  // Issue 13: arrival at the destination invoices each arriving parcel, priced from the settings in
  // force now, in this transaction (a parcel already invoiced, or one pricing refuses, is skipped
  // and stays listed for staff to invoice by hand). Issued before the move so that the move's one
  // UPDATE of the parcels also names their invoices (docs/decisions/018, "Performance").
  const issued = action === 'arrive'
    ? (await issueInvoicesForPackages(tx, {
      actor, courierId: manifest.courierId, packageIds: await arriving(tx, manifest, move.packagesFrom), publicUrl, linkPackages: false,
    })).issued
    : [];
  const moved = await moveParcels(tx, manifest, move.packagesFrom, move.packagesTo, note, actor, new Map(issued.map((row) => [row.packageId, row.invoiceId])));
  const [{ current } = { current: 0 }] = await tx.select({ current: sql<number>`count(*)::int` }).from(manifestPackages)
    .where(and(eq(manifestPackages.manifestId, manifest.id), isNull(manifestPackages.releasedAt)));
  const skipped = current - moved.length;

  await tx.update(manifests).set({
    status: move.to,
    updatedAt: sql`now()`,
    ...(action === 'close' ? { closedAt: sql`now()` } : {}),
    ...(action === 'reopen' ? { closedAt: null } : {}),
    ...(action === 'depart' ? { departedAt: sql`now()`, departureDate: sql`coalesce(${manifests.departureDate}, least(${today}, coalesce(${manifests.arrivalDate}, ${today})))` } : {}),
    ...(action === 'arrive' ? { arrivedAt: sql`now()`, arrivalDate: sql`coalesce(${manifests.arrivalDate}, greatest(${today}, coalesce(${manifests.departureDate}, ${today})))` } : {}),
  }).where(eq(manifests.id, manifest.id));
  const notified = move.packagesFrom !== move.packagesTo && isNotifyingStatus(move.packagesTo)
    ? await tellCustomers(tx, manifest, moved, move.packagesTo, publicUrl) : 0;
  const invoiced = issued.length;
  const details = { number: manifest.number, moved: moved.length, skipped, emailed: notified, ...(action === 'arrive' ? { invoiced } : {}) };
  await recordManifestEvent(tx, { manifest, from: manifest.status, to: move.to, actor, note: change.note, details });
  await auditAction(tx, actor, { courierId: manifest.courierId, action: `manifest.${action}`, targetType: 'manifest', targetId: manifest.id, details: { ...details, note: change.note } });
  const message = `${move.done}: ${moved.length} package${moved.length === 1 ? '' : 's'} ${PACKAGE_STATUS_LABELS[move.packagesTo]}${skipped ? `, ${skipped} left as they were` : ''}`
    + (action === 'arrive' ? `, ${invoiced} invoice${invoiced === 1 ? '' : 's'} issued` : '');
  return { moved: moved.length, skipped, message };
}
