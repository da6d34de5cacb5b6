import { asc, eq } from 'drizzle-orm';
import { DEFAULT_TICKET_DEPARTMENTS, TICKET_MSG, type TicketSettings } from '@parceldesk/shared/schemas/tickets';
import type { DbOrTx } from '../../db/client';
import { couriers, ticketDepartments } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { courierById } from '../../lib/courier-lookup';

/**
 * A courier's departments in their order. A courier that never saved a list has the defaults;
 * they become rows when its admin first saves (nothing is written on a read).
 */
export async function departmentsOf(db: DbOrTx, courierId: string): Promise<string[]> {
  const rows = await db.select({ name: ticketDepartments.name }).from(ticketDepartments)
    .where(eq(ticketDepartments.courierId, courierId))
    .orderBy(asc(ticketDepartments.position), asc(ticketDepartments.name));
  return rows.length > 0 ? rows.map((r) => r.name) : [...DEFAULT_TICKET_DEPARTMENTS];
}

/** The department as the courier spells it, or 400 on the form field. */
export async function resolveDepartment(db: DbOrTx, courierId: string, requested: string): Promise<string> {
  const wanted = requested.trim().toLowerCase();
  const match = (await departmentsOf(db, courierId)).find((name) => name.toLowerCase() === wanted);
  if (!match) throw badRequest(TICKET_MSG.departmentUnknown, { department: TICKET_MSG.departmentUnknown });
  return match;
}

/**
 * The courier a caller configures or reads: their own (naming another answers 404); a super
 * admin names one with ?courierId, and without it gets 400.
 */
export async function settingsCourierId(db: DbOrTx, actor: Actor, requested: string | undefined): Promise<string> {
  if (actor.scope.courierId) {
    if (requested && requested !== actor.scope.courierId) throw notFound();
    return actor.scope.courierId;
  }
  if (!requested) throw badRequest('Choose a courier', { courierId: 'Choose a courier' });
  const courier = await courierById(db, requested);
  if (!courier) throw notFound();
  return courier.id;
}

export async function getTicketSettings(db: DbOrTx, courierId: string): Promise<TicketSettings> {
  const [courier] = await db.select({ notify: couriers.notifyStaffByEmail }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw notFound();
  return { notifyStaffByEmail: courier.notify, departments: await departmentsOf(db, courierId) };
}

/** Replaces the department list and the email switch, audited in the same transaction. */
export async function saveTicketSettings(db: DbOrTx, input: { actor: Actor; courierId: string; settings: TicketSettings }): Promise<TicketSettings> {
  const { actor, courierId, settings } = input;
  const before = await getTicketSettings(db, courierId);
  await db.update(couriers).set({ notifyStaffByEmail: settings.notifyStaffByEmail, updatedAt: new Date() }).where(eq(couriers.id, courierId));
  await db.delete(ticketDepartments).where(eq(ticketDepartments.courierId, courierId));
  await db.insert(ticketDepartments).values(settings.departments.map((name, position) => ({ courierId, name, position })));
  await auditAction(db, actor, {
    courierId, action: 'settings.tickets_updated', targetType: 'courier', targetId: courierId,
    details: { before, after: settings },
  });
  return getTicketSettings(db, courierId);
}
