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
  await emailInsert(tx, email);
  await tx.execute(sql`select ${OUTBOX_WAKE}`);
}

/** enqueueEmail's row, not yet run, and the NOTIFY that wakes a worker: for db/one-statement.ts. */
export const emailInsert = (tx: DbOrTx, email: OutgoingEmail) => tx.insert(emailOutbox).values({
  courierId: email.courierId,
  toAddress: email.to,
  subject: email.subject,
  textBody: email.text,
  htmlBody: email.html ?? null,
});
export const OUTBOX_WAKE = sql`pg_notify(${OUTBOX_CHANNEL}, '')`;

/** Queues many emails in the caller's transaction in one statement and a single NOTIFY (an arrival's invoices). */
export async function enqueueEmails(tx: DbOrTx, emails: readonly OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  const rows = emails.map((email) => ({ courier_id: email.courierId, to_address: email.to, subject: email.subject, text_body: email.text, html_body: email.html ?? null }));
  await tx.execute(sql`
    insert into ${emailOutbox} (courier_id, to_address, subject, text_body, html_body)
    select x.courier_id, x.to_address, x.subject, x.text_body, x.html_body
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(courier_id uuid, to_address text, subject text, text_body text, html_body text)`);
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Wakes the workers (on commit), for example when a courier's held email may now be sent. */
export async function wakeOutbox(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
