import { ApiKey, ApiKeyInput, ApiKeyListQuery, IdParams } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as service from './service.js';

/** No update route: an API key cannot be edited after creation, only deleted. */
export function registerApiKeyRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['apikeys'];

  app.get(
    '/api/apikeys',
    { schema: { tags, querystring: ApiKeyListQuery, response: { 200: z.array(ApiKey) } } },
    async (req, reply) => {
      return sendList(reply, await service.listApiKeys(db, callerOf(req), req.query));
    },
  );
  app.post('/api/apikeys', { schema: { tags, body: ApiKeyInput, response: { 200: ApiKey } } }, (req) =>
    service.createApiKey(db, callerOf(req), req.body),
  );
  app.get('/api/apikeys/:id', { schema: { tags, params: IdParams, response: { 200: ApiKey } } }, (req) =>
    service.getApiKey(db, callerOf(req), req.params.id),
  );
  app.delete('/api/apikeys/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteApiKey(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
}
