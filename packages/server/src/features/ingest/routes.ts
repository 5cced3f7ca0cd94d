/**
 * Reader ingest (docs/readers.md). Public for sessions: each route
 * authenticates the ENDPOINT, then parses with the reader's format (400 naming the problem,
 * nothing stored), then stores and applies the batch and answers after COMMIT.
 */
import { SIGHTINGS_PER_REQUEST_MAX } from '@sightline/shared';
import { z } from 'zod';
import type { App } from '../../platform/context.js';
import { ImpinjReaderEvent, ImpinjTagInventoryEvent } from '../../tracking/formats/impinj.js';
import {
  type ParsedBatch,
  parseImpinj,
  parseNativeHeartbeat,
  parseNativeSightings,
  parseZebra,
} from '../../tracking/formats/index.js';
import { ZebraEventEnvelope, ZebraHeartbeatData, ZebraTagData } from '../../tracking/formats/zebra.js';
import { authenticateEndpoint, bodyCredentials, credentialsOf } from './endpoint-auth.js';
import { ingestBatch, recordHeartbeat } from './service.js';

/** Ingest bodies up to 10 MB (5000 sightings with room to spare); other JSON bodies stop at 1 MB. */
const INGEST_BODY_LIMIT = 10 * 1024 * 1024;

const Answer = z.object({ accepted: z.number().int(), duplicates: z.number().int() });
const UuidParams = z.object({ uuid: z.string().min(1).max(100) });
const common = { config: { public: true }, bodyLimit: INGEST_BODY_LIMIT } as const;
const tags = ['ingest'];

/**
 * A reader body as documented: one event or an array of them, unknown fields ignored. Validation
 * stays with the format's parser (it names each problem and tells sightings from heartbeats), so
 * the schema describes the body without checking it.
 */
function readerBody(event: z.ZodType, description: string) {
  const { $schema: _, ...one } = z.toJSONSchema(event, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  });
  return z.unknown().meta({
    description,
    anyOf: [{ type: 'array', maxItems: SIGHTINGS_PER_REQUEST_MAX, items: one }, one],
  });
}
const ImpinjBody = readerBody(
  ImpinjReaderEvent.extend({ tagInventoryEvent: ImpinjTagInventoryEvent.optional() }).loose(),
  'Impinj IoT device interface ReaderEvents (an empty array is a heartbeat); only tagInventory events make sightings.',
);
const ZebraBody = readerBody(
  ZebraEventEnvelope.extend({
    data: z.union([ZebraTagData.loose(), ZebraHeartbeatData.loose()]).optional(),
  }).loose(),
  'Zebra IoT Connector tag data events, or management events (a heartbeat becomes an endpoint status).',
);

export function registerIngestRoutes(app: App) {
  const { ctx } = app;

  app.post(
    '/api/ingest/sightings',
    { ...common, schema: { tags, body: z.unknown(), response: { 200: Answer } } },
    async (req) => {
      const endpoint = await authenticateEndpoint(
        ctx.db,
        credentialsOf(req, undefined, bodyCredentials(req.body)),
      );
      const parsed = parseNativeSightings(req.body, Date.now());
      return ingestBatch(ctx, req.log, endpoint, parsed, req.ip);
    },
  );

  app.post(
    '/api/ingest/heartbeat',
    { ...common, schema: { tags, body: z.unknown() } },
    async (req, reply) => {
      const endpoint = await authenticateEndpoint(
        ctx.db,
        credentialsOf(req, undefined, bodyCredentials(req.body)),
      );
      const { heartbeat } = parseNativeHeartbeat(req.body);
      await recordHeartbeat(ctx, req.log, endpoint, heartbeat ?? {}, req.ip);
      return reply.status(204).send();
    },
  );

  const readerRoute = (
    path: string,
    body: z.ZodType,
    parse: (body: unknown, receivedAt: number) => ParsedBatch,
  ) =>
    app.post(
      path,
      { ...common, schema: { tags, params: UuidParams, body, response: { 200: Answer } } },
      async (req) => {
        const endpoint = await authenticateEndpoint(ctx.db, credentialsOf(req, req.params.uuid));
        const parsed = parse(req.body, Date.now());
        return ingestBatch(ctx, req.log, endpoint, parsed, req.ip);
      },
    );
  // Impinj R700/R720 IoT device interface: Basic `<uuid>:<key>`; an empty array is a heartbeat.
  readerRoute('/api/ingest/impinj/:uuid', ImpinjBody, parseImpinj);
  // Zebra IoT Connector: Basic or the native headers; tag data (array or one object) and heartbeats.
  readerRoute('/api/ingest/zebra/:uuid', ZebraBody, parseZebra);
}
