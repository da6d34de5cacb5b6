import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageStreamEvent, ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { createTestApp, type TestApp } from '../test/test-app';
import { packageWorld, upsNumber, type PackageWorld } from '../modules/packages/package-test-kit';

/** `event: packages` blocks of one SSE stream, as they arrive. */
function packageStream(url: string) {
  const events: PackageStreamEvent[] = [];
  let connected = false;
  let buffer = '';
  const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\n\n'); at !== -1; at = buffer.indexOf('\n\n')) {
        const lines = buffer.slice(0, at).split('\n');
        buffer = buffer.slice(at + 2);
        if (lines.some((l) => l.startsWith(': connected'))) connected = true;
        const data = lines.find((l) => l.startsWith('data:'));
        if (lines.includes('event: packages') && data) events.push(JSON.parse(data.slice(5)) as PackageStreamEvent);
      }
    });
  });
  request.on('error', () => undefined);
  const until = async <T>(find: () => T | undefined): Promise<T> => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`stream: nothing within 10 s; got ${JSON.stringify(events)}`);
  };
  return { events, connected: () => until(() => (connected ? true : undefined)), event: (id: string) => until(() => events.find((e) => e.packageId === id)), close: () => request.destroy() };
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
