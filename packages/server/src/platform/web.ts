/**
 * The built console at / (docs/decisions/0043-console-delivery.md). `npm run build` leaves a brotli
 * and a gzip copy beside every text file (packages/web/scripts/precompress.mjs); the one the
 * browser accepts is sent as it is, with `Vary: Accept-Encoding`. Hashed files under assets/ are
 * cached for a year and never revalidated; everything else, index.html above all, is revalidated on
 * every load. Unknown client paths get index.html: they are the web router's.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import type { App } from './context.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built console's folder, when it has been built: WEB_DIST, else `fallback` (app.ts passes
 * packages/web/dist, found from its own folder: src/ and the bundle's dist/ are at the same depth).
 */
export function webRoot(config: Config, fallback: string): string | undefined {
  const dist = config.webDist ?? fallback;
  return existsSync(path.join(dist, 'index.html')) ? dist : undefined;
}

export function serveWeb(app: App, dist: string): void {
  const assets = path.join(dist, 'assets') + path.sep;
  app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      request.method !== 'GET' ||
      url.startsWith('/api/') ||
      url.startsWith('/auth/') ||
      path.extname(url)
    ) {
      return reply.status(404).send({ message: `Route ${request.method} ${url} not found` });
    }
    return reply.sendFile('index.html');
  });
}
