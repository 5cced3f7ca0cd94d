/**
 * GET events, eventsources, zonedurations and POST event (a manual move: the tag's thing is placed
 * in the zone as if a gate saw it).
 */

import {
  EventListQuery,
  EventRecord,
  EventSource,
  EventSourcesQuery,
  ManualEventBody,
  ZoneDurationQuery,
  ZoneDurationRecord,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as service from './service.js';

export function registerEventRoutes(app: App) {
  const { ctx } = app;
  const tags = ['events'];

  app.get(
    '/api/events',
    { schema: { tags, querystring: EventListQuery, response: { 200: z.array(EventRecord) } } },
    async (req, reply) => {
      return sendList(reply, await service.listEvents(ctx, callerOf(req), req.query));
    },
  );
  app.get(
    '/api/eventsources',
    { schema: { tags, querystring: EventSourcesQuery, response: { 200: z.array(EventSource) } } },
    (req) => service.listEventSources(ctx, callerOf(req), req.query.site),
  );
  app.get(
    '/api/zonedurations',
    { schema: { tags, querystring: ZoneDurationQuery, response: { 200: z.array(ZoneDurationRecord) } } },
    async (req, reply) => {
      return sendList(reply, await service.listZoneDurations(ctx, callerOf(req), req.query));
    },
  );
  app.post('/api/event', { schema: { tags, body: ManualEventBody, response: { 200: EventRecord } } }, (req) =>
    service.createManualEvent(ctx, callerOf(req), req.body),
  );
}
