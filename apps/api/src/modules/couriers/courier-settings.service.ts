import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@parceldesk/shared/messages';
import { addressLines } from '@parceldesk/shared/shipping-address';
import type { CompanyInfoInput, CourierSettings } from '@parceldesk/shared/schemas/settings';
import type { DbOrTx } from '../../db/client';
import { couriers, users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { auditAction, type Actor } from '../../lib/actor';
import { isUniqueViolation } from '../../lib/pg-errors';
import { scopeOf } from '../../lib/tenant-scope';
import type { Principal } from '../../lib/principal';
import { courierById, type CourierRow } from '../../lib/courier-lookup';

type UserRow = typeof users.$inferSelect;

/**
 * The courier row is the tenant itself (it has no courier_id), so its scope check is identity:
 * a courier admin or customer reaches only their own courier, a super admin any; anything else
 * is simply not found.
 */
export async function courierInScope(db: DbOrTx, principal: Principal, id: string): Promise<CourierRow> {
  const scope = scopeOf(principal);
  if (scope.courierId && scope.courierId !== id) throw notFound();
  const courier = await courierById(db, id);
  if (!courier) throw notFound();
  return courier;
}

/**
 * Whose name and email the Company info tab shows and edits: the calling courier admin's own. A
 * super admin sees the courier's first admin (the one who signed the company up), so GET and PUT
 * address the same person; customers get no admin at all.
 */
async function companyAdmin(db: DbOrTx, principal: Principal, courierId: string): Promise<UserRow | null | undefined> {
  if (principal.role === 'customer') return undefined;
  const mine = principal.role === 'courier_admin' ? eq(users.id, principal.id) : undefined;
  const [admin] = await db.select().from(users)
    .where(and(eq(users.courierId, courierId), eq(users.role, 'courier_admin'), mine))
    .orderBy(desc(users.isActive), asc(users.createdAt), asc(users.id))
    .limit(1);
  return admin ?? null;
}

function settingsView(courier: CourierRow, admin: UserRow | null | undefined): CourierSettings {
  return {
    id: courier.id,
    name: courier.name,
    code: courier.code,
    logo_url: courier.logoUrl,
    shipping_address_air: courier.shippingAddressAir,
    shipping_address_sea: courier.shippingAddressSea,
    bank_details: courier.bankDetails,
    supports_membership: courier.supportsMembership,
    ...(admin === undefined ? {} : { admin: admin && { firstName: admin.firstName, lastName: admin.lastName, email: admin.email } }),
  };
}

export async function getCourierSettings(db: DbOrTx, principal: Principal, id: string): Promise<CourierSettings> {
  const courier = await courierInScope(db, principal, id);
  return settingsView(courier, await companyAdmin(db, principal, courier.id));
}

interface CourierChange {
  actor: Actor;
  id: string;
}

function audit(db: DbOrTx, change: CourierChange, action: string, details: Record<string, unknown>) {
  return auditAction(db, change.actor, { courierId: change.id, action, targetType: 'courier', targetId: change.id, details });
}

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });
const NUL_TEXT = 'This text contains a character that cannot be saved';

/**
 * PostgreSQL text cannot hold U+0000, and the shared schemas let it through (it is not a space),
 * so a pasted NUL would otherwise fail in the database as a 500. Refused here per field instead.
 */
function refuseNulText(input: Record<string, unknown>) {
  const fieldErrors = Object.fromEntries(
    Object.entries(input).filter(([, value]) => typeof value === 'string' && value.includes('\u0000')).map(([key]) => [key, NUL_TEXT]),
  );
  if (Object.keys(fieldErrors).length > 0) throw badRequest(NUL_TEXT, fieldErrors);
}

/** PUT /couriers/{id}: the company name, and the admin's own name and email (unique network-wide). */
export async function updateCompanyInfo(db: DbOrTx, change: CourierChange & { input: CompanyInfoInput }): Promise<CourierSettings> {
  const { input } = change;
  const { principal } = change.actor;
  const courier = await courierInScope(db, principal, change.id);
  refuseNulText(input);
  const admin = await companyAdmin(db, principal, courier.id);
  if (admin) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, admin.id)));
    if (taken) throw emailTaken();
  }
  try {
    await db.update(couriers).set({ name: input.name, updatedAt: new Date() }).where(eq(couriers.id, courier.id));
    if (admin) {
      await db.update(users).set({ firstName: input.firstName, lastName: input.lastName, email: input.email, updatedAt: new Date() }).where(eq(users.id, admin.id));
    }
    await audit(db, change, 'settings.company_updated', {
      name: { before: courier.name, after: input.name },
      ...(admin ? { adminId: admin.id, emailChanged: admin.email !== input.email } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
  return getCourierSettings(db, principal, courier.id);
}

/** Blank lines and stray spaces are dropped so the stored text is the six lines the customer sees. */
const cleanAddress = (text: string) => addressLines(text).join('\n') || null;

export async function updateShippingAddresses(
  db: DbOrTx,
  change: CourierChange & { input: { shipping_address_air: string; shipping_address_sea: string } },
): Promise<CourierSettings> {
  const courier = await courierInScope(db, change.actor.principal, change.id);
  refuseNulText(change.input);
  const air = cleanAddress(change.input.shipping_address_air);
  const sea = cleanAddress(change.input.shipping_address_sea);
  await db.update(couriers).set({ shippingAddressAir: air, shippingAddressSea: sea, updatedAt: new Date() }).where(eq(couriers.id, courier.id));
  await audit(db, change, 'settings.addresses_updated', { air, sea });
  return getCourierSettings(db, change.actor.principal, courier.id);
}

/** Kept line for line (customers see each line on its own line); only the ends are trimmed. */
export async function updateBankDetails(db: DbOrTx, change: CourierChange & { input: { bank_details: string } }): Promise<string | null> {
  const courier = await courierInScope(db, change.actor.principal, change.id);
  refuseNulText(change.input);
  const details = change.input.bank_details.replace(/\r\n?/g, '\n').trim() || null;
  await db.update(couriers).set({ bankDetails: details, updatedAt: new Date() }).where(eq(couriers.id, courier.id));
  await audit(db, change, 'settings.bank_details_updated', { lines: details ? details.split('\n').length : 0 });
  return details;
}
