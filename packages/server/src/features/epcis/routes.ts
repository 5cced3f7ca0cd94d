/**
 * The EPCIS 2.0 REST binding's query: GET /api/epcis/events and its sub-resources by eventID, EPC,
 * business location and read point. Answers are EPCISQueryDocuments (application/ld+json); a
 * next page is named by `nextPageToken` and a `Link: <…>; rel="next"` header. And capture:
 * POST /api/epcis/capture (an EPCISDocument, JSON or JSON-LD), GET /api/epcis/capture/{captureID}
 * and OPTIONS /api/epcis/capture (GS1's discovery headers).
 */
import {
  EPCIS_CAPTURE_EPC_LIMIT,
  EPCIS_CAPTURE_EVENT_LIMIT,
  EPCIS_MEDIA_TYPE,
  EpcisCaptureBody,
  EpcisCaptureHeaders,
  EpcisCaptureJob,
  EpcisDocument,
  EpcisEventsQuery,
  EpcisPathId,
  EpcisQueryDocument,
} from '@sightline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize, callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { capture, captureJob } from './capture.js';
import { epcisDocument, queryDocument } from './presenter.js';
import * as service from './service.js';

/** The request's own URL with the next page's token in place of its own. */
function nextLink(req: FastifyRequest, token: string) {
  const url = new URL(req.url, 'http://localhost');
  url.searchParams.set('nextPageToken', token);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

const QUERY_DESCRIPTION = [
  "The caller's events as an `EPCISQueryDocument` (`application/ld+json`, GS1's context), oldest first:",
  "Sightline's events as ObjectEvents (`OBSERVE` of the tag's EPC at the endpoint's `readPoint` and the",
  "zone's `bizLocation`, docs/epcis.md) at the sites the caller may read, and events captured and kept,",
  'for a caller who may read every site. A site that hides its workers leaves their events out.',
  'Lists of values are separated by `|`. A next page is named by `Link: <…>; rel="next"` and',
  "`GS1-Next-Page-Token`. Session or API key; another organization's events are never answered.",
].join(' ');

const CAPTURE_DESCRIPTION = [
  "An `EPCISDocument` (or a single event) checked against GS1's EPCIS 2.0 JSON schema. An invalid",
  'document is a 400 whose `errors` list each wrong field as `{ path, message }` (a JSON pointer),',
  'and nothing is stored. ObjectEvents with `action` `OBSERVE` or `ADD` whose `readPoint.id` is an',
  "endpoint's `epcisId` (or `urn:sightline:endpoint:<id>`) and whose EPCs are tags become sightings",
  "of that endpoint at `eventTime`, applied like every reader's; every other event is kept as",
  "received and answered by the query; those are the whole organization's, so a caller limited to",
  'some sites may capture only sightings of its own endpoints (403 otherwise, nothing stored).',
  `A document holds at most ${EPCIS_CAPTURE_EVENT_LIMIT} events and ${EPCIS_CAPTURE_EPC_LIMIT} EPCs (413 otherwise).`,
  'An eventID names one event of the organization: an event captured again (the same eventID and',
  'content, or the same content without an eventID) is not applied twice, and a document giving',
  "another event's captured eventID (or one eventID to two events) is refused with 409, nothing",
  'stored, `errors` naming each such `eventID`; an error declaration shares the eventID of the event',
  'it declares erroneous.',
  'By default (`GS1-Capture-Error-Behaviour: rollback`) the document is captured whole or not at',
  'all: its sightings, kept events and capture record commit together. With `proceed`, the valid',
  'events are captured and the others (a schema error in the event, an eventID too long or taken,',
  'a kept event from a caller limited to some sites) are left out, each with its errors in the',
  'capture job (`success` false); an error outside every event is still a 400 or 413. Answers 202 with',
  '`Location: /api/epcis/capture/{captureID}`. Needs create on things (session or API key).',
].join(' ');

/** The EPCIS and CBV version the capture interface and the query speak. */
const EPCIS_VERSION = '2.0.0';

/** A parameter of GS1's query families (`EQ_…`, `MATCH_…`, `orderBy` …): EPCIS names it. */
const EPCIS_PARAMETER =
  /^(?:(?:EQ|NE|GT|GE|LT|LE|MATCH|WD|EXISTS|HASATTR|EQATTR)_.+|orderBy|orderDirection|eventCountLimit|maxEventCount)$/;
const ANSWERED = new Set(Object.keys(EpcisEventsQuery.shape));
const UNSUPPORTED = 'is not a query parameter Sightline answers (QueryParameterException)';

/**
 * An EPCIS parameter the query does not answer is a 400, as the standard's
 * QueryParameterException: ignoring it would answer more events than were asked for.
 */
async function refuseUnsupportedParameters(req: FastifyRequest) {
  const unsupported = Object.keys(req.query as object).filter(
    (key) => EPCIS_PARAMETER.test(key) && !ANSWERED.has(key),
  );
  if (unsupported.length)
    throw badRequest(
      unsupported.map((key) => `querystring.${key}: ${UNSUPPORTED}`).join('; '),
      unsupported.map((key) => ({ path: `querystring.${key}`, message: UNSUPPORTED })),
    );
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

  app.post(
    '/api/epcis/capture',
    {
      schema: {
        tags,
        summary: 'Capture an EPCISDocument',
        description: CAPTURE_DESCRIPTION,
        consumes: ['application/json', EPCIS_MEDIA_TYPE],
        headers: EpcisCaptureHeaders,
        body: EpcisCaptureBody,
      },
    },
    async (req, reply) => {
      const behaviour = req.headers['gs1-capture-error-behaviour'] ?? 'rollback';
      const id = await capture(ctx, callerOf(req), req.log, req.body, behaviour);
      return reply.status(202).header('location', `/api/epcis/capture/${id}`).send();
    },
  );
  // Discovery: what the capture interface takes and how it treats errors, as GS1's headers.
  app.options(
    '/api/epcis/capture',
    {
      schema: {
        tags,
        summary: 'What the capture interface supports',
        description: `204 with GS1's discovery headers: \`GS1-EPCIS-Version\` and \`GS1-CBV-Version\` 2.0.0 (also as \`-Min\` and \`-Max\`), \`GS1-EPCIS-Capture-Limit\` (events, ${EPCIS_CAPTURE_EVENT_LIMIT}), \`GS1-EPCIS-Capture-File-Size-Limit\` (bytes), \`GS1-Capture-Error-Behaviour: all\` (\`rollback\` and \`proceed\`) and \`Allow\`. A document also holds at most ${EPCIS_CAPTURE_EPC_LIMIT} EPCs. Needs create on things, like the capture.`,
      },
    },
    async (req, reply) => {
      authorize(callerOf(req), 'things', 'create');
      return reply
        .status(204)
        .headers({
          allow: 'OPTIONS, POST',
          'GS1-EPCIS-Version': EPCIS_VERSION,
          'GS1-EPCIS-Min': EPCIS_VERSION,
          'GS1-EPCIS-Max': EPCIS_VERSION,
          'GS1-CBV-Version': EPCIS_VERSION,
          'GS1-CBV-Min': EPCIS_VERSION,
          'GS1-CBV-Max': EPCIS_VERSION,
          'GS1-EPCIS-Capture-Limit': String(EPCIS_CAPTURE_EVENT_LIMIT),
          'GS1-EPCIS-Capture-File-Size-Limit': String(app.initialConfig.bodyLimit),
          'GS1-Capture-Error-Behaviour': 'all',
        })
        .send();
    },
  );
  app.get(
    '/api/epcis/capture/:id',
    {
      schema: {
        tags,
        summary: 'A capture job',
        description:
          "The outcome of `POST /api/epcis/capture` (its `Location`): `running` false once done, `success`, `captureErrorBehaviour` as sent, and, with `proceed`, the errors of the events left out (`success` false; the others were captured). Needs create on things, like the capture (403 otherwise); another organization's capture is 404.",
        params: EpcisPathId,
        response: { 200: EpcisCaptureJob },
      },
    },
    (req) => captureJob(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/api/epcis/events',
    {
      preValidation: refuseUnsupportedParameters,
      schema: {
        tags,
        summary: "EPCIS events (the REST binding's query)",
        description: QUERY_DESCRIPTION,
        querystring: EpcisEventsQuery,
        response: answer,
      },
    },
    async (req, reply) => sendPage(req, reply, await service.queryEvents(ctx, callerOf(req), req.query)),
  );
  // The Events screen's "Download EPCIS": one page of the query as an EPCISDocument file.
  app.get(
    '/api/epcis/document',
    {
      preValidation: refuseUnsupportedParameters,
      schema: {
        tags,
        summary: 'EPCIS events as a downloadable EPCISDocument',
        description:
          'The Events screen\'s "Download EPCIS": one page of the query (the same parameters) as an `EPCISDocument` attachment (`events.jsonld`), with the next page in `Link` as the query does.',
        querystring: EpcisEventsQuery,
        response: { 200: EpcisDocument },
      },
    },
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
    {
      schema: {
        tags,
        summary: 'One EPCIS event by its eventID',
        description:
          "An EPCISQueryDocument holding the event of the eventID (`ni:///sha-256;…?ver=CBV2.0`, percent-encoded) a query answered it with, or a captured event's own eventID, and the error declarations captured about it (GS1's REST binding). 404 when the caller may not read it, or when an open event's eventID has since changed with its last sighting.",
        params: EpcisPathId,
        response: answer,
      },
    },
    async (req, reply) => {
      reply.type(EPCIS_MEDIA_TYPE);
      return queryDocument(await service.getEvent(ctx, callerOf(req), req.params.id));
    },
  );
  app.get(
    '/api/epcis/epcs/:id/events',
    {
      preValidation: refuseUnsupportedParameters,
      schema: {
        tags,
        summary: "An EPC's events",
        description:
          "The query (`GET /api/epcis/events`, every parameter) with `MATCH_anyEPC` set to the path's URI.",
        params: EpcisPathId,
        querystring: EpcisEventsQuery,
        response: answer,
      },
    },
    async (req, reply) =>
      sendPage(
        req,
        reply,
        await service.queryEvents(ctx, callerOf(req), { ...req.query, MATCH_anyEPC: [req.params.id] }),
      ),
  );
  app.get(
    '/api/epcis/bizLocations/:id/events',
    {
      preValidation: refuseUnsupportedParameters,
      schema: {
        tags,
        summary: "A business location's events",
        description:
          "The query (`GET /api/epcis/events`, every parameter) with `EQ_bizLocation` set to the path's URI.",
        params: EpcisPathId,
        querystring: EpcisEventsQuery,
        response: answer,
      },
    },
    async (req, reply) =>
      sendPage(
        req,
        reply,
        await service.queryEvents(ctx, callerOf(req), { ...req.query, EQ_bizLocation: [req.params.id] }),
      ),
  );
  app.get(
    '/api/epcis/readPoints/:id/events',
    {
      preValidation: refuseUnsupportedParameters,
      schema: {
        tags,
        summary: "A read point's events",
        description:
          "The query (`GET /api/epcis/events`, every parameter) with `EQ_readPoint` set to the path's URI.",
        params: EpcisPathId,
        querystring: EpcisEventsQuery,
        response: answer,
      },
    },
    async (req, reply) =>
      sendPage(
        req,
        reply,
        await service.queryEvents(ctx, callerOf(req), { ...req.query, EQ_readPoint: [req.params.id] }),
      ),
  );
}
