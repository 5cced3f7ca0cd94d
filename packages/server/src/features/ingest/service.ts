/**
 * What every ingest route does once the body is parsed (docs/readers.md): store and apply the
 * sightings in one transaction (the answer comes after COMMIT), record a heartbeat when the body
 * was or carried one, and publish it on the live stream.
 */
import { presentHeartbeat } from '@sightline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { ParsedBatch, ReaderHeartbeat } from '../../tracking/formats/index.js';
import { ingestSightings } from '../../tracking/store/index.js';
import { type EndpointIdentity, insertHeartbeat } from './repository.js';

interface IngestAnswer {
  accepted: number;
  duplicates: number;
}

export async function ingestBatch(
  ctx: AppContext,
  log: FastifyBaseLogger,
  endpoint: EndpointIdentity,
  parsed: ParsedBatch,
  requestIp: string,
): Promise<IngestAnswer> {
  const now = Date.now();
  for (const warning of parsed.warnings) log.warn({ endpoint: endpoint.uuid }, `ingest: ${warning}`);
  const result = await ingestSightings(ctx.tracking, endpoint, parsed.sightings, now, { log });
  if (parsed.heartbeat) await recordHeartbeat(ctx, log, endpoint, parsed.heartbeat, requestIp, now);
  return { accepted: result.accepted, duplicates: result.duplicates };
}

/** A status record (ip from the body, else the request's) and a live `heartbeat` message. */
export async function recordHeartbeat(
  ctx: AppContext,
  log: FastifyBaseLogger,
  endpoint: EndpointIdentity,
  heartbeat: ReaderHeartbeat,
  requestIp: string,
  now = Date.now(),
): Promise<void> {
  const row = await ctx.db.transaction((tx) =>
    insertHeartbeat(tx, endpoint.id, { ...heartbeat, ip: heartbeat.ip || requestIp }, new Date(now)),
  );
  const data = presentHeartbeat(row, endpoint.name);
  await ctx.live
    .publish([{ type: 'heartbeat', orgId: endpoint.orgId, siteId: endpoint.siteId, data, at: now }])
    .catch((err: unknown) => log.error({ err }, 'live publish failed'));
}
