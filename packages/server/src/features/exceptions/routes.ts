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

const ACKNOWLEDGE_DOC =
  'Someone is on it: the exception stops escalating. The first acknowledgement (who, when) stays; ' +
  "a note is added to the exception's notes, also on one acknowledged before.";
const RESOLVE_DOC =
  "Closes the exception. The first resolution (who, when) stays; a note is added to the exception's notes.";
const ONE_DOC =
  'Needs modify on exceptions for its site; one the caller may not see (another organization or ' +
  'site, or about hidden workers only) answers 404.';
const MANY_DOC =
  'All or none: one id the caller may not see (unknown, another organization or site, or about ' +
  'hidden workers only) answers 404 and one it may not modify 403, and nothing changes. Answers the ' +
  'exceptions as the list presents them (pseudonyms, hidden workers left out).';

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
  const one = { tags, params: IdParams, body: oneBody, response: { 200: ExceptionDetail } };
  const many = { tags, body: ExceptionBulkBody, response: { 200: z.array(ExceptionRecord) } };
  app.post(
    '/api/exceptions/:id/acknowledge',
    {
      schema: {
        ...one,
        summary: 'Acknowledge an exception',
        description: `${ACKNOWLEDGE_DOC} A resolved exception answers 409. ${ONE_DOC}`,
      },
    },
    (req) => service.acknowledgeException(deps, callerOf(req), req.params.id, req.body),
  );
  app.post(
    '/api/exceptions/:id/resolve',
    { schema: { ...one, summary: 'Resolve an exception', description: `${RESOLVE_DOC} ${ONE_DOC}` } },
    (req) => service.resolveException(deps, callerOf(req), req.params.id, req.body),
  );
  app.post(
    '/api/exceptions/acknowledge',
    {
      schema: {
        ...many,
        summary: 'Acknowledge exceptions',
        description: `${ACKNOWLEDGE_DOC} Resolved ones are left as they are. ${MANY_DOC}`,
      },
    },
    (req) => service.acknowledgeExceptions(deps, callerOf(req), req.body),
  );
  app.post(
    '/api/exceptions/resolve',
    { schema: { ...many, summary: 'Resolve exceptions', description: `${RESOLVE_DOC} ${MANY_DOC}` } },
    (req) => service.resolveExceptions(deps, callerOf(req), req.body),
  );
}
