import { IdParams, Site, SiteInput, SiteListQuery } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as service from './service.js';

export function registerSiteRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['sites'];

  app.get(
    '/api/sites',
    { schema: { tags, querystring: SiteListQuery, response: { 200: z.array(Site) } } },
    async (req, reply) => {
      return sendList(reply, await service.listSites(db, callerOf(req), req.query));
    },
  );
  app.get('/api/sites/:id', { schema: { tags, params: IdParams, response: { 200: Site } } }, (req) =>
    service.getSite(db, callerOf(req), req.params.id),
  );
  app.post('/api/sites', { schema: { tags, body: SiteInput, response: { 200: Site } } }, (req) =>
    service.createSite(db, callerOf(req), req.body),
  );
  app.put(
    '/api/sites/:id',
    { schema: { tags, params: IdParams, body: SiteInput, response: { 200: Site } } },
    (req) => service.updateSite(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/sites/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteSite(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
}
