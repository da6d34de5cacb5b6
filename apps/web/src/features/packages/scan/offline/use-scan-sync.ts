import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReceivePackageFormValues, ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { ScanQueue, type FlushReport, type QueuedScan, type SendOutcome } from '../../../../components/scan/scan-queue';
import { sendOutcomeOf } from '../../../../components/scan/send-outcome';
import { receivePackage } from '../api/scan-api';

export type ScanBody = ReceivePackageFormValues;
export type QueuedReceive = QueuedScan<ScanBody>;

/** What became of one save: answered by the server, kept for later, or refused. */
export type SaveResult =
  | { status: 'saved'; response: ReceivePackageResponse }
  | { status: 'queued'; reason: string }
  | { status: 'rejected'; message: string };

/** One queue per page load: every station screen of this tab shares it (and its single-flight chain). */
let sharedQueue: ScanQueue | null = null;
const queueOf = () => (sharedQueue ??= new ScanQueue());

/** While scans wait, how often to try again without an `online` event (some networks never send one). */
export const RETRY_EVERY_MS = 4000;
/**
 * How long a save waits for the server before the station moves on to the next parcel (the scan
 * stays queued and is reported when it goes through): a flaky network can hang a request for
 * minutes, and the clerk has the next parcel in hand.
 */
export const SAVE_WAIT_MS = 8000;

async function send(scan: QueuedScan): Promise<SendOutcome<ReceivePackageResponse>> {
  try {
    return { kind: 'sent', result: await receivePackage(scan.body as ScanBody, scan.idempotencyKey) };
  } catch (error) {
    return sendOutcomeOf(error);
  }
}

export interface ScanSync {
  waiting: QueuedReceive[];
  failed: QueuedReceive[];
  isSyncing: boolean;
  /** Why the last pass stopped (offline), null when it got through. */
  stoppedBy: string | null;
  /** `isOnForm`: whether the parcel is still on the station's form (a refusal is then fixed there, else it stays in the queue). */
  save: (body: ScanBody, label: string, isOnForm: () => boolean) => Promise<SaveResult>;
  sync: () => Promise<void>;
  retry: (seq: number) => Promise<void>;
  discard: (seq: number) => Promise<void>;
}

/**
 * The scan station's link to its queue (issue 11): every save goes through IndexedDB first, then
 * the queue is sent in order: at once, when the browser says it is online again, and every few
 * seconds while scans wait. `onSynced` hears of scans the server answered in a later pass (the
 * ones made offline), so the station can list them and offer their labels.
 */
export function useScanSync(ownerId: string | null, onSynced: (sent: FlushReport<ReceivePackageResponse>['sent']) => void): ScanSync {
  const [scans, setScans] = useState<QueuedReceive[]>([]);
  const [isSyncing, setSyncing] = useState(false);
  const [stoppedBy, setStoppedBy] = useState<string | null>(null);
  const onSyncedRef = useRef(onSynced);
  onSyncedRef.current = onSynced;

  const refresh = useCallback(async () => {
    if (!ownerId) return;
    setScans((await queueOf().list(ownerId)) as QueuedReceive[]);
  }, [ownerId]);

  const flush = useCallback(async () => {
    if (!ownerId) return null;
    setSyncing(true);
    try {
      const report = await queueOf().flush(ownerId, send);
      setStoppedBy(report.stoppedBy);
      return report;
    } finally {
      setSyncing(false);
      await refresh();
    }
  }, [ownerId, refresh]);

  const sync = useCallback(async () => {
    const report = await flush();
    if (report && report.sent.length > 0) onSyncedRef.current(report.sent);
  }, [flush]);

  const save = useCallback(async (body: ScanBody, label: string, isOnForm: () => boolean): Promise<SaveResult> => {
    if (!ownerId) return { status: 'rejected', message: 'Sign in again to save scans' };
    const queued = await queueOf().add({ ownerId, label, body });
    await refresh();
    const mine = (entry: { scan: QueuedScan }) => entry.scan.idempotencyKey === queued.idempotencyKey;
    let hasGivenUp = false;
    const pass = flush().then((report) => {
      // What this save does not answer itself is reported like any other synced scan.
      const others = report?.sent.filter((entry) => hasGivenUp || !mine(entry)) ?? [];
      if (others.length > 0) onSyncedRef.current(others);
      return report;
    });
    const report = await Promise.race([pass, new Promise<null>((resolve) => window.setTimeout(() => resolve(null), SAVE_WAIT_MS))]);
    if (report === null) {
      hasGivenUp = true;
      return { status: 'queued', reason: 'The server is slow to answer' };
    }
    const sent = report?.sent.find(mine);
    if (sent) return { status: 'saved', response: sent.result };
    const refused = report?.rejected.find(mine);
    if (refused) {
      // Refused at once: when the parcel is still on the station's form to fix, the queue lets it
      // go; when the next parcel took its place, it stays listed as refused, to fix or discard.
      if (isOnForm()) await queueOf().remove(refused.scan.seq);
      await refresh();
      return { status: 'rejected', message: refused.message };
    }
    return { status: 'queued', reason: report?.stoppedBy ?? 'Waiting for earlier scans' };
  }, [ownerId, refresh, flush]);

  const waitingCount = scans.filter((scan) => scan.error === null).length;
  useEffect(() => {
    void refresh().then(() => sync());
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh, sync]);
  useEffect(() => {
    if (waitingCount === 0) return undefined;
    const timer = window.setInterval(() => void sync(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waitingCount, sync]);

  return {
    waiting: scans.filter((scan) => scan.error === null),
    failed: scans.filter((scan) => scan.error !== null),
    isSyncing,
    stoppedBy,
    save,
    sync,
    retry: async (seq) => {
      await queueOf().retry(seq);
      await sync();
    },
    discard: async (seq) => {
      await queueOf().remove(seq);
      await refresh();
    },
  };
}
