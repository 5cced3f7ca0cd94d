/**
 * Authenticates a reader as an endpoint (docs/readers.md): `Authorization: Bearer <key>` with
 * `x-endpoint-uuid`, HTTP Basic `<uuid>:<key>` (Impinj, Zebra), or uuid and key in the body.
 * Endpoints are cached briefly by uuid (ingest is the hot path, keys rarely change); a key that
 * does not match the cached one is checked against the database before it is refused, so a new
 * key works at once and an old one at most CACHE_MS longer on an instance that cached it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { unauthorized } from '../../platform/errors.js';
import { type EndpointIdentity, findEndpointByUuid } from './repository.js';

const CACHE_MS = 10_000;
const CACHE_MAX = 10_000;

interface CacheEntry {
  db: Tx;
  endpoint: EndpointIdentity;
  keyDigest: Buffer;
  at: number;
}
const cache = new Map<string, CacheEntry>();

interface EndpointCredentials {
  uuid?: string;
  key?: string;
}

/** `{ uuid, key }` of a native body, when it carries them as strings. */
export function bodyCredentials(body: unknown): EndpointCredentials {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const { uuid, key } = body as Record<string, unknown>;
  return {
    uuid: typeof uuid === 'string' ? uuid : undefined,
    key: typeof key === 'string' ? key : undefined,
  };
}

/**
 * Credentials from the request. With a path uuid (Impinj, Zebra) a Basic user naming another
 * endpoint is refused rather than ignored: it is a misconfigured reader.
 */
export function credentialsOf(
  request: FastifyRequest,
  pathUuid?: string,
  body?: EndpointCredentials,
): EndpointCredentials {
  const header = request.headers.authorization ?? '';
  if (/^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return {};
    const user = decoded.slice(0, colon);
    if (pathUuid && user !== pathUuid) return {};
    return { uuid: user, key: decoded.slice(colon + 1) };
  }
  const uuidHeader = request.headers['x-endpoint-uuid'];
  if (/^bearer /i.test(header)) {
    const headerUuid = typeof uuidHeader === 'string' ? uuidHeader : undefined;
    return { uuid: pathUuid ?? headerUuid ?? body?.uuid, key: header.slice(7).trim() };
  }
  return { uuid: pathUuid ?? body?.uuid, key: body?.key };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function remember(db: Tx, uuid: string, endpoint: EndpointIdentity, keyDigest: Buffer) {
  cache.delete(uuid);
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(uuid, { db, endpoint, keyDigest, at: Date.now() });
}

export async function authenticateEndpoint(db: Tx, creds: EndpointCredentials): Promise<EndpointIdentity> {
  const { uuid, key } = creds;
  if (!uuid || !key) throw unauthorized('Endpoint uuid and key are required');
  const offered = digest(key);
  const hit = cache.get(uuid);
  if (hit && hit.db === db && Date.now() - hit.at < CACHE_MS && timingSafeEqual(hit.keyDigest, offered)) {
    return hit.endpoint;
  }
  const row = await findEndpointByUuid(db, uuid);
  if (!row) {
    cache.delete(uuid);
    throw unauthorized('Unknown endpoint or wrong key');
  }
  const stored = digest(row.key);
  remember(db, uuid, row.identity, stored);
  if (!timingSafeEqual(stored, offered)) throw unauthorized('Unknown endpoint or wrong key');
  return row.identity;
}

/** Drop a cached endpoint after its configuration changes on this instance. */
export function forgetEndpoint(uuid: string) {
  cache.delete(uuid);
}
