import { eq, sql } from 'drizzle-orm';
import type { Service } from '@parceldesk/shared/schemas/packages';
import {
  BULK_RECEIVE_MAX_ROWS, BULK_RECEIVE_MSG, BULK_RECEIVE_OUTCOME_LABELS, BULK_RECEIVE_OUTCOMES,
  type BulkReceiveResult, type BulkReceiveRow,
} from '@parceldesk/shared/schemas/package-scan';
import type { DbOrTx, Tx } from '../../../db/client';
import { customers, packages } from '../../../db/schema/index';
import { auditAction, type Actor } from '../../../lib/actor';
import { badRequest } from '../../../lib/app-error';
import type { UploadedFile } from '../../../lib/multipart';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from '../../../lib/spreadsheet-parser';
import { readSpreadsheetUpload } from '../../../lib/spreadsheet-upload';
import { receivePackage } from '../receive.service';
import { readReceiveRows, type ReceiveRowCandidate, type RejectedRow } from './receive-rows';

async function describePackage(tx: DbOrTx, id: string) {
  const [row] = await tx.select({
    packageNumber: packages.packageNo,
    customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`,
  }).from(packages).leftJoin(customers, eq(customers.id, packages.customerId)).where(eq(packages.id, id));
  return row ?? { packageNumber: '', customerName: null };
}

async function receiveRows(tx: Tx, input: { actor: Actor; candidates: ReceiveRowCandidate[]; service: Service | undefined; publicUrl: string; isCommit: boolean }) {
  const rows: BulkReceiveRow[] = [];
  for (const { row, input: form } of input.candidates) {
    // The one receive rule of the scan station, row by row, inside this transaction.
    const result = await receivePackage(tx, {
      actor: input.actor, form: { ...form, service: form.service ?? input.service }, idempotencyKey: null, publicUrl: input.publicUrl,
    });
    const pkg = await describePackage(tx, result.packageId);
    const shown = { row, trackingNumber: form.trackingNumber, mailboxNumber: form.mailboxNumber ?? '' };
    if (result.outcome === 'existing') {
      rows.push({ ...shown, outcome: 'duplicate', reason: BULK_RECEIVE_MSG.alreadyReceived(pkg.packageNumber), customerName: pkg.customerName, packageId: null, packageNumber: null });
    } else {
      rows.push({
        ...shown, outcome: result.outcome, reason: null, customerName: pkg.customerName,
        // A check is rolled back: its numbers were never given out.
        packageId: input.isCommit ? result.packageId : null, packageNumber: input.isCommit ? pkg.packageNumber : null,
      });
    }
  }
  return rows;
}

function countOf(rows: BulkReceiveRow[], total: number): BulkReceiveResult['counts'] {
  const counts = { total, received: 0, matched_pre_alert: 0, unknown: 0, duplicate: 0, invalid: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

function summary(counts: BulkReceiveResult['counts'], committed: boolean): string {
  const parts = BULK_RECEIVE_OUTCOMES.filter((outcome) => counts[outcome] > 0).map((outcome) => `${counts[outcome]} ${BULK_RECEIVE_OUTCOME_LABELS[outcome].toLowerCase()}`);
  const receivable = counts.received + counts.matched_pre_alert + counts.unknown;
  const head = committed ? `${receivable} package${receivable === 1 ? '' : 's'} received` : `${counts.total} rows checked: ${receivable} can be received`;
  return `${head} (${parts.join(', ')})`;
}

export interface ReceivingFile {
  fileName: string;
  kind: string;
  candidates: ReceiveRowCandidate[];
  rejected: RejectedRow[];
  total: number;
}

/**
 * POST /packages/bulk-receive (issue 11), before its transaction: a Miami warehouse's receiving
 * file read by the rate upload's machinery (content check, isolated parser), each row checked
 * against the receive schema. Needs no database.
 */
export async function readReceivingFile(file: UploadedFile, options: { commit: boolean; limits?: ParseLimits }): Promise<ReceivingFile> {
  const limits = options.limits ?? { ...DEFAULT_PARSE_LIMITS, maxRows: BULK_RECEIVE_MAX_ROWS };
  const { kind, rows: cells } = await readSpreadsheetUpload(file, { wrongType: BULK_RECEIVE_MSG.wrongType, limits });
  const { candidates, rejected, total } = readReceiveRows(cells);
  if (total === 0) throw badRequest(BULK_RECEIVE_MSG.noRows);
  if (options.commit && candidates.length === 0) throw badRequest(BULK_RECEIVE_MSG.nothingToReceive);
  return { fileName: file.fileName, kind, candidates, rejected, total };
}

/**
 * The receivable rows of a read file, received by the scan station's own receive in the caller's
 * one transaction: a commit saves every row or, on any failure, none. A check (`commit` false)
 * runs the same under `rolledBack` (lib/transaction.ts), so what it reports is what a commit would
 * do; its package numbers are never given out.
 */
export async function bulkReceive(
  db: Tx,
  options: { actor: Actor; sheet: ReceivingFile; commit: boolean; service?: Service; publicUrl: string },
): Promise<BulkReceiveResult> {
  const { actor, sheet } = options;
  const received = await receiveRows(db, { actor, candidates: sheet.candidates, service: options.service, publicUrl: options.publicUrl, isCommit: options.commit });
  if (options.commit) {
    const counts = countOf(received, sheet.total);
    await auditAction(db, actor, {
      courierId: actor.scope.courierId, action: 'packages.bulk_received', targetType: 'courier', targetId: actor.scope.courierId ?? actor.principal.id,
      details: { fileName: sheet.fileName, kind: sheet.kind, ...counts, invalid: sheet.rejected.filter((r) => r.outcome === 'invalid').length },
    });
  }
  const rows = [
    ...received,
    ...sheet.rejected.map((r) => ({ ...r, customerName: null, packageId: null, packageNumber: null })),
  ].sort((a, b) => a.row - b.row);
  const counts = countOf(rows, sheet.total);
  return { committed: options.commit, message: summary(counts, options.commit), fileName: sheet.fileName, counts, rows };
}
