import { useCallback, useEffect, useState } from 'react';
import { ScanQueue, type QueuedScan, type SendOutcome } from '../../../components/scan/scan-queue';
import { sendOutcomeOf } from '../../../components/scan/send-outcome';
import { deviceId, sendScan, type ScanAnswer } from './reconciliation';

/**
 * The reconciliation screen's outbox (issue 12): the scan station's IndexedDB queue
 * (components/scan/scan-queue.ts, decision 011) in its own database. Every scan is kept with its
 * key first, which the API takes as the clientScanId: a scan sent twice (an answer lost on the
 * way back, a reload) applies once. Sent oldest first; while offline, every few seconds and on
 * the browser's `online` event.
 */
export const RECONCILIATION_QUEUE_DB = 'parceldesk-reconciliation-queue';
const RETRY_EVERY_MS = 4000;

export interface ReconciliationScanBody {
  manifestId: string;
  code: string;
}

let sharedQueue: ScanQueue | null = null;
const queueOf = () => (sharedQueue ??= new ScanQueue(RECONCILIATION_QUEUE_DB));

async function send(scan: QueuedScan): Promise<SendOutcome<ScanAnswer>> {
  const body = scan.body as ReconciliationScanBody;
  try {
    return { kind: 'sent', result: await sendScan(body.manifestId, { code: body.code, clientScanId: scan.idempotencyKey, deviceId: deviceId() }) };
  } catch (error) {
    return sendOutcomeOf(error);
  }
}

export interface ReconciliationQueue {
  /** Scans of this manifest waiting to be sent. */
  waiting: number;
  /** Scans the server refused (with its message). */
  failed: QueuedScan[];
  stoppedBy: string | null;
  add: (code: string) => Promise<void>;
  discard: (seq: number) => Promise<void>;
}

export function useReconciliationQueue(ownerId: string | null, manifestId: string, onAnswer: (answer: ScanAnswer) => void, onRefused: (message: string) => void): ReconciliationQueue {
  const [scans, setScans] = useState<QueuedScan[]>([]);
  const [stoppedBy, setStoppedBy] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!ownerId) return;
    const all = await queueOf().list(ownerId);
    setScans(all.filter((scan) => (scan.body as ReconciliationScanBody).manifestId === manifestId));
  }, [ownerId, manifestId]);

  const flush = useCallback(async () => {
    if (!ownerId) return;
    const report = await queueOf().flush<ScanAnswer>(ownerId, send);
    setStoppedBy(report.stoppedBy);
    report.sent.forEach((entry) => onAnswer(entry.result));
    report.rejected.forEach((entry) => onRefused(`${entry.scan.label}: ${entry.message}`));
    await refresh();
  }, [ownerId, refresh, onAnswer, onRefused]);

  const add = useCallback(async (code: string) => {
    if (!ownerId) return;
    await queueOf().add({ ownerId, label: code, body: { manifestId, code } satisfies ReconciliationScanBody });
    await refresh();
    await flush();
  }, [ownerId, manifestId, refresh, flush]);

  const waiting = scans.filter((scan) => scan.error === null).length;
  useEffect(() => {
    void refresh().then(flush);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh, flush]);
  useEffect(() => {
    if (waiting === 0) return undefined;
    const timer = window.setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return {
    waiting, stoppedBy, failed: scans.filter((scan) => scan.error !== null), add,
    discard: async (seq) => {
      await queueOf().remove(seq);
      await refresh();
    },
  };
}
