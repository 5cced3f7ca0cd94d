import multipart from '@fastify/multipart';
import { IdParams, MapInput, MapListQuery, MapRecord } from '@sightline/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { mapsDir } from './files.js';
import * as service from './service.js';

export function registerMapRoutes(app: App) {
  const { db, config } = app.ctx;
  const dir = mapsDir(config);
  const tags = ['maps'];

  app.get(
    '/api/maps',
    { schema: { tags, querystring: MapListQuery, response: { 200: z.array(MapRecord) } } },
    async (req, reply) => {
      const { items, total } = await service.listMaps(db, callerOf(req), req.query);
      return sendList(reply, total, items);
    },
  );
  app.get('/api/maps/:id', { schema: { tags, params: IdParams, response: { 200: MapRecord } } }, (req) =>
    service.getMap(db, callerOf(req), req.params.id),
  );
  app.post('/api/maps', { schema: { tags, body: MapInput, response: { 200: MapRecord } } }, (req) =>
    service.createMap(db, callerOf(req), req.body),
  );
  app.put(
    '/api/maps/:id',
    { schema: { tags, params: IdParams, body: MapInput, response: { 200: MapRecord } } },
    (req) => service.updateMap(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/maps/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteMap(db, dir, callerOf(req), req.params.id);
    return reply.status(204).send();
  });

  app.get('/api/maps/:id/image', { schema: { tags, params: IdParams } }, async (req, reply) => {
    const image = await service.mapImage(db, dir, callerOf(req), req.params.id);
    reply
      .header('etag', image.etag)
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      // An SVG is a document: never let one run script or load anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    if (req.headers['if-none-match'] === image.etag) return reply.status(304).send();
    return reply.type(image.type).header('content-length', image.size).send(image.open());
  });

  // The multipart parser only where uploads happen (encapsulated: other routes keep JSON only).
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    scope.put(
      '/api/maps/:id/image',
      { schema: { tags, params: IdParams, response: { 200: MapRecord } } },
      (req) =>
        service.uploadMapImage(db, dir, callerOf(req), req.params.id, async () => {
          if (!req.isMultipart()) return undefined;
          return (await req.file({ limits: service.MAP_IMAGE_LIMITS }))?.file;
        }),
    );
  });
}
