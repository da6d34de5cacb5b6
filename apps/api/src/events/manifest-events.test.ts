import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestDetail, ManifestStreamEvent } from '@parceldesk/shared/schemas/manifests';
import { familyStream } from '../test/sse-stream';
import { createTestApp, type TestApp } from '../test/test-app';
import { airHeader, freshMawb, insertReceived, makeCourier, makeUser, manifestWorld, signIn, type ManifestWorld } from '../modules/manifests/manifest-test-kit';

/** `event: manifests` blocks of one SSE stream, as they arrive. */
function manifestStream(url: string) {
  const stream = familyStream<ManifestStreamEvent>(url, 'manifests');
  return { ...stream, event: (kind: ManifestStreamEvent['kind'], id: string) => stream.until(() => stream.events.find((e) => e.kind === kind && e.manifestId === id)) };
}

let t: TestApp;
let w: ManifestWorld;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ EVENTS_STREAM_MAX_MS: '60000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}/api/events/stream?token=`;
  w = await manifestWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const token = (headers: { authorization: string }) => encodeURIComponent(headers.authorization.slice('Bearer '.length));

describe('live manifest events (LISTEN/NOTIFY + SSE)', () => {
  it('creating, loading and closing a manifest reach the courier\'s manifest screens, not another courier\'s', async () => {
    const other = await makeCourier(t.database.db);
    const otherAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier: other }))).headers;
    const viewer = manifestStream(base + token(w.as.viewer));
    const stranger = manifestStream(base + token(otherAdmin));
    try {
      await Promise.all([viewer.connected(), stranger.connected()]);
      const created = await t.app.inject({ method: 'POST', url: '/api/manifests', headers: w.as.clerk, payload: airHeader({ mawb: freshMawb() }) });
      expect(created.statusCode, created.body).toBe(201);
      const manifest = created.json<ManifestDetail>();
      expect(await viewer.event('manifest.created', manifest.id)).toEqual({ kind: 'manifest.created', manifestId: manifest.id, status: 'open' });

      const pkg = await insertReceived(t.database.db, w.courier, w.tanya.id);
      expect((await t.app.inject({ method: 'POST', url: `/api/manifests/${manifest.id}/packages`, headers: w.as.clerk, payload: { packageIds: [pkg.id] } })).statusCode).toBe(200);
      expect(await viewer.event('manifest.packages', manifest.id)).toMatchObject({ status: 'open' });

      expect((await t.app.inject({ method: 'POST', url: `/api/manifests/${manifest.id}/status`, headers: w.as.clerk, payload: { action: 'close' } })).statusCode).toBe(200);
      expect(await viewer.event('manifest.status', manifest.id)).toEqual({ kind: 'manifest.status', manifestId: manifest.id, status: 'closed' });
      expect(stranger.events).toEqual([]);
    } finally {
      viewer.close();
      stranger.close();
    }
  });
});
