import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { BASE_PATH } from '@parceldesk/shared/constants';
import { PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_NEXT_STEP, type PackageStatus } from '@parceldesk/shared/domain/packages';
import type { DbOrTx } from '../../../db/client';
import { couriers, customers, roles, users } from '../../../db/schema/index';
import { publishEvent } from '../../../events/publish';
import { enqueueEmail } from '../../../mail/outbox';
import { createNotifications, type NewNotification } from '../../../lib/notifications';

export interface MovedParcel {
  id: string;
  customerId: string | null;
  packageNo: string;
  trackingNumber: string;
  shipper: string | null;
  status: PackageStatus;
  /** The pickup branch after the move, and who received it (for the branch rule of live events). */
  branchId: string | null;
  receivedBy: string | null;
}

const what = (p: MovedParcel) => `${p.packageNo} (tracking ${p.trackingNumber}${p.shipper ? `, from ${p.shipper}` : ''})`;

/**
 * Tells each customer of the moved parcels once per new status (ready for pickup, in transit to
 * their branch, missing: all notifying statuses): an in-app notification always, an email unless
 * they switched package emails off; their open pages and the courier's hear a package event.
 */
export async function tellCustomersOfMoves(tx: DbOrTx, courierId: string, moved: readonly MovedParcel[], publicUrl: string): Promise<number> {
  for (const p of moved) {
    await publishEvent(tx, { family: 'packages', kind: 'package.status', audience: 'all', courierId, customerId: p.customerId, packageId: p.id, packageNumber: p.packageNo, status: p.status, branchId: p.branchId, receivedBy: p.receivedBy });
  }
  const groups = new Map<string, MovedParcel[]>();
  for (const p of moved) if (p.customerId) groups.set(`${p.customerId}:${p.status}`, [...(groups.get(`${p.customerId}:${p.status}`) ?? []), p]);
  if (groups.size === 0) return 0;
  const ids = [...new Set(moved.flatMap((p) => (p.customerId ? [p.customerId] : [])))];
  const [courier] = await tx.select({ name: couriers.name, apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, courierId));
  const people = new Map((await tx.select({ id: customers.id, firstName: customers.firstName, email: customers.email, packageEmails: customers.packageEmails, isActive: customers.isActive })
    .from(customers).where(and(eq(customers.courierId, courierId), inArray(customers.id, ids)))).map((c) => [c.id, c]));
  let emailed = 0;
  const notes: NewNotification[] = [];
  for (const parcels of groups.values()) {
    const first = parcels[0];
    const person = first?.customerId ? people.get(first.customerId) : undefined;
    if (!first || !person) continue;
    const label = PACKAGE_STATUS_CUSTOMER_LABELS[first.status];
    const title = parcels.length === 1 ? `${first.packageNo}: ${label}` : `${parcels.length} packages: ${label}`;
    const body = parcels.length === 1
      ? `${what(first)} is now ${label}. ${PACKAGE_STATUS_NEXT_STEP[first.status]}`
      : `${parcels.map((p) => p.packageNo).join(', ')} are now ${label}. ${PACKAGE_STATUS_NEXT_STEP[first.status]}`;
    notes.push({ courierId, customerId: person.id, userId: null, type: 'package.status', title, body, link: `/customer/packages?package=${encodeURIComponent(first.packageNo)}` });
    if (!person.packageEmails || !person.isActive || !courier) continue;
    const link = `${publicUrl}${BASE_PATH}/customer/packages?package=${encodeURIComponent(first.packageNo)}&api_key=${encodeURIComponent(courier.apiKey)}`;
    await enqueueEmail(tx, {
      courierId, to: person.email, subject: `${courier.name}: ${title}`,
      text: [
        `Hello ${person.firstName},`, '',
        parcels.length === 1 ? `Your package ${what(first)} is now: ${label}.` : `These packages of yours are now: ${label}.`,
        ...(parcels.length === 1 ? [] : ['', ...parcels.map((p) => `- ${what(p)}`)]),
        '', `Status: ${label}`, '', PACKAGE_STATUS_NEXT_STEP[first.status], '',
        `See it in your account: ${link}`, '', 'You can switch package emails off in your profile.', '', courier.name,
      ].join('\n'),
    });
    emailed += 1;
  }
  await createNotifications(tx, notes);
  return emailed;
}

/**
 * Missing parcels after a reconciliation: the courier's admins and everyone holding
 * manifests_reconcile or manifests_manage (directly or by role) get an in-app notification.
 */
export async function tellStaffOfMissing(tx: DbOrTx, input: { courierId: string; manifestId: string; number: string; missing: readonly MovedParcel[] }): Promise<number> {
  if (input.missing.length === 0) return 0;
  const staff = await tx.select({ id: users.id, role: users.role }).from(users).leftJoin(roles, eq(roles.id, users.roleId)).where(and(
    eq(users.courierId, input.courierId), eq(users.isActive, true),
    or(
      eq(users.role, 'courier_admin'),
      sql`${users.permissions} && array['manifests_reconcile', 'manifests_manage']::text[]`,
      sql`${roles.permissions} && array['manifests_reconcile', 'manifests_manage']::text[]`,
    ),
  ));
  const listed = input.missing.slice(0, 20).map((p) => p.packageNo).join(', ');
  const body = `${input.missing.length} package${input.missing.length === 1 ? ' was' : 's were'} not found when manifest ${input.number} was reconciled: ${listed}${input.missing.length > 20 ? ' …' : ''}. Their customers were told they are being located.`;
  const rows = staff.map((member) => ({
    courierId: input.courierId, userId: member.id, customerId: null, type: 'reconciliation.missing', title: `Missing after reconciling ${input.number}`, body,
    link: `${member.role === 'courier_admin' ? '/admin' : '/staff'}/reconciliation?manifest=${input.manifestId}`,
  }));
  await createNotifications(tx, rows);
  return rows.length;
}
