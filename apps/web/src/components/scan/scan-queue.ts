import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * A scanning screen's outbox: the scan station's receive queue (issue 11) and the reconciliation
 * screen's (issue 12), each in its own IndexedDB database. The scan station's (issue 11, "Works through a dropped connection"): every scan is kept
 * in IndexedDB with the Idempotency-Key it was given when it was made, and sent from here in the
 * order it was made. A scan leaves the store only when the server has answered it, so a reload, a
 * closed tab or a dropped connection loses nothing; the key makes a second send of the same scan
 * (an answer lost on the way back) a replay, never a second package. Reasons:
 * docs/decisions/011-offline-scan-queue.md.
 */
export interface QueuedScan<TBody = unknown> {
  /** Order of the scans: IndexedDB's auto-increment key. */
  seq: number;
  idempotencyKey: string;
  /** The signed-in user who made the scan: only they send it (another user on the device does not). */
  ownerId: string;
  /** What the list shows: the tracking number. */
  label: string;
  body: TBody;
  queuedAt: string;
  attempts: number;
  /** Set when the server refused the scan for good (a 4xx): it waits for the user to fix or discard it. */
  error: string | null;
}

/** What one send came to. `retry`: not reached or not answered (offline, 5xx): try again later, in order. */
export type SendOutcome<TResult> =
  | { kind: 'sent'; result: TResult }
  | { kind: 'retry'; message: string }
  | { kind: 'rejected'; message: string };

export interface FlushReport<TResult> {
  sent: { scan: QueuedScan; result: TResult }[];
  rejected: { scan: QueuedScan; message: string }[];
  /** Scans still waiting after this pass (a retry stopped it, or they were added meanwhile). */
  waiting: number;
  /** Why the pass stopped early, when it did. */
  stoppedBy: string | null;
}

interface ScanQueueDb extends DBSchema {
  scans: { key: number; value: QueuedScan; indexes: { owner: string } };
}

type NewScan = Omit<QueuedScan, 'seq' | 'idempotencyKey' | 'queuedAt' | 'attempts' | 'error'>;

export const SCAN_QUEUE_DB = 'parceldesk-scan-queue';

/** A fresh Idempotency-Key: 8 to 100 of [A-Za-z0-9_-], as the receive route asks. */
export function newIdempotencyKey(): string {
  return `scan-${crypto.randomUUID()}`;
}

export class ScanQueue {
  private db: Promise<IDBPDatabase<ScanQueueDb>> | null = null;
  /** One pass at a time in this tab; other tabs wait on the Web Lock where the browser has it. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly dbName: string = SCAN_QUEUE_DB) {}

  private open(): Promise<IDBPDatabase<ScanQueueDb>> {
    this.db ??= openDB<ScanQueueDb>(this.dbName, 1, {
      upgrade(db) {
        const store = db.createObjectStore('scans', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('owner', 'ownerId');
      },
    });
    return this.db;
  }

  /** Keeps a scan with a new Idempotency-Key; resolves once it is on disk. */
  async add(scan: NewScan): Promise<QueuedScan> {
    const db = await this.open();
    const entry = { ...scan, idempotencyKey: newIdempotencyKey(), queuedAt: new Date().toISOString(), attempts: 0, error: null };
    // seq is filled in by the store (autoIncrement); the cast names the value before it exists.
    const seq = await db.add('scans', entry as QueuedScan);
    return { ...entry, seq };
  }

  /** The owner's scans, oldest first. */
  async list(ownerId: string): Promise<QueuedScan[]> {
    const db = await this.open();
    const rows = await db.getAllFromIndex('scans', 'owner', ownerId);
    return rows.sort((a, b) => a.seq - b.seq);
  }

  async remove(seq: number): Promise<void> {
    const db = await this.open();
    await db.delete('scans', seq);
  }

  /** A refused scan goes back in line (after the user fixed what the server said, or to try again). */
  async retry(seq: number): Promise<void> {
    const db = await this.open();
    const scan = await db.get('scans', seq);
    if (scan) await db.put('scans', { ...scan, error: null });
  }

  /**
   * Sends the owner's waiting scans oldest first, one at a time. A sent scan is removed; a
   * refused one stays with the server's message and the pass goes on; a scan that could not be
   * sent stops the pass, so nothing after it overtakes it.
   */
  flush<TResult>(ownerId: string, send: (scan: QueuedScan) => Promise<SendOutcome<TResult>>): Promise<FlushReport<TResult>> {
    const pass = this.running.then(() => withLock(`${this.dbName}-sync`, () => this.flushNow(ownerId, send)));
    this.running = pass.catch(() => undefined);
    return pass;
  }

  private async flushNow<TResult>(ownerId: string, send: (scan: QueuedScan) => Promise<SendOutcome<TResult>>): Promise<FlushReport<TResult>> {
    const report: FlushReport<TResult> = { sent: [], rejected: [], waiting: 0, stoppedBy: null };
    const db = await this.open();
    for (const scan of await this.list(ownerId)) {
      if (scan.error !== null) continue;
      // Another tab may have sent it while this pass waited for the lock.
      if (!(await db.get('scans', scan.seq))) continue;
      const attempt = { ...scan, attempts: scan.attempts + 1 };
      await db.put('scans', attempt);
      const outcome = await send(attempt);
      if (outcome.kind === 'sent') {
        await db.delete('scans', scan.seq);
        report.sent.push({ scan: attempt, result: outcome.result });
      } else if (outcome.kind === 'rejected') {
        const refused = { ...attempt, error: outcome.message };
        await db.put('scans', refused);
        report.rejected.push({ scan: refused, message: outcome.message });
      } else {
        report.stoppedBy = outcome.message;
        break;
      }
    }
    report.waiting = (await this.list(ownerId)).filter((scan) => scan.error === null).length;
    return report;
  }
}

/** Web Locks keep two tabs of the same station from sending the same scan at once (the key would make it harmless, but slower). */
function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return task();
  return locks.request(name, task) as Promise<T>;
}
