import { sql } from 'drizzle-orm';
import { renderTemplate } from '@parceldesk/shared/domain/batch-email-template';
import type { Database } from '../../db/client';
import { inTransaction } from '../../lib/transaction';
import { publishEvent } from '../../events/publish';
import { wakeOutbox } from '../../mail/outbox';
import { placeholderValues, unsubscribeLink, withUnsubscribeFooter } from './batch-audience';
import type { BatchMailDeps } from './batch-compose.service';

type RecipientRow = {
  id: string; customer_id: string; courier_id: string; subject: string; body: string;
  first_name: string; last_name: string; email: string; mailbox: string; courier_name: string; branch_name: string;
  marketing_emails: boolean; is_active: boolean;
};

export const OPTED_OUT = 'Opted out of marketing email';

/**
 * The batch job (pg-boss queue `batch-emails`, docs/decisions/021-batch-emails.md): writes one
 * outbox row per queued recipient, a chunk per transaction. The recipient's `outbox_id` is set in
 * the transaction that writes its email, and the outbox's unique `batch_recipient_id` refuses a
 * second one, so a rerun after a crash or restart, or two instances at once (SKIP LOCKED), never
 * queue anyone's email twice. A customer who opted out since the batch was queued is skipped.
 */
export async function runBatchSends(db: Database, input: { deps: BatchMailDeps; chunkSize?: number }): Promise<{ batches: number; queued: number; skipped: number }> {
  const chunkSize = input.chunkSize ?? 1000;
  const pending = await db.execute<{ id: string }>(sql`select id from email_batches where status = 'queued' order by created_at`);
  let queued = 0;
  let skipped = 0;
  for (const { id } of pending.rows) {
    for (;;) {
      const done = await inTransaction(db, (tx) => sendChunk(tx, id, chunkSize, input.deps));
      queued += done.queued;
      skipped += done.skipped;
      if (done.rows === 0) break;
    }
    await db.execute(sql`
      update email_batches set status = 'sending', queued_at = now()
      where id = ${id} and status = 'queued'
        and not exists (select 1 from email_batch_recipients r where r.batch_id = ${id} and r.outbox_id is null and r.status = 'queued')`);
  }
  return { batches: pending.rows.length, queued, skipped };
}

async function sendChunk(tx: Parameters<Parameters<typeof inTransaction>[1]>[0], batchId: string, chunkSize: number, deps: BatchMailDeps) {
  const { rows } = await tx.execute<RecipientRow>(sql`
    select r.id, r.customer_id, r.courier_id, b.subject, b.body, c.first_name, c.last_name, c.email, c.mailbox_number as mailbox,
      co.name as courier_name, coalesce(br.name, '') as branch_name, c.marketing_emails, c.is_active
    from email_batch_recipients r
    join email_batches b on b.id = r.batch_id
    join customers c on c.id = r.customer_id
    join couriers co on co.id = r.courier_id
    left join branches br on br.id = c.branch_id
    where r.batch_id = ${batchId} and r.outbox_id is null and r.status = 'queued'
    order by r.id limit ${chunkSize}
    for update of r skip locked`);
  if (rows.length === 0) return { rows: 0, queued: 0, skipped: 0 };
  const leaving = rows.filter((row) => !row.marketing_emails || !row.is_active).map((row) => row.id);
  if (leaving.length > 0) {
    await tx.execute(sql`update email_batch_recipients set status = 'skipped', error = ${OPTED_OUT}, updated_at = now()
      where id in (select jsonb_array_elements_text(${JSON.stringify(leaving)}::jsonb)::uuid)`);
  }
  const emails = rows.filter((row) => row.marketing_emails && row.is_active).map((row) => {
    const values = placeholderValues({ firstName: row.first_name, lastName: row.last_name, email: row.email, mailbox: row.mailbox, courierName: row.courier_name, branchName: row.branch_name });
    const link = unsubscribeLink(deps.publicUrl, deps.tokens.sign(row.customer_id));
    return {
      recipient_id: row.id, courier_id: row.courier_id, to_address: row.email,
      subject: renderTemplate(row.subject, values), text_body: withUnsubscribeFooter(renderTemplate(row.body, values), row.courier_name, link),
    };
  });
  if (emails.length > 0) {
    await tx.execute(sql`
      insert into email_outbox (courier_id, to_address, subject, text_body, batch_recipient_id)
      select x.courier_id, x.to_address, x.subject, x.text_body, x.recipient_id
      from jsonb_to_recordset(${JSON.stringify(emails)}::jsonb) as x(recipient_id uuid, courier_id uuid, to_address text, subject text, text_body text)
      on conflict (batch_recipient_id) where batch_recipient_id is not null do nothing`);
    // Links every recipient of the chunk to its email, the one just written or one already there.
    await tx.execute(sql`
      update email_batch_recipients r set outbox_id = o.id, updated_at = now()
      from email_outbox o where o.batch_recipient_id = r.id and r.batch_id = ${batchId} and r.outbox_id is null`);
    await wakeOutbox(tx);
  }
  await publishEvent(tx, { family: 'batchEmails', kind: 'batch.progress', courierId: rows[0]!.courier_id, customerId: null, audience: 'staff', batchId });
  return { rows: rows.length, queued: emails.length, skipped: leaving.length };
}
