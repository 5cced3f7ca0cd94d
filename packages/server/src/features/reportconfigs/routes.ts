/** GET, POST, PUT, DELETE reportconfigs, reportconfigs/{id}: per site, listed by name. */
import { IdParams, ReportConfig, ReportConfigInput, ReportConfigListQuery } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as service from './service.js';

export function registerReportConfigRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['reportconfigs'];

  app.get(
    '/api/reportconfigs',
    { schema: { tags, querystring: ReportConfigListQuery, response: { 200: z.array(ReportConfig) } } },
    async (req, reply) => {
      return sendList(reply, await service.listReportConfigs(db, callerOf(req), req.query));
    },
  );
  app.get(
    '/api/reportconfigs/:id',
    { schema: { tags, params: IdParams, response: { 200: ReportConfig } } },
    (req) => service.getReportConfig(db, callerOf(req), req.params.id),
  );
  app.post(
    '/api/reportconfigs',
    { schema: { tags, body: ReportConfigInput, response: { 200: ReportConfig } } },
    (req) => service.createReportConfig(db, callerOf(req), req.body),
  );
  app.put(
    '/api/reportconfigs/:id',
    { schema: { tags, params: IdParams, body: ReportConfigInput, response: { 200: ReportConfig } } },
    (req) => service.updateReportConfig(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/reportconfigs/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteReportConfig(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
}
