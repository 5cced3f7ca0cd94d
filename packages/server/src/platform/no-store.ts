/**
 * Answers of the API and of sign-in (`/api/`, `/auth/`) are never kept by a cache: JSON, exports,
 * photos, QR codes, errors and redirects alike carry `Cache-Control: no-store`, so neither a
 * shared computer's browser cache nor a proxy holds records, tokens or photos after the answer.
 * Set once here, last (onSend, after any route's own headers), so no route can forget or loosen
 * it; the built console's files (web.ts) keep their own caching.
 */
import type { FastifyInstance } from 'fastify';

const PRIVATE_PREFIXES = ['/api/', '/auth/'];

const isPrivateAnswer = (url: string) => PRIVATE_PREFIXES.some((prefix) => url.startsWith(prefix));

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPrivateAnswer(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
