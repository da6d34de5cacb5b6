import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { couriers, customers } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/app-error';
import { OPTED_OUT } from './batch-send.service';

/**
 * Marketing email off (or on) for one customer, honoured at once: batch emails already written to
 * the outbox for them but not yet picked up are withdrawn and their recipients marked skipped.
 * Transactional email (receipts, parcel updates) never reads this switch.
 */
async function setMarketingEmails(tx: DbOrTx, customerId: string, marketingEmails: boolean): Promise<void> {
  await tx.update(customers).set({ marketingEmails, updatedAt: new Date() }).where(eq(customers.id, customerId));
  if (marketingEmails) return;
  await tx.execute(sql`
    with withdrawn as (
      delete from email_outbox o using email_batch_recipients r
      where o.batch_recipient_id = r.id and r.customer_id = ${customerId} and o.status = 'pending'
      returning r.id)
    update email_batch_recipients set status = 'skipped', error = ${OPTED_OUT}, updated_at = now()
    where customer_id = ${customerId} and (status = 'queued' and outbox_id is null or id in (select id from withdrawn))`);
}

/** POST /unsubscribe (public, the link's signed token): answers the courier's name for the page. */
export async function unsubscribeByToken(tx: DbOrTx, input: { customerId: string; ip: string }): Promise<string> {
  const [row] = await tx.select({ courierId: customers.courierId, courierName: couriers.name }).from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId)).where(eq(customers.id, input.customerId)).limit(1);
  if (!row) throw notFound();
  await setMarketingEmails(tx, input.customerId, false);
  await writeAudit(tx, { courierId: row.courierId, actorType: 'customer', actorId: input.customerId, action: 'customer.unsubscribed', targetType: 'customer', targetId: input.customerId, ip: input.ip });
  return row.courierName;
}

/** PUT /customers/me/marketing-emails: the customer's own switch on their profile. */
export async function saveMarketingEmails(tx: DbOrTx, input: { actor: Actor; marketingEmails: boolean }): Promise<void> {
  const { actor, marketingEmails } = input;
  await setMarketingEmails(tx, actor.principal.id, marketingEmails);
  await auditAction(tx, actor, { courierId: actor.principal.courierId, action: 'customer.marketing_emails_changed', targetType: 'customer', targetId: actor.principal.id, details: { marketingEmails } });
}

export async function marketingEmailsOf(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db.select({ on: customers.marketingEmails }).from(customers).where(and(eq(customers.id, customerId))).limit(1);
  if (!row) throw notFound();
  return row.on;
}
