/**
 * GET /api/live?site= — Server-Sent Events of the site's changes (events, zone changes, things,
 * exceptions, heartbeats) and the caller's notifications, from the live bus of any instance.
 */
import { IdParams } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import type { LiveMessage } from '../../platform/live.js';
import { requireSite } from '../sites/service.js';

const KEEPALIVE_MS = 15_000;

export function registerLiveRoutes(app: App) {
  const { db, live } = app.ctx;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  app.get(
    '/api/live',
    { schema: { tags: ['live'], querystring: z.object({ site: IdParams.shape.id }) } },
    async (req, reply) => {
      const caller = callerOf(req);
      const site = await requireSite(db, caller, req.query.site);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 3000\n: connected ${new Date().toISOString()}\n\n`);
      const relevant = (m: LiveMessage) =>
        m.orgId === caller.orgId &&
        (!m.siteId || m.siteId === site.id) &&
        (!m.userId || m.userId === caller.id);
      const unsubscribe = live.subscribe((m) => {
        if (relevant(m))
          res.write(`event: ${m.type}\ndata: ${JSON.stringify({ ...(m.data as object), at: m.at })}\n\n`);
      });
      const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
      const stop = () => {
        clearInterval(keepalive);
        unsubscribe();
        open.delete(close);
      };
      const close = () => {
        stop();
        res.end();
      };
      open.add(close);
      req.raw.on('close', stop);
    },
  );
}
