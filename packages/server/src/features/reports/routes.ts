/**
 * GET reporttypes, reportformat; GET reports/{id}?after&before; POST reports/adhoc; GET
 * eventsbything/export; GET zonedurations/summary (docs/decisions/0032-reports.md).
 */
import type { Writable } from 'node:stream';
import {
  AdhocReportBody,
  EventsByThingExportQuery,
  IdParams,
  REPORT_FORMAT_OPTIONS,
  REPORT_TYPE_OPTIONS,
  ReportOption,
  ReportRunQuery,
  ZoneTimeQuery,
  ZoneTimeRow,
} from '@sightline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendFile, toJson, writeCsv, writeXlsx } from './render.js';
import * as service from './service.js';

/** Answers a prepared report in its format: JSON, or a streamed workbook / CSV. */
async function answer(req: FastifyRequest, reply: FastifyReply, report: service.PreparedReport) {
  if (report.format === 'json') {
    return toJson(
      {
        type: report.type,
        name: report.name,
        site: report.siteId,
        timezone: report.timeZone,
        after: report.after.toISOString(),
        before: report.before.toISOString(),
      },
      report.table,
    );
  }
  const write =
    report.format === 'csv'
      ? (out: Writable) => writeCsv(out, report.timeZone, report.table)
      : (out: Writable) => writeXlsx(out, report.name, report.timeZone, report.table);
  return sendFile(req, reply, report.format, report.name, write);
}

export function registerReportRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['reports'];
  const options = { 200: z.array(ReportOption) };

  app.get('/api/reporttypes', { schema: { tags, response: options } }, async () => REPORT_TYPE_OPTIONS);
  app.get('/api/reportformat', { schema: { tags, response: options } }, async () => REPORT_FORMAT_OPTIONS);

  app.get(
    '/api/reports/:id',
    { schema: { tags, params: IdParams, querystring: ReportRunQuery } },
    async (req, reply) =>
      answer(req, reply, await service.runConfig(db, callerOf(req), req.params.id, req.query)),
  );
  app.post('/api/reports/adhoc', { schema: { tags, body: AdhocReportBody } }, async (req, reply) =>
    answer(req, reply, await service.runAdhoc(db, callerOf(req), req.body)),
  );
  app.get(
    '/api/eventsbything/export',
    { schema: { tags, querystring: EventsByThingExportQuery } },
    async (req, reply) => answer(req, reply, await service.eventsByThing(db, callerOf(req), req.query)),
  );
  app.get(
    '/api/zonedurations/summary',
    { schema: { tags, querystring: ZoneTimeQuery, response: { 200: z.array(ZoneTimeRow) } } },
    (req) => service.zoneTimeSummary(db, callerOf(req), req.query),
  );
}
