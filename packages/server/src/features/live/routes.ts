/**
 * GET /api/live?site= — Server-Sent Events of the site's changes (events, zone changes, things,
 * exceptions, heartbeats) and the caller's notifications, from the live bus of any instance, each
 * as this subscriber may see it (present.ts). The
 * stream itself (caps, keepalive, ending it once the caller may no longer see the site) is
 * platform/event-streams.ts.
 */
import { IdParams } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { EVENT_STREAM_RESPONSE } from '../../platform/event-streams.js';
import { type LiveMessage, liveDataJson } from '../../platform/live.js';
import { requireSite } from '../sites/service.js';
import { presentLive, subscriberOf } from './present.js';
import { createWorkerHomes } from './worker-homes.js';

/** A message's SSE frame, serialised once however many subscribers receive it. */
const frames = new WeakMap<LiveMessage, string>();
function frame(m: LiveMessage): string {
  let text = frames.get(m);
  if (text === undefined) {
    // `{ ...data, at }` without copying the data: its JSON with `"at"` appended.
    const data = liveDataJson(m);
    const plain =
      typeof m.data === 'object' &&
      m.data !== null &&
      Object.getPrototypeOf(m.data) === Object.prototype &&
      !('at' in m.data) &&
      data.endsWith('}');
    const at = JSON.stringify(m.at);
    const json = !plain
      ? JSON.stringify({ ...(m.data as object), at: m.at })
      : data === '{}'
        ? `{"at":${at}}`
        : `${data.slice(0, -1)},"at":${at}}`;
    text = `event: ${m.type}\ndata: ${json}\n\n`;
    frames.set(m, text);
  }
  return text;
}

export function registerLiveRoutes(app: App) {
  const { db, live, streams } = app.ctx;
  // Which workers are pseudonymous follows their home sites: read in each recheck pass, before
  // the streams hear their caller and site.
  const homes = createWorkerHomes(db);
  streams.onPass((orgIds) => homes.refresh(orgIds));

  app.get(
    '/api/live',
    {
      schema: {
        tags: ['live'],
        querystring: z.object({ site: IdParams.shape.id }),
        response: EVENT_STREAM_RESPONSE,
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const site = await requireSite(db, caller, req.query.site);
      let org = await homes.ensure(caller.orgId);
      const stream = streams.open(req, reply, { siteId: site.id });
      let subscriber = subscriberOf(caller, site, org);
      stream.onRecheck((now) => {
        org = homes.of(now.caller.orgId) ?? org;
        if (now.site) subscriber = subscriberOf(now.caller, now.site, org);
      });
      stream.onEnd(
        live.subscribe((m) => {
          // The bus hands each message to every subscriber in turn: a failure presenting it to
          // this one is logged here, so the subscribers after it still receive it.
          try {
            const shown = presentLive(subscriber, m);
            if (shown) stream.send(frame(shown));
          } catch (err) {
            req.log.error({ err, type: m.type }, 'live message not presented');
          }
        }),
      );
    },
  );
}
