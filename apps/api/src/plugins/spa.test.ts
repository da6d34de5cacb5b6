import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../test/test-app';

/** The built SPA as the server sees it: what a browser downloads, and how. */
describe('serving the built SPA', () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('ParcelDesk '.repeat(500))});\n`;
  const html = '<!doctype html><html><head><script type="module" src="/courier/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), html);
    // What apps/web/build-tools/precompress.ts writes beside each asset.
    await writeFile(path.join(dist, 'assets/app-abc123.js'), script);
    await writeFile(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) => t.app.inject({
    method: 'GET', url: '/courier/assets/app-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

  it('sends an asset brotli-compressed when the browser accepts it, else gzip, else as it is; cached for a year', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers every client route and the root with index.html, always revalidated', async () => {
    for (const url of ['/courier/', '/courier/login', '/courier/admin/support-tickets?ticket=TKT-000001']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
