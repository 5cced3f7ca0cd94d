/**
 * GET exceptions (list, newest first), exceptions/export (xlsx), exceptions/{id} (with its things)
 * and POST exceptions/{id}/resolve (docs/decisions/0051-exceptions.md).
 */
import { PassThrough } from 'node:stream';
import {
  ExceptionDetail,
  ExceptionExportQuery,
  ExceptionListQuery,
  ExceptionRecord,
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
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${xlsx.filename}"`)
        .send(out);
    },
  );
  app.get(
    '/api/exceptions/:id',
    { schema: { tags, params: IdParams, response: { 200: ExceptionDetail } } },
    (req) => service.getException(db, callerOf(req), req.params.id),
  );
  app.post(
    '/api/exceptions/:id/resolve',
    { schema: { tags, params: IdParams, response: { 200: ExceptionDetail } } },
    (req) => service.resolveException(db, callerOf(req), req.params.id),
  );
}
