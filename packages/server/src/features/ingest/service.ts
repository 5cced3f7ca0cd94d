/**
 * What every ingest route does once the body is parsed (docs/readers.md): store and apply the
 * sightings in one transaction (the answer comes after COMMIT), and record the heartbeat and the
 * management events the body was or carried as endpoint status records.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { ParsedBatch, ReaderHeartbeat } from '../../tracking/formats/index.js';
import { ingestSightings } from '../../tracking/store/index.js';
import { recordEndpointStatus } from '../endpointstatus/service.js';
import type { EndpointIdentity } from './repository.js';

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
  // Management events first, in the body's order, then the heartbeat: the newest record is the heartbeat.
  for (const event of parsed.readerEvents ?? [])
    await recordHeartbeat(ctx, log, endpoint, event, requestIp, now);
  if (parsed.heartbeat) await recordHeartbeat(ctx, log, endpoint, parsed.heartbeat, requestIp, now);
  return { accepted: result.accepted, duplicates: result.duplicates };
}

/**
 * A status record (ip from the body, else the request's) and a live `heartbeat` message, by the
 * endpoint status feature.
 */
export async function recordHeartbeat(
  ctx: AppContext,
  log: FastifyBaseLogger,
  endpoint: EndpointIdentity,
  heartbeat: ReaderHeartbeat,
  requestIp: string,
  now = Date.now(),
): Promise<void> {
  await recordEndpointStatus(ctx, log, endpoint, heartbeat, requestIp, now);
}
