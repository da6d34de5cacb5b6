import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AUDIENCE_LABELS, type Audience } from '@parceldesk/shared/schemas/batch-emails';
import type { PlaceholderValues } from '@parceldesk/shared/domain/batch-email-template';
import type { DbOrTx } from '../../db/client';
import { branches, customers } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';

/**
 * Who a batch reaches: the courier's active customers who have not opted out of marketing email,
 * narrowed by the chosen audience. One SQL condition over `customers`, so counting, previewing and
 * queuing (INSERT … SELECT) all ask the same question.
 */
export function audienceWhere(courierId: string, audience: Audience): SQL {
  const base = and(eq(customers.courierId, courierId), eq(customers.isActive, true), eq(customers.marketingEmails, true))!;
  switch (audience.kind) {
    case 'all': return base;
    case 'parcels_ready':
      return and(base, sql`exists (select 1 from packages p where p.customer_id = ${customers.id} and p.status = 'ready_for_pickup')`)!;
    case 'unpaid_invoices':
      return and(base, sql`exists (select 1 from invoices i where i.customer_id = ${customers.id} and i.status in ('unpaid', 'partially_paid'))`)!;
    case 'branch': return and(base, eq(customers.branchId, audience.branchId))!;
    case 'membership': return and(base, eq(customers.membershipType, audience.membershipType))!;
    case 'account_type': return and(base, eq(customers.accountType, audience.accountType))!;
  }
}

/** The audience as the history shows it ("Customers of a branch: Kingston"); another courier's branch is 404. */
export async function audienceLabel(db: DbOrTx, courierId: string, audience: Audience): Promise<string> {
  const label = AUDIENCE_LABELS[audience.kind];
  switch (audience.kind) {
    case 'branch': {
      const [branch] = await db.select({ name: branches.name }).from(branches)
        .where(and(eq(branches.id, audience.branchId), eq(branches.courierId, courierId))).limit(1);
      if (!branch) throw notFound();
      return `${label}: ${branch.name}`;
    }
    case 'membership': return `${label}: ${audience.membershipType}`;
    case 'account_type': return `${label}: ${audience.accountType === 'business' ? 'Business' : 'Individual'}`;
    default: return label;
  }
}

/** The columns placeholders are filled from, for a query over customers joined to couriers and branches. */
export const placeholderColumns = {
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  mailbox: customers.mailboxNumber,
  courierName: sql<string>`(select name from couriers where id = ${customers.courierId})`,
  branchName: sql<string>`coalesce((select name from branches where id = ${customers.branchId}), '')`,
};

export type PlaceholderRow = { firstName: string; lastName: string; email: string; mailbox: string; courierName: string; branchName: string };

export const placeholderValues = (row: PlaceholderRow): PlaceholderValues => ({
  ...row, fullName: `${row.firstName} ${row.lastName}`.trim(),
});

/** The footer every batch email carries: marketing email must always be easy to leave. */
export function withUnsubscribeFooter(body: string, courierName: string, link: string): string {
  return `${body}\n\n--\nYou receive this email because you have an account with ${courierName}. `
    + `To stop receiving these emails (receipts and parcel updates still arrive), unsubscribe here:\n${link}`;
}

export const unsubscribeLink = (publicUrl: string, token: string) => `${publicUrl}/courier/unsubscribe?token=${encodeURIComponent(token)}`;
