import {
  Endpoint,
  EndpointConfig,
  EndpointInput,
  EndpointListQuery,
  EndpointStatus,
  EndpointStatusListQuery,
  EndpointStatusQuery,
  EndpointStatusSummary,
  IdParams,
  QrSizeQuery,
} from '@sightline/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import { authenticate } from '../../platform/authenticate.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { sendQrPng } from '../../platform/qrcode.js';
import { authenticateEndpoint, credentialsOf } from '../ingest/endpoint-auth.js';
import * as service from './service.js';
import * as statusConfig from './status-config.js';

/** A reader's own credentials (docs/readers.md): Basic `<uuid>:<key>`, or Bearer with `x-endpoint-uuid`. */
const readerCredentials = (req: FastifyRequest) =>
  /^basic /i.test(req.headers.authorization ?? '') || typeof req.headers['x-endpoint-uuid'] === 'string';

export function registerEndpointRoutes(app: App) {
  const { db, config } = app.ctx;
  const tags = ['endpoints'];

  app.get(
    '/api/endpoints',
    { schema: { tags, querystring: EndpointListQuery, response: { 200: z.array(Endpoint) } } },
    async (req, reply) => {
      return sendList(reply, await service.listEndpoints(db, callerOf(req), req.query));
    },
  );
  app.post('/api/endpoints', { schema: { tags, body: EndpointInput, response: { 200: Endpoint } } }, (req) =>
    service.createEndpoint(db, callerOf(req), config.publicUrl, req.body, config),
  );

  // Heartbeat history, newest first (static paths: registered apart from endpoints/:id).
  app.get(
    '/api/endpoints/status',
    { schema: { tags, querystring: EndpointStatusListQuery, response: { 200: z.array(EndpointStatus) } } },
    async (req, reply) => {
      const { endpoint, ...query } = req.query;
      return sendList(reply, await statusConfig.listStatus(db, callerOf(req), endpoint, query));
    },
  );
  app.get(
    '/api/endpoints/status/:id',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: EndpointStatusQuery,
        response: { 200: z.array(EndpointStatus) },
      },
    },
    async (req, reply) => {
      return sendList(reply, await statusConfig.listStatus(db, callerOf(req), req.params.id, req.query));
    },
  );
  app.get(
    '/api/endpoints/statusfb/:id',
    { schema: { tags, params: IdParams, response: { 200: EndpointStatusSummary } } },
    (req) => statusConfig.statusSummary(db, callerOf(req), req.params.id),
  );

  // Public for the session hook: a user (session or API key) or the reader itself may pull it.
  app.get(
    '/api/endpoints/config/:id',
    { config: { public: true }, schema: { tags, params: IdParams, response: { 200: EndpointConfig } } },
    async (req) => {
      if (readerCredentials(req)) {
        const endpoint = await authenticateEndpoint(db, credentialsOf(req));
        return statusConfig.getOwnConfig(db, endpoint, req.params.id);
      }
      return statusConfig.getConfig(db, await authenticate(db, req), req.params.id);
    },
  );
  app.put(
    '/api/endpoints/config/:id',
    { schema: { tags, params: IdParams, body: EndpointConfig, response: { 200: EndpointConfig } } },
    (req) => statusConfig.putConfig(db, callerOf(req), req.params.id, req.body),
  );

  app.get('/api/endpoints/:id', { schema: { tags, params: IdParams, response: { 200: Endpoint } } }, (req) =>
    service.getEndpoint(db, callerOf(req), config.publicUrl, req.params.id),
  );
  app.put(
    '/api/endpoints/:id',
    { schema: { tags, params: IdParams, body: EndpointInput, response: { 200: Endpoint } } },
    (req) => service.updateEndpoint(db, callerOf(req), config.publicUrl, req.params.id, req.body, config),
  );
  app.delete('/api/endpoints/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteEndpoint(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
  // A new ingest key; the old one stops working at once (readers must be given the new one).
  app.post(
    '/api/endpoints/:id/key',
    { schema: { tags, params: IdParams, response: { 200: Endpoint } } },
    (req) => service.rotateKey(db, callerOf(req), config.publicUrl, req.params.id),
  );
  // The QR code as a PNG (for printing); it carries the key, so it needs what the key needs.
  app.get(
    '/api/endpoints/:id/qrcode',
    { schema: { tags, params: IdParams, querystring: QrSizeQuery } },
    async (req, reply) => {
      const payload = await service.qrPayload(db, callerOf(req), config.publicUrl, req.params.id);
      return sendQrPng(reply, payload, req.query.size);
    },
  );
}
