import { Endpoint, EndpointListQuery } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as service from './service.js';

export function registerEndpointRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['endpoints'];

  app.get(
    '/api/endpoints',
    { schema: { tags, querystring: EndpointListQuery, response: { 200: z.array(Endpoint) } } },
    async (req, reply) => {
      const { items, total } = await service.listEndpoints(db, callerOf(req), req.query);
      return sendList(reply, total, items);
    },
  );
}
