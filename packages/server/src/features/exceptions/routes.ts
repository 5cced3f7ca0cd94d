/**
 * GET exceptions (list, newest first), exceptions/export (xlsx), exceptions/{id} (with its things)
 * and the lifecycle: POST exceptions/{id}/acknowledge and /resolve, and both for many ids at once
 * (docs/decisions/0051-exceptions.md, 0360-exception-lifecycle.md).
 */
import { PassThrough } from 'node:stream';
import {
  ExceptionBulkBody,
  ExceptionDetail,
  ExceptionExportQuery,
  ExceptionListQuery,
  ExceptionRecord,
  ExceptionStateBody,
  IdParams,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { XLSX_TYPE } from '../things/export.js';
import { exportExceptions } from './export.js';
import * as service from './service.js';

export function registerExceptionRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['exceptions'];

  app.get(
    '/api/exceptions',
    { schema: { tags, querystring: ExceptionListQuery, response: { 200: z.array(ExceptionRecord) } } },
    async (req, reply) => {
      return sendList(reply, await service.listExceptions(db, callerOf(req), req.query));
    },
  );
  app.get(
    '/api/exceptions/export',
    { schema: { tags, querystring: ExceptionExportQuery } },
    async (req, reply) => {
      const xlsx = await exportExceptions(db, callerOf(req), req.query);
      const out = new PassThrough();
      xlsx.write(out).catch((err: Error) => {
        req.log.error({ err }, 'exceptions export failed');
        out.destroy(err);
      });
      // Returned, not sent: the read row of a site's export is written before the answer goes out.
      reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${xlsx.filename}"`);
      return out;
    },
  );
  app.get(
    '/api/exceptions/:id',
    { schema: { tags, params: IdParams, response: { 200: ExceptionDetail } } },
    (req) => service.getException(db, callerOf(req), req.params.id),
  );
  const deps = { db, live: app.ctx.live };
  // The note is optional, and so is the body that carries it.
  const oneBody = ExceptionStateBody.nullish();
  app.post(
    '/api/exceptions/:id/acknowledge',
    { schema: { tags, params: IdParams, body: oneBody, response: { 200: ExceptionDetail } } },
    (req) => service.acknowledgeException(deps, callerOf(req), req.params.id, req.body),
  );
  app.post(
    '/api/exceptions/:id/resolve',
    { schema: { tags, params: IdParams, body: oneBody, response: { 200: ExceptionDetail } } },
    (req) => service.resolveException(deps, callerOf(req), req.params.id, req.body),
  );
  app.post(
    '/api/exceptions/acknowledge',
    { schema: { tags, body: ExceptionBulkBody, response: { 200: z.array(ExceptionRecord) } } },
    (req) => service.acknowledgeExceptions(deps, callerOf(req), req.body),
  );
  app.post(
    '/api/exceptions/resolve',
    { schema: { tags, body: ExceptionBulkBody, response: { 200: z.array(ExceptionRecord) } } },
    (req) => service.resolveExceptions(deps, callerOf(req), req.body),
  );
}
