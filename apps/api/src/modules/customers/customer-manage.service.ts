import { and, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY, TITLES } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import { BRANCH_MSG } from '@parceldesk/shared/schemas/branches';
import type { CustomerDetail, UpdateCustomerInput, UpdateOwnCustomerProfileInput } from '@parceldesk/shared/schemas/customers';
import type { DbOrTx } from '../../db/client';
import { branches, customers } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findInScope } from '../../lib/tenant-scope';
import { revokeAllSessions } from '../../lib/sessions';
import { isEmailChange, requestEmailChange } from '../password-reset/email-change.service';
import { getCustomer } from './customer-list.service';

type CustomerRow = typeof customers.$inferSelect;

const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/** Customer emails are unique per courier (docs/decisions/001). */
async function assertEmailFree(db: DbOrTx, customer: CustomerRow, email: string) {
  if (email === customer.email.toLowerCase()) return;
  const [taken] = await db.select({ id: customers.id }).from(customers)
    .where(and(eq(customers.courierId, customer.courierId), sql`lower(${customers.email}) = ${email}`, ne(customers.id, customer.id)));
  if (taken) throw emailTaken();
}

/**
 * Writes the change and its audit row together; a lost email race still answers 409. A new email
 * is not written: it is asked for, and applies once the link sent to it is opened (issue 15 #2).
 */
async function saveCustomer(
  db: DbOrTx, actor: Actor, customer: CustomerRow, changes: Partial<CustomerRow>, action: string, details?: Record<string, unknown>,
  emailChange?: { publicUrl: string; newEmail: string },
) {
  try {
    await db.update(customers).set({ ...changes, updatedAt: new Date() }).where(eq(customers.id, customer.id));
    if (emailChange) {
      await requestEmailChange(db, emailChange.publicUrl, {
        account: { type: 'customer', id: customer.id, courierId: customer.courierId },
        name: changes.firstName ?? customer.firstName, currentEmail: customer.email, newEmail: emailChange.newEmail,
      });
    }
    if (changes.isActive === false) await revokeAllSessions(db, 'customer', customer.id);
    await auditAction(db, actor, { courierId: customer.courierId, action, targetType: 'customer', targetId: customer.id, details });
  } catch (error) {
    if (isUniqueViolation(error, 'customers_courier_email_key')) throw emailTaken();
    throw error;
  }
}

/** Staff edit a customer's details with the registration rules (spec section 5). */
export async function updateCustomer(db: DbOrTx, { publicUrl, actor, id, input }: { publicUrl: string; actor: Actor; id: string; input: UpdateCustomerInput }): Promise<CustomerDetail> {
  const customer = await findInScope(db, customers, actor.scope, id);
  await assertEmailFree(db, customer, input.email);
  const emailChange = isEmailChange(customer.email, input.email);
  await saveCustomer(db, actor, customer, {
    accountType: input.accountType,
    businessName: input.accountType === 'business' ? input.businessName ?? null : null,
    title: input.accountType === 'individual' ? input.title ?? null : null,
    firstName: input.firstName, lastName: input.lastName, phone: input.phone, trn: input.trn,
    address: input.address, parish: input.parish, city: input.city, country: input.country || DEFAULT_COUNTRY,
    membershipType: input.membershipType ?? customer.membershipType,
  }, 'customer.updated', emailChange ? { emailChangeRequested: input.email } : undefined, emailChange ? { publicUrl, newEmail: input.email } : undefined);
  return getCustomer({ db, scope: actor.scope, id });
}

/** The home branch is one of the courier's active branches. */
export async function changeCustomerBranch(db: DbOrTx, { actor, id, branchId }: { actor: Actor; id: string; branchId: string }): Promise<CustomerDetail> {
  const customer = await findInScope(db, customers, actor.scope, id);
  const [branch] = await db.select({ isActive: branches.isActive }).from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.courierId, customer.courierId)));
  if (!branch) throw badRequest(MSG.branchRequired, { branchId: MSG.branchRequired });
  if (!branch.isActive) throw badRequest(BRANCH_MSG.branchInactive, { branchId: BRANCH_MSG.branchInactive });
  await saveCustomer(db, actor, customer, { branchId }, 'customer.branch_changed', { from: customer.branchId, to: branchId });
  return getCustomer({ db, scope: actor.scope, id });
}

/** Deactivating ends the customer's sessions at once. */
export async function setCustomerActive(db: DbOrTx, { actor, id, isActive }: { actor: Actor; id: string; isActive: boolean }): Promise<CustomerDetail> {
  const customer = await findInScope(db, customers, actor.scope, id);
  await saveCustomer(db, actor, customer, { isActive }, isActive ? 'customer.reactivated' : 'customer.deactivated');
  return getCustomer({ db, scope: actor.scope, id });
}

/**
 * The customer edits their own details. Account type and membership stay (they change what the
 * customer pays); the title or business name is checked against the account type they have.
 * Answers whether a new email waits for its confirmation link (issue 15 #2).
 */
export async function updateOwnProfile(
  db: DbOrTx, { publicUrl, actor, input }: { publicUrl: string; actor: Actor; input: UpdateOwnCustomerProfileInput },
): Promise<{ emailChangeSent: boolean }> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, actor.principal.id));
  if (!customer) throw notFound();
  if (customer.accountType === 'business' && !input.businessName?.trim()) {
    throw badRequest(MSG.businessNameRequired, { businessName: MSG.businessNameRequired });
  }
  if (customer.accountType === 'individual' && !(TITLES as readonly string[]).includes(input.title ?? '')) {
    throw badRequest(MSG.titleRequired, { title: MSG.titleRequired });
  }
  await assertEmailFree(db, customer, input.email);
  const emailChange = isEmailChange(customer.email, input.email);
  await saveCustomer(db, actor, customer, {
    businessName: customer.accountType === 'business' ? input.businessName ?? null : null,
    title: customer.accountType === 'individual' ? input.title ?? null : null,
    firstName: input.firstName, lastName: input.lastName, phone: input.phone, trn: input.trn,
    address: input.address, parish: input.parish, city: input.city, country: input.country || DEFAULT_COUNTRY,
  }, 'customer.profile_updated', undefined, emailChange ? { publicUrl, newEmail: input.email } : undefined);
  return { emailChangeSent: emailChange };
}
