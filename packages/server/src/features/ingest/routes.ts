/**
 * Reader ingest (docs/readers.md). Public for sessions: each route
 * authenticates the ENDPOINT, then parses with the reader's format (400 naming the problem,
 * nothing stored), then stores and applies the batch and answers after COMMIT.
 */
import { z } from 'zod';
import type { App } from '../../platform/context.js';
import {
  type ParsedBatch,
  parseImpinj,
  parseNativeHeartbeat,
  parseNativeSightings,
  parseZebra,
} from '../../tracking/formats/index.js';
import { authenticateEndpoint, bodyCredentials, credentialsOf } from './endpoint-auth.js';
import { ingestBatch, recordHeartbeat } from './service.js';

/** Ingest bodies up to 10 MB (5000 sightings with room to spare); other JSON bodies stop at 1 MB. */
const INGEST_BODY_LIMIT = 10 * 1024 * 1024;

const Answer = z.object({ accepted: z.number().int(), duplicates: z.number().int() });
const UuidParams = z.object({ uuid: z.string().min(1).max(100) });
const common = { config: { public: true }, bodyLimit: INGEST_BODY_LIMIT } as const;
const tags = ['ingest'];

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

  const readerRoute = (path: string, parse: (body: unknown, receivedAt: number) => ParsedBatch) =>
    app.post(
      path,
      { ...common, schema: { tags, params: UuidParams, body: z.unknown(), response: { 200: Answer } } },
      async (req) => {
        const endpoint = await authenticateEndpoint(ctx.db, credentialsOf(req, req.params.uuid));
        const parsed = parse(req.body, Date.now());
        return ingestBatch(ctx, req.log, endpoint, parsed, req.ip);
      },
    );
  // Impinj R700/R720 IoT device interface: Basic `<uuid>:<key>`; an empty array is a heartbeat.
  readerRoute('/api/ingest/impinj/:uuid', parseImpinj);
  // Zebra IoT Connector: Basic or the native headers; tag data (array or one object) and heartbeats.
  readerRoute('/api/ingest/zebra/:uuid', parseZebra);
}
