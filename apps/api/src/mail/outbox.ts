import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema/index';

export interface OutgoingEmail {
  courierId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const OUTBOX_CHANNEL = 'email_outbox';

/**
 * Queues an email inside the caller's transaction: it is sent only if the change that caused it
 * commits, and it survives an SMTP outage. The NOTIFY (delivered on commit) wakes a worker at once.
 */
export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<void> {
  await tx.insert(emailOutbox).values({
    courierId: email.courierId,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
  });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Queues many emails in the caller's transaction with one insert per 500 and a single NOTIFY (an arrival's invoices). */
export async function enqueueEmails(tx: DbOrTx, emails: readonly OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  for (let start = 0; start < emails.length; start += 500) {
    await tx.insert(emailOutbox).values(emails.slice(start, start + 500).map((email) => ({
      courierId: email.courierId, toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html ?? null,
    })));
  }
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Wakes the workers (on commit), for example when a courier's held email may now be sent. */
export async function wakeOutbox(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
