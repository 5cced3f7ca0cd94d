/**
 * The EPCIS 2.0 REST binding's query: GET /api/epcis/events and its sub-resources by eventID, EPC,
 * business location and read point. Answers are EPCISQueryDocuments (application/ld+json); a
 * next page is named by `nextPageToken` and a `Link: <…>; rel="next"` header. And capture:
 * POST /api/epcis/capture (an EPCISDocument, JSON or JSON-LD) and GET /api/epcis/capture/{captureID}.
 */
import {
  EPCIS_MEDIA_TYPE,
  EpcisCaptureBody,
  EpcisCaptureJob,
  EpcisDocument,
  EpcisEvent,
  EpcisEventsQuery,
  EpcisPathId,
  EpcisQueryDocument,
} from '@sightline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { capture, captureJob } from './capture.js';
import { epcisDocument, queryDocument } from './presenter.js';
import * as service from './service.js';

/** The request's own URL with the next page's token in place of its own. */
function nextLink(req: FastifyRequest, token: string) {
  const url = new URL(req.url, 'http://localhost');
  url.searchParams.set('nextPageToken', token);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

function sendPage(req: FastifyRequest, reply: FastifyReply, page: service.EventsPage) {
  if (page.next) {
    reply.header('link', nextLink(req, page.next));
    reply.header('GS1-Next-Page-Token', page.next);
  }
  reply.type(EPCIS_MEDIA_TYPE);
  return queryDocument(page.events);
}

export function registerEpcisRoutes(app: App) {
  const { ctx } = app;
  const tags = ['epcis'];
  const answer = { 200: EpcisQueryDocument };
  // EPCIS documents travel as JSON-LD: read like JSON.
  app.addContentTypeParser(
    EPCIS_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.post('/api/epcis/capture', { schema: { tags, body: EpcisCaptureBody } }, async (req, reply) => {
    const id = await capture(ctx, callerOf(req), req.log, req.body);
    return reply.status(202).header('location', `/api/epcis/capture/${id}`).send();
  });
  app.get(
    '/api/epcis/capture/:id',
    { schema: { tags, params: EpcisPathId, response: { 200: EpcisCaptureJob } } },
    (req) => captureJob(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/api/epcis/events',
    { schema: { tags, querystring: EpcisEventsQuery, response: answer } },
    async (req, reply) => sendPage(req, reply, await service.queryEvents(ctx, callerOf(req), req.query)),
  );
  // The Events screen's "Download EPCIS": one page of the query as an EPCISDocument file.
  app.get(
    '/api/epcis/document',
    { schema: { tags, querystring: EpcisEventsQuery, response: { 200: EpcisDocument } } },
    async (req, reply) => {
      const page = await service.queryEvents(ctx, callerOf(req), req.query);
      if (page.next) reply.header('link', nextLink(req, page.next));
      reply.header('content-disposition', 'attachment; filename="events.jsonld"');
      reply.type(EPCIS_MEDIA_TYPE);
      return epcisDocument(page.events);
    },
  );
  app.get(
    '/api/epcis/events/:id',
    { schema: { tags, params: EpcisPathId, response: { 200: EpcisEvent } } },
    async (req, reply) => {
      reply.type(EPCIS_MEDIA_TYPE);
      return service.getEvent(ctx, callerOf(req), req.params.id);
    },
  );
  app.get(
    '/api/epcis/epcs/:id/events',
    { schema: { tags, params: EpcisPathId, querystring: EpcisEventsQuery, response: answer } },
    async (req, reply) =>
      sendPage(
        req,
        reply,
        await service.queryEvents(ctx, callerOf(req), { ...req.query, MATCH_anyEPC: [req.params.id] }),
      ),
  );
  app.get(
    '/api/epcis/bizLocations/:id/events',
    { schema: { tags, params: EpcisPathId, querystring: EpcisEventsQuery, response: answer } },
    async (req, reply) =>
      sendPage(
        req,
        reply,
        await service.queryEvents(ctx, callerOf(req), { ...req.query, EQ_bizLocation: [req.params.id] }),
      ),
  );
  app.get(
    '/api/epcis/readPoints/:id/events',
    { schema: { tags, params: EpcisPathId, querystring: EpcisEventsQuery, response: answer } },
    async (req, reply) =>
      sendPage(
        req,
        reply,
        await service.queryEvents(ctx, callerOf(req), { ...req.query, EQ_readPoint: [req.params.id] }),
      ),
  );
}
