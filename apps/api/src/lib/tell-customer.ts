import { eq } from 'drizzle-orm';
import { BASE_PATH } from '@parceldesk/shared/constants';
import type { DbOrTx } from '../db/client';
import { couriers, customers } from '../db/schema/index';
import { enqueueEmail } from '../mail/outbox';
import { createNotifications } from './notifications';

/**
 * A page of the customer's portal as an email link: the courier's portal key rides along so the
 * link opens their courier's branded sign-in. `path` is relative to the SPA (`/customer/...`).
 */
export function customerPortalLink(publicUrl: string, apiKey: string, path: string): string {
  return `${publicUrl}${BASE_PATH}${path}${path.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(apiKey)}`;
}

/**
 * When the customer also gets an email: while their account is active; while it is active and they
 * kept package emails on (the packages feature's switch); or never (the bell only).
 */
export type CustomerEmailRule = 'active' | 'package_emails' | 'never';

/**
 * One message to one customer, in the caller's transaction: an in-app notification always (it
 * reaches the live bell), and an email through the outbox in the courier's name when `email`
 * allows it, its body followed by a link to `link` in their portal. The one home of "tell the
 * customer" for features that tell one customer at a time.
 */
export async function tellCustomer(
  tx: DbOrTx,
  input: {
    courierId: string; customerId: string; type: string; title: string; body: string; link: string; publicUrl: string;
    email: CustomerEmailRule;
    /** The words before the link in the email; "See it in your account" unless given. */
    linkLabel?: string;
  },
): Promise<void> {
  await createNotifications(tx, [{ courierId: input.courierId, customerId: input.customerId, type: input.type, title: input.title, body: input.body, link: input.link }]);
  if (input.email === 'never') return;
  const [row] = await tx.select({
    email: customers.email, firstName: customers.firstName, isActive: customers.isActive, packageEmails: customers.packageEmails,
    courierName: couriers.name, apiKey: couriers.apiKey,
  }).from(customers).innerJoin(couriers, eq(couriers.id, customers.courierId)).where(eq(customers.id, input.customerId));
  if (!row?.isActive || (input.email === 'package_emails' && !row.packageEmails)) return;
  await enqueueEmail(tx, {
    courierId: input.courierId,
    to: row.email,
    subject: `${row.courierName}: ${input.title}`,
    text: [`Hello ${row.firstName},`, '', input.body, '',
      `${input.linkLabel ?? 'See it in your account'}: ${customerPortalLink(input.publicUrl, row.apiKey, input.link)}`, '', row.courierName].join('\n'),
  });
}
