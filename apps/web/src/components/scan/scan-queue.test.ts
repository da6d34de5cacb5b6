import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ScanQueue, type QueuedScan, type SendOutcome } from './scan-queue';

let dbCount = 0;
const freshName = () => `scan-queue-test-${(dbCount += 1)}`;
const scan = (label: string, ownerId = 'user-1') => ({ ownerId, label, body: { trackingNumber: label, weight: 2 } });

/** A fake server: remembers every key it applied, answers as told per tracking number. */
function server(answers: Record<string, SendOutcome<string>['kind']> = {}) {
  const applied = new Map<string, string>();
  const calls: QueuedScan[] = [];
  const send = async (queued: QueuedScan): Promise<SendOutcome<string>> => {
    calls.push(queued);
    const kind = answers[queued.label] ?? 'sent';
    if (kind === 'retry') return { kind, message: 'Cannot reach the server' };
    if (kind === 'rejected') return { kind, message: 'Weight must be at most 1,000 lb' };
    if (!applied.has(queued.idempotencyKey)) applied.set(queued.idempotencyKey, queued.label);
    return { kind: 'sent', result: `package-for-${queued.label}` };
  };
  return { send, applied, calls };
}

describe('ScanQueue', () => {
  it('keeps scans on disk with their own Idempotency-Key, in the order they were made', async () => {
    const name = freshName();
    const first = new ScanQueue(name);
    const a = await first.add(scan('1Z0000000000000001'));
    const b = await first.add(scan('1Z0000000000000002'));
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);

    // A reload: a new queue over the same database still has both, oldest first.
    const reopened = await new ScanQueue(name).list('user-1');
    expect(reopened.map((s) => [s.label, s.idempotencyKey])).toEqual([
      ['1Z0000000000000001', a.idempotencyKey],
      ['1Z0000000000000002', b.idempotencyKey],
    ]);
  });

  it('sends waiting scans oldest first and removes each once the server answered', async () => {
    const queue = new ScanQueue(freshName());
    for (const label of ['TRACK0001', 'TRACK0002', 'TRACK0003']) await queue.add(scan(label));
    const fake = server();
    const report = await queue.flush('user-1', fake.send);
    expect(fake.calls.map((c) => c.label)).toEqual(['TRACK0001', 'TRACK0002', 'TRACK0003']);
    expect(report.sent.map((s) => s.result)).toEqual(['package-for-TRACK0001', 'package-for-TRACK0002', 'package-for-TRACK0003']);
    expect(report.waiting).toBe(0);
    expect(await queue.list('user-1')).toEqual([]);
  });

  it('stops at a scan that could not be sent, so nothing overtakes it, and later sends it with the same key', async () => {
    const queue = new ScanQueue(freshName());
    for (const label of ['TRACK0001', 'TRACK0002', 'TRACK0003']) await queue.add(scan(label));
    const offline = server({ TRACK0002: 'retry' });
    const first = await queue.flush('user-1', offline.send);
    expect(offline.calls.map((c) => c.label)).toEqual(['TRACK0001', 'TRACK0002']);
    expect(first).toMatchObject({ waiting: 2, stoppedBy: 'Cannot reach the server' });
    const keyTried = offline.calls[1]?.idempotencyKey;

    const online = server();
    const second = await queue.flush('user-1', online.send);
    expect(online.calls.map((c) => c.label)).toEqual(['TRACK0002', 'TRACK0003']);
    expect(online.calls[0]?.idempotencyKey).toBe(keyTried);
    expect(online.calls[0]?.attempts).toBe(2);
    expect(second.waiting).toBe(0);
  });

  it('keeps a refused scan with the server message, goes on with the next, and puts it back in line on retry', async () => {
    const queue = new ScanQueue(freshName());
    for (const label of ['TRACK0001', 'TRACK0002']) await queue.add(scan(label));
    const report = await queue.flush('user-1', server({ TRACK0001: 'rejected' }).send);
    expect(report.sent.map((s) => s.scan.label)).toEqual(['TRACK0002']);
    expect(report.rejected).toMatchObject([{ message: 'Weight must be at most 1,000 lb', scan: { label: 'TRACK0001' } }]);
    const [kept] = await queue.list('user-1');
    expect(kept).toMatchObject({ label: 'TRACK0001', error: 'Weight must be at most 1,000 lb' });

    // A refused scan is not sent again by itself...
    const idle = server();
    await queue.flush('user-1', idle.send);
    expect(idle.calls).toEqual([]);
    // ...only once the user puts it back.
    await queue.retry(kept!.seq);
    const again = server();
    await queue.flush('user-1', again.send);
    expect(again.calls.map((c) => c.label)).toEqual(['TRACK0001']);
    expect(await queue.list('user-1')).toEqual([]);
  });

  it('applies each scan exactly once when two passes start together', async () => {
    const queue = new ScanQueue(freshName());
    for (const label of ['TRACK0001', 'TRACK0002', 'TRACK0003']) await queue.add(scan(label));
    const fake = server();
    await Promise.all([queue.flush('user-1', fake.send), queue.flush('user-1', fake.send), queue.flush('user-1', fake.send)]);
    expect(fake.calls.map((c) => c.label)).toEqual(['TRACK0001', 'TRACK0002', 'TRACK0003']);
    expect(fake.applied.size).toBe(3);
  });

  it("sends only the signed-in user's scans", async () => {
    const queue = new ScanQueue(freshName());
    await queue.add(scan('TRACK0001', 'user-1'));
    await queue.add(scan('TRACK0002', 'user-2'));
    const fake = server();
    await queue.flush('user-2', fake.send);
    expect(fake.calls.map((c) => c.label)).toEqual(['TRACK0002']);
    expect((await queue.list('user-1')).map((s) => s.label)).toEqual(['TRACK0001']);
  });
});
