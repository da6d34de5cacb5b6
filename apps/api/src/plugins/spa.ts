import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA under /courier/ with a fallback to index.html for client routes.
 * Hashed assets are cached for a year; index.html is always revalidated. Assets go out
 * brotli- or gzip-compressed as the browser accepts, from the copies the build wrote.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  app.get('/', { schema: { hide: true }, config: { access: { public: true } } }, (_request, reply) => reply.redirect('/courier/login'));
  app.get('/courier', { schema: { hide: true }, config: { access: { public: true } } }, (_request, reply) => reply.redirect('/courier/'));
  if (!hasBuild) {
    app.log.warn(`No web build at ${webDistDir}: run "npm run build" (the API still works)`);
    return { hasBuild };
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/courier/',
    // The SPA's own root (/courier/, where /courier redirects): without an index it answered 403.
    index: 'index.html',
    // The build writes .br and .gz beside each asset (apps/web/build-tools/precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return { hasBuild };
}

/** True for a browser navigation to a client route of the SPA. */
export function isSpaRoute(url: string, method: string): boolean {
  return method === 'GET' && url.startsWith('/courier/') && !url.startsWith('/courier/assets/');
}
