import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageStreamEvent, ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { familyStream } from '../test/sse-stream';
import { createTestApp, type TestApp } from '../test/test-app';
import { packageWorld, upsNumber, type PackageWorld } from '../modules/packages/package-test-kit';

/** `event: packages` blocks of one SSE stream, as they arrive. */
function packageStream(url: string) {
  const stream = familyStream<PackageStreamEvent>(url, 'packages');
  return { ...stream, event: (id: string) => stream.until(() => stream.events.find((e) => e.packageId === id)) };
}

let t: TestApp;
let w: PackageWorld;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ EVENTS_STREAM_MAX_MS: '60000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}/api/events/stream?token=`;
  w = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const token = (headers: { authorization: string }) => encodeURIComponent(headers.authorization.slice('Bearer '.length));

describe('live package events (LISTEN/NOTIFY + SSE)', () => {
  it('a receive reaches the package\'s customer and the courier\'s package staff, not another customer', async () => {
    const tanya = packageStream(base + token(w.as.tanya));
    const andre = packageStream(base + token(w.as.andre));
    const admin = packageStream(base + token(w.as.admin));
    try {
      await Promise.all([tanya.connected(), andre.connected(), admin.connected()]);
      const scan = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 1 } });
      const pkg = scan.json<ReceivePackageResponse>().package;
      const expected = { kind: 'package.received', packageId: pkg.id, packageNumber: pkg.packageNumber, status: 'received' };
      expect(await tanya.event(pkg.id)).toEqual(expected);
      expect(await admin.event(pkg.id)).toEqual(expected);
      // Events arrive in commit order: a later one for Andre proves the earlier one was not sent to him.
      const his = (await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: upsNumber(), customerId: w.andre.id, weight: 1 } })).json<ReceivePackageResponse>().package;
      await andre.event(his.id);
      expect(andre.events.map((e) => e.packageId)).toEqual([his.id]);
    } finally {
      [tanya, andre, admin].forEach((s) => s.close());
    }
  });
});
