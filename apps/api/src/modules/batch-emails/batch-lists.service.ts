import { and, eq, sql } from 'drizzle-orm';
import type { ListQuery } from '@parceldesk/shared/schemas/list-query';
import {
  RECIPIENT_STATUSES, type BatchCounts, type BatchDetail, type batchListColumns, type BatchListItem, type batchRecipientListColumns, type BatchRecipientItem,
} from '@parceldesk/shared/schemas/batch-emails';
import type { DbOrTx } from '../../db/client';
import { customers, emailBatches, emailBatchRecipients } from '../../db/schema/index';
import { containsPattern, qualified, runListQuery, type ColumnsOf } from '../../lib/list-query';
import type { Actor } from '../../lib/actor';
import { findInScope } from '../../lib/tenant-scope';
import { courierOf } from './batch-compose.service';
import { isoOf } from '../../db/prepared';

const countOf = (status: string) => sql<number>`(select count(*)::int from ${emailBatchRecipients} r where r.batch_id = ${qualified(emailBatches.id)} and r.status = ${status})`;
const unqueued = sql<number>`(select count(*)::int from ${emailBatchRecipients} r where r.batch_id = ${qualified(emailBatches.id)} and r.status = 'queued')`;

/** queued: emails still being written to the outbox; sending: some not delivered yet; completed: none waiting. */
const displayStatus = (stored: string, queued: number): BatchDetail['status'] => (stored === 'queued' ? 'queued' : queued > 0 ? 'sending' : 'completed');

/** GET /batch-emails: the courier's history of batches, newest first (list convention). */
export async function listBatches(db: DbOrTx, input: { actor: Actor; query: ListQuery }) {
  const courierId = courierOf(input.actor);
  const columns: ColumnsOf<typeof batchListColumns> = {
    batchNo: { sql: emailBatches.batchNo, sortable: true, filter: 'text' },
    subject: { sql: emailBatches.subject, sortable: true, filter: 'text' },
    audienceLabel: { sql: emailBatches.audienceLabel, sortable: true, filter: 'text' },
    recipientCount: { sql: emailBatches.recipientCount, kind: 'number', sortable: true, filter: 'number' },
    createdByName: { sql: emailBatches.createdByName, sortable: true, filter: 'text' },
    createdAt: { sql: emailBatches.createdAt, kind: 'timestamp', sortable: true },
  };
  return runListQuery({
    db,
    select: {
      id: emailBatches.id, batchNo: emailBatches.batchNo, subject: emailBatches.subject, audienceLabel: emailBatches.audienceLabel,
      status: emailBatches.status, recipientCount: emailBatches.recipientCount, createdByName: emailBatches.createdByName, createdAt: emailBatches.createdAt,
      sent: countOf('sent'), failed: countOf('failed'), queued: unqueued,
    },
    from: (q) => q.from(emailBatches).$dynamic(),
    where: eq(emailBatches.courierId, courierId),
    columns,
    searchCondition: (term) => {
      const pattern = containsPattern(term);
      return sql`(${emailBatches.subject} ilike ${pattern} or ${emailBatches.batchNo} ilike ${pattern})`;
    },
    query: input.query,
    statement: 'email-batches',
    statementValues: ['sent', 'failed'], // the statuses countOf() counts
    defaultSort: { field: 'createdAt', order: 'desc' },
    tieBreaker: emailBatches.id,
    map: (row): BatchListItem => ({
      id: row.id, batchNo: row.batchNo, subject: row.subject, audienceLabel: row.audienceLabel, status: displayStatus(row.status, Number(row.queued)),
      recipientCount: row.recipientCount, sent: Number(row.sent), failed: Number(row.failed), createdByName: row.createdByName, createdAt: isoOf(row.createdAt),
    }),
  });
}

/** GET /batch-emails/:id: the batch with its progress counts (one grouped read of its recipients). */
export async function batchDetail(db: DbOrTx, input: { actor: Actor; batchId: string }): Promise<BatchDetail> {
  courierOf(input.actor);
  const batch = await findInScope(db, emailBatches, input.actor.scope, input.batchId);
  const rows = await db.select({ status: emailBatchRecipients.status, n: sql<number>`count(*)::int` }).from(emailBatchRecipients)
    .where(eq(emailBatchRecipients.batchId, batch.id)).groupBy(emailBatchRecipients.status);
  const counts: BatchCounts = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.total += Number(row.n);
  }
  return {
    id: batch.id, batchNo: batch.batchNo, subject: batch.subject, body: batch.body, audienceLabel: batch.audienceLabel,
    status: displayStatus(batch.status, counts.queued), counts, createdByName: batch.createdByName, createdAt: batch.createdAt.toISOString(),
  };
}

const statusOptions = RECIPIENT_STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const customerName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;

/** GET /batch-emails/:id/recipients: who the batch goes to and how each one's email fared (list convention). */
export async function listBatchRecipients(db: DbOrTx, input: { actor: Actor; batchId: string; query: ListQuery }) {
  courierOf(input.actor);
  const batch = await findInScope(db, emailBatches, input.actor.scope, input.batchId);
  const columns: ColumnsOf<typeof batchRecipientListColumns> = {
    customerName: { sql: customerName, sortable: true, filter: 'text' },
    mailboxNumber: { sql: customers.mailboxNumber, sortable: true, filter: 'text' },
    email: { sql: emailBatchRecipients.email, sortable: true, filter: 'text' },
    status: { sql: emailBatchRecipients.status, sortable: true, filter: 'dropdown', options: () => statusOptions },
    sentAt: { sql: sql`coalesce(${emailBatchRecipients.sentAt}, '-infinity'::timestamptz)`, kind: 'timestamp', sortable: true },
  };
  return runListQuery({
    db,
    select: {
      id: emailBatchRecipients.id, customerId: emailBatchRecipients.customerId, customerName, mailboxNumber: customers.mailboxNumber,
      email: emailBatchRecipients.email, status: emailBatchRecipients.status, error: emailBatchRecipients.error, sentAt: emailBatchRecipients.sentAt,
    },
    from: (q) => q.from(emailBatchRecipients).leftJoin(customers, eq(customers.id, emailBatchRecipients.customerId)).$dynamic(),
    where: and(eq(emailBatchRecipients.batchId, batch.id), eq(emailBatchRecipients.courierId, batch.courierId)),
    columns,
    searchCondition: (term) => {
      const pattern = containsPattern(term);
      return sql`(${emailBatchRecipients.email} ilike ${pattern} or ${customerName} ilike ${pattern} or ${customers.mailboxNumber} ilike ${pattern})`;
    },
    query: input.query,
    statement: 'email-batch-recipients',
    defaultSort: { field: 'customerName', order: 'asc' },
    tieBreaker: emailBatchRecipients.id,
    map: (row): BatchRecipientItem => ({
      id: row.id, customerId: row.customerId, customerName: row.customerName ?? '', mailboxNumber: row.mailboxNumber ?? '', email: row.email,
      status: row.status, error: row.error, sentAt: row.sentAt ? isoOf(row.sentAt) : null,
    }),
  });
}
