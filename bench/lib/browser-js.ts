import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, repoRoot } from './processes';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface ScriptFigures {
  url: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** The five largest files (gzip), to show where the bytes go. */
  largest: { file: string; gzipBytes: number }[];
}

/**
 * Loads a page in headless Chromium and sums the JavaScript it downloads (every response with a
 * JavaScript content type, lazy chunks included), each body gzipped at level 9: the server may
 * not compress, so the size is computed the same way for both pages.
 */
export async function scriptBytes(url: string): Promise<ScriptFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    const page = await browser.newPage();
    const bodies: Promise<{ file: string; raw: number; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
      const file = new URL(response.url()).pathname.split('/').pop() ?? response.url();
      bodies.push(response.body().then((body) => ({ file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(bodies);
    return {
      url,
      files: files.length,
      rawBytes: files.reduce((sum, f) => sum + f.raw, 0),
      gzipBytes: files.reduce((sum, f) => sum + f.gzip, 0),
      largest: [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 5).map((f) => ({ file: f.file, gzipBytes: f.gzip })),
    };
  } finally {
    await browser.close();
  }
}

/** Serves a built Vite app under /courier/ (its base) with index.html as the fallback. */
async function serveStatic(dir: string): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
  const server = http.createServer((request, response) => {
    const relative = decodeURIComponent((request.url ?? '/').split('?')[0]!.replace(/^\/courier\/?/, ''));
    let file = path.join(dir, relative);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A reference page: bench/bare-react (React + ReactDOM rendering one heading) or
 * bench/bare-react-router (the same under React Router) built with the web app's own
 * vite.config.ts (same plugins, base and build options) into a temp dir, served, and measured
 * like the login page.
 */
export async function referenceScriptBytes(page: 'bare-react' | 'bare-react-router'): Promise<ScriptFigures> {
  const { build } = await import('vite');
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-bare-react-'));
  try {
    await build({
      configFile: path.join(repoRoot, 'apps/web/vite.config.ts'),
      root: path.join(repoRoot, 'bench', page),
      build: { outDir, emptyOutDir: true },
      logLevel: 'warn',
    });
    const server = await serveStatic(outDir);
    try {
      return await scriptBytes(`${server.baseUrl}/courier/`);
    } finally {
      await server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
