// Bundles the API (and the shared package's TypeScript source) into dist/; npm dependencies stay external.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@parceldesk/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', 'seed-demo': 'src/db/seed-demo.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
// db/migrate.ts finds its SQL next to itself: ./migrations relative to the bundle.
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
// The PDF fonts likewise: lib/pdf-fonts.ts reads ./fonts next to itself.
await cp('src/lib/fonts', 'dist/fonts', { recursive: true });
