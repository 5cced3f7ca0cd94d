/** GET audit (list, newest first), audit/export (xlsx), audit/verify (the hash chain). */
import { PassThrough } from 'node:stream';
import { AuditListQuery, AuditRow, AuditVerify } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { XLSX_TYPE } from '../things/export.js';
import { exportAudit } from './export.js';
import * as service from './service.js';

export function registerAuditRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['audit'];

  app.get(
    '/api/audit',
    { schema: { tags, querystring: AuditListQuery, response: { 200: z.array(AuditRow) } } },
    async (req, reply) => sendList(reply, await service.listAudit(db, callerOf(req), req.query)),
  );
  app.get('/api/audit/verify', { schema: { tags, response: { 200: AuditVerify } } }, (req) =>
    service.verifyAudit(db, callerOf(req)),
  );
  app.get('/api/audit/export', { schema: { tags, querystring: AuditListQuery } }, async (req, reply) => {
    const xlsx = await exportAudit(db, callerOf(req), req.query);
    const out = new PassThrough();
    xlsx.write(out).catch((err: Error) => {
      req.log.error({ err }, 'audit export failed');
      out.destroy(err);
    });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${xlsx.filename}"`)
      .send(out);
  });
}
