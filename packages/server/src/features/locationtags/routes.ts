import {
  IdParams,
  LocationTag,
  LocationTagInput,
  LocationTagListQuery,
  QrSizeQuery,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { sendQrPng } from '../../platform/qrcode.js';
import * as service from './service.js';

export function registerLocationTagRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['locationtags'];

  app.get(
    '/api/locationtags',
    { schema: { tags, querystring: LocationTagListQuery, response: { 200: z.array(LocationTag) } } },
    async (req, reply) => {
      return sendList(reply, await service.listLocationTags(db, callerOf(req), req.query));
    },
  );
  app.get(
    '/api/locationtags/:id',
    { schema: { tags, params: IdParams, response: { 200: LocationTag } } },
    (req) => service.getLocationTag(db, callerOf(req), req.params.id),
  );
  app.get(
    '/api/locationtags/:id/qrcode',
    { schema: { tags, params: IdParams, querystring: QrSizeQuery } },
    async (req, reply) => {
      const locationTag = await service.getLocationTag(db, callerOf(req), req.params.id);
      return sendQrPng(reply, locationTag.tag, req.query.size);
    },
  );
  app.post(
    '/api/locationtags',
    { schema: { tags, body: LocationTagInput, response: { 200: LocationTag } } },
    (req) => service.createLocationTag(db, callerOf(req), req.body),
  );
  app.put(
    '/api/locationtags/:id',
    { schema: { tags, params: IdParams, body: LocationTagInput, response: { 200: LocationTag } } },
    (req) => service.updateLocationTag(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/locationtags/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteLocationTag(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
}
