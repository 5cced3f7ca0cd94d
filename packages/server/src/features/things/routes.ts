import { PassThrough } from 'node:stream';
import {
  IdParams,
  ListQuery,
  Thing,
  ThingExportQuery,
  ThingInput,
  ThingListQuery,
  ThingUpdateInput,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList, sendListJson } from '../../platform/list-query.js';
import { exportThings, XLSX_TYPE } from './export.js';
import * as service from './service.js';

export function registerThingRoutes(app: App) {
  const { db } = app.ctx;
  const deps = app.ctx;
  const tags = ['things'];
  const list = { 200: z.array(Thing) };

  app.get(
    '/api/things',
    { schema: { tags, querystring: ThingListQuery, response: list } },
    async (req, reply) => {
      return sendListJson(reply, await service.listThings(db, callerOf(req), req.query));
    },
  );
  app.get('/api/things/export', { schema: { tags, querystring: ThingExportQuery } }, async (req, reply) => {
    const xlsx = await exportThings(db, callerOf(req), req.query);
    const out = new PassThrough();
    xlsx.write(out).catch((err: Error) => {
      req.log.error({ err }, 'things export failed');
      out.destroy(err);
    });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${xlsx.filename}"`)
      .send(out);
  });
  app.get('/api/things/:id', { schema: { tags, params: IdParams, response: { 200: Thing } } }, (req) =>
    service.getThing(db, callerOf(req), req.params.id),
  );
  for (const link of ['children', 'parents'] as const) {
    app.get(
      `/api/things/:id/${link}`,
      { schema: { tags, params: IdParams, querystring: ListQuery, response: list } },
      async (req, reply) => {
        return sendList(reply, await service.linkedThings(db, callerOf(req), req.params.id, link, req.query));
      },
    );
  }
  app.post('/api/things', { schema: { tags, body: ThingInput, response: { 200: Thing } } }, (req) =>
    service.createThing(deps, callerOf(req), req.body),
  );
  app.put(
    '/api/things/:id',
    { schema: { tags, params: IdParams, body: ThingUpdateInput, response: { 200: Thing } } },
    (req) => service.updateThing(deps, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/things/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteThing(deps, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
}
