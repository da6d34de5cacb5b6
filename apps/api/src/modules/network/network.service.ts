import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import type { networkCourierListColumns} from '@parceldesk/shared/schemas/people';
import {
  PEOPLE_MSG, type CreateNetworkCourierInput, type NetworkCourierDetail, type NetworkCourierListItem, type UpdateNetworkCourierInput
} from '@parceldesk/shared/schemas/people';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, sessions, users } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { qualified, runListQuery, type ColumnsOf } from '../../lib/list-query';
import { localDateTime } from '../../lib/local-time';
import { isUniqueViolation } from '../../lib/pg-errors';
import { enqueueEmail } from '../../mail/outbox';
import { invitationEmail } from '../../mail/templates';
import { createCourier } from '../couriers/courier-onboarding.service';
import { issueResetToken, staffResetLink } from '../../lib/account-links';

const customersCount = sql<number>`(select count(*)::int from customers c where c.courier_id = ${qualified(couriers.id)})`;

const columns: ColumnsOf<typeof networkCourierListColumns> = {
  name: { sql: couriers.name, sortable: true, sortBy: [sql`lower(${couriers.name})`], searchable: true, filter: 'text' },
  code: { sql: couriers.code, sortable: true, sortBy: [sql`lower(${couriers.code})`], searchable: true, filter: 'text' },
  status: { sql: couriers.status, sortable: true, filter: 'dropdown', options: () => [{ value: 'active', label: 'Active' }, { value: 'suspended', label: 'Suspended' }] },
  contactEmail: { sql: couriers.contactEmail, sortable: true, searchable: true, filter: 'text' },
  customersCount: { sql: customersCount, kind: 'number', sortable: true, filter: 'number' },
  createdAt: { sql: localDateTime(couriers.createdAt), sortable: true, sortBy: [couriers.createdAt], filter: 'text' },
};

export function listNetworkCouriers({ db, query }: { db: DbOrTx; query: ListQuery }) {
  return runListQuery({
    db,
    select: { id: couriers.id, name: couriers.name, code: couriers.code, status: couriers.status, contactEmail: couriers.contactEmail, customersCount, createdAt: couriers.createdAt },
    from: (q) => q.from(couriers).$dynamic(),
    where: undefined,
    columns,
    query,
    statement: 'network/couriers',
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: couriers.id,
    map: (row): NetworkCourierListItem => ({ ...row, createdAt: row.createdAt.toISOString() }),
  });
}

export async function getNetworkCourier(db: DbOrTx, id: string): Promise<NetworkCourierDetail> {
  const [courier] = await db.select().from(couriers).where(eq(couriers.id, id));
  if (!courier) throw notFound();
  const [branchRows, adminRows, figureRows] = await Promise.all([
    db.select({ id: branches.id, name: branches.name, code: branches.code, isActive: branches.isActive }).from(branches)
      .where(eq(branches.courierId, id)).orderBy(asc(branches.name)),
    db.select().from(users).where(and(eq(users.courierId, id), eq(users.role, 'courier_admin'))).orderBy(asc(users.createdAt)),
    db.execute<{ customers: number; staff: number }>(sql`
      select (select count(*)::int from customers where courier_id = ${id}) as customers,
        (select count(*)::int from users where courier_id = ${id} and role in ('branch_manager', 'staff')) as staff`),
  ]);
  return {
    id: courier.id, name: courier.name, code: courier.code, apiKey: courier.apiKey, status: courier.status, logoUrl: courier.logoUrl,
    contactEmail: courier.contactEmail, contactPhone: courier.contactPhone, supportsMembership: courier.supportsMembership,
    loginNotice: courier.loginNotice, createdAt: courier.createdAt.toISOString(), updatedAt: courier.updatedAt.toISOString(),
    branches: branchRows,
    admins: adminRows.map((a) => ({
      id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email, isActive: a.isActive,
      invitationPending: a.passwordHash === null, createdAt: a.createdAt.toISOString(),
    })),
    figures: { customers: figureRows.rows[0]?.customers ?? 0, staff: figureRows.rows[0]?.staff ?? 0, branches: branchRows.length },
  };
}

const codeTaken = () => conflict(PEOPLE_MSG.courierCodeTaken, { code: PEOPLE_MSG.courierCodeTaken });
const adminEmailTaken = () => conflict(MSG.emailTaken, { 'admin.email': MSG.emailTaken });

async function assertCodeFree(db: DbOrTx, code: string, exceptId?: string) {
  const [taken] = await db.select({ id: couriers.id }).from(couriers).where(sql`lower(${couriers.code}) = lower(${code})`);
  if (taken && taken.id !== exceptId) throw codeTaken();
}

/**
 * A new courier with its built-in roles and Head Office (createCourier), and its first courier
 * admin without a password: the invitation email carries the set-password link.
 */
export async function createNetworkCourier(db: DbOrTx, { actor, input, publicUrl }: { actor: Actor; input: CreateNetworkCourierInput; publicUrl: string }): Promise<NetworkCourierDetail> {
  if (input.code) await assertCodeFree(db, input.code);
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.admin.email}`);
  if (taken) throw adminEmailTaken();
  try {
    const { courier } = await createCourier(db, {
      name: input.name, code: input.code || undefined, contactEmail: input.contactEmail, contactPhone: input.contactPhone || null,
      supportsMembership: input.supportsMembership ?? false,
    });
    const [admin] = await db.insert(users).values({
      courierId: courier.id, role: 'courier_admin', firstName: input.admin.firstName, lastName: input.admin.lastName, email: input.admin.email, passwordHash: null,
    }).returning({ id: users.id });
    if (!admin) throw new Error('user insert returned nothing');
    const token = await issueResetToken(db, { type: 'user', id: admin.id, courierId: courier.id });
    await enqueueEmail(db, invitationEmail({
      courierId: courier.id, to: input.admin.email, name: input.admin.firstName, brand: courier.name,
      roleLabel: ROLE_LABELS.courier_admin, link: staffResetLink(publicUrl, token),
    }));
    await auditAction(db, actor, { courierId: courier.id, action: 'courier.created', targetType: 'courier', targetId: courier.id, details: { code: courier.code, adminId: admin.id } });
    const courierId = courier.id;
    return await getNetworkCourier(db, courierId);
  } catch (error) {
    if (isUniqueViolation(error, 'couriers_code_key')) throw codeTaken();
    if (isUniqueViolation(error, 'users_email_key')) throw adminEmailTaken();
    throw error;
  }
}

/** Optional fields left out keep their value; '' and null clear them. */
const cleared = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

export async function updateNetworkCourier(db: DbOrTx, { actor, id, input }: { actor: Actor; id: string; input: UpdateNetworkCourierInput }): Promise<NetworkCourierDetail> {
  await assertCodeFree(db, input.code, id);
  try {
    const [updated] = await db.update(couriers).set({
      name: input.name, code: input.code, contactEmail: input.contactEmail, contactPhone: cleared(input.contactPhone),
      supportsMembership: input.supportsMembership, loginNotice: cleared(input.loginNotice), updatedAt: new Date(),
    }).where(eq(couriers.id, id)).returning({ id: couriers.id });
    if (!updated) throw notFound();
    await auditAction(db, actor, { courierId: id, action: 'courier.updated', targetType: 'courier', targetId: id, details: { name: input.name, code: input.code } });
  } catch (error) {
    if (isUniqueViolation(error, 'couriers_code_key')) throw codeTaken();
    throw error;
  }
  return getNetworkCourier(db, id);
}

/**
 * Suspension ends every session of the courier's users and customers at once; sign-in already
 * refuses them while suspended (principal.ts and the sign-in services check the status).
 */
export async function setCourierStatus(db: DbOrTx, { actor, id, status }: { actor: Actor; id: string; status: 'active' | 'suspended' }): Promise<NetworkCourierDetail> {
  const [updated] = await db.update(couriers).set({ status, updatedAt: new Date() }).where(eq(couriers.id, id)).returning({ id: couriers.id });
  if (!updated) throw notFound();
  if (status === 'suspended') {
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.courierId, id), isNull(sessions.revokedAt)));
  }
  await auditAction(db, actor, { courierId: id, action: status === 'suspended' ? 'courier.suspended' : 'courier.reactivated', targetType: 'courier', targetId: id });
  return getNetworkCourier(db, id);
}
