/** POST things/{id}/erase (a worker's erasure) and GET things/{id}/personal-data (the zip). */
import { IdParams } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendPersonalData } from './personal-data.js';
import * as service from './service.js';

const Erased = z.object({ erased: z.record(z.string(), z.number().int()) });

export function registerPrivacyRoutes(app: App) {
  const tags = ['things'];
  app.post(
    '/api/things/:id/erase',
    { schema: { tags, params: IdParams, response: { 200: Erased } } },
    (req) => service.eraseThing(app.ctx, callerOf(req), req.params.id),
  );
  app.get('/api/things/:id/personal-data', { schema: { tags, params: IdParams } }, (req, reply) =>
    sendPersonalData(app.ctx, callerOf(req), req.params.id, reply),
  );
}
