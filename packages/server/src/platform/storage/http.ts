/**
 * Serving stored objects over HTTP: ETag / If-None-Match and byte ranges. Caches never keep them
 * (no-store on every API answer, platform/no-store.ts); the ETag serves clients that keep their own copy.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { parseRange, type Storage } from './index.js';

interface ServeOptions {
  type: string;
  /** Content-Disposition, e.g. for downloads. */
  disposition?: string;
  what: string;
}

export async function sendStored(
  storage: Storage,
  key: string,
  req: FastifyRequest,
  reply: FastifyReply,
  options: ServeOptions,
) {
  const object = await storage.stat(key);
  if (!object) throw notFound(options.what);
  reply
    .header('etag', object.etag)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  if (options.disposition) reply.header('content-disposition', options.disposition);
  if (req.headers['if-none-match'] === object.etag) return reply.status(304).send();
  const range = parseRange(req.headers.range, object.size);
  if (range === 'unsatisfiable')
    return reply.status(416).header('content-range', `bytes */${object.size}`).send();
  const got = await storage.get(key, range);
  if (!got) throw notFound(options.what);
  reply.type(options.type);
  if (!range) return reply.header('content-length', object.size).send(got.stream);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(got.stream);
}
