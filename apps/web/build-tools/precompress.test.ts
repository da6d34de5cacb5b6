import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { precompress } from './precompress';

type Hook = (this: unknown, ...args: unknown[]) => unknown;

describe('precompress (build step)', () => {
  let root = '';
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('writes a .br and a .gz beside each text asset that decompress to it, and skips tiny and binary files', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-precompress-'));
    const dist = path.join(root, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    const script = `export const x = ${JSON.stringify('courier '.repeat(400))};\n`;
    await writeFile(path.join(dist, 'assets/index-1.js'), script);
    await writeFile(path.join(dist, 'assets/index-1.css'), `body{margin:0}\n${'.a{color:red}\n'.repeat(200)}`);
    await writeFile(path.join(dist, 'assets/tiny.js'), 'export {};\n');
    await writeFile(path.join(dist, 'assets/logo.png'), Buffer.alloc(4096, 7));

    const plugin = precompress();
    (plugin.configResolved as Hook).call(null, { root, build: { outDir: 'dist' } } as unknown as ResolvedConfig);
    await (plugin.closeBundle as Hook).call(null);

    const js = path.join(dist, 'assets/index-1.js');
    expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(script);
    expect((await readFile(`${js}.br`)).length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dist, 'assets/index-1.css.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets/tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/logo.png.br'))).toBe(false);
  });
});
