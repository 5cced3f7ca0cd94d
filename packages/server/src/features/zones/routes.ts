import { IdParams, Zone, ZoneInput, ZoneListQuery } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { registerZoneOverviewRoute } from './overview.js';
import * as service from './service.js';

export function registerZoneRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['zones'];
  registerZoneOverviewRoute(app);

  app.get(
    '/api/zones',
    { schema: { tags, querystring: ZoneListQuery, response: { 200: z.array(Zone) } } },
    async (req, reply) => {
      return sendList(reply, await service.listZones(db, callerOf(req), req.query));
    },
  );
  app.get('/api/zones/:id', { schema: { tags, params: IdParams, response: { 200: Zone } } }, (req) =>
    service.getZone(db, callerOf(req), req.params.id),
  );
  app.post('/api/zones', { schema: { tags, body: ZoneInput, response: { 200: Zone } } }, (req) =>
    service.createZone(db, callerOf(req), req.body),
  );
  app.put(
    '/api/zones/:id',
    { schema: { tags, params: IdParams, body: ZoneInput, response: { 200: Zone } } },
    (req) => service.updateZone(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/zones/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteZone(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
}
