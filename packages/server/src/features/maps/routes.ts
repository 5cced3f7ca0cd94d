import { IdParams, MAP_MSG, MapInput, MapListQuery, MapRecord } from '@sightline/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { oneFileForm, onlyFile, registerMultipart } from '../../platform/multipart.js';
import { sendStored } from '../../platform/storage/http.js';
import { spoolUpload } from '../../platform/storage/spool.js';
import * as service from './service.js';

export function registerMapRoutes(app: App) {
  const { db, storage } = app.ctx;
  const tags = ['maps'];

  app.get(
    '/api/maps',
    { schema: { tags, querystring: MapListQuery, response: { 200: z.array(MapRecord) } } },
    async (req, reply) => {
      return sendList(reply, await service.listMaps(db, callerOf(req), req.query));
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
    await service.deleteMap(db, storage, callerOf(req), req.params.id);
    return reply.status(204).send();
  });

  app.get('/api/maps/:id/image', { schema: { tags, params: IdParams } }, async (req, reply) => {
    const image = await service.mapImage(db, callerOf(req), req.params.id);
    // An SVG is a document: never let one run script or load anything.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    return sendStored(storage, image.key, req, reply, {
      type: image.type,
      what: 'Map image',
    });
  });

  // The multipart parser only where uploads happen (encapsulated: other routes keep JSON only).
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await registerMultipart(scope, {
      upload: 'map-image',
      form: oneFileForm('The floor plan image.'),
      limits: service.MAP_IMAGE_LIMITS,
      tooLarge: MAP_MSG.tooLarge,
    });
    scope.put(
      '/api/maps/:id/image',
      { schema: { tags, params: IdParams, response: { 200: MapRecord } } },
      (req) =>
        service.uploadMapImage(db, storage, callerOf(req), req.params.id, async () =>
          req.isMultipart()
            ? onlyFile(
                req,
                (part) => spoolUpload(part.file),
                (spooled) => spooled.remove(),
              )
            : undefined,
        ),
    );
  });
}
