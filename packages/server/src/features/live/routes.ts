/**
 * GET /api/live?site= — Server-Sent Events of the site's changes (events, zone changes, things,
 * exceptions, heartbeats) and the caller's notifications, from the live bus of any instance.
 */
import { IdParams } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { type LiveMessage, liveDataJson } from '../../platform/live.js';
import { requireSite } from '../sites/service.js';

const KEEPALIVE_MS = 15_000;

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
        // Like every API answer, never stored; no-transform keeps proxies from buffering the stream.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 3000\n: connected ${new Date().toISOString()}\n\n`);
      const relevant = (m: LiveMessage) =>
        m.orgId === caller.orgId &&
        (!m.siteId || m.siteId === site.id) &&
        (!m.userId || m.userId === caller.id);
      // One write per tick: a batch publishes hundreds of messages at once.
      let pending: string[] = [];
      let flushing: NodeJS.Immediate | undefined;
      const flush = () => {
        flushing = undefined;
        const text = pending.join('');
        pending = [];
        if (text && !res.writableEnded) res.write(text);
      };
      const send = (text: string) => {
        pending.push(text);
        flushing ??= setImmediate(flush);
      };
      const unsubscribe = live.subscribe((m) => {
        if (relevant(m)) send(frame(m));
      });
      const keepalive = setInterval(() => send(': keepalive\n\n'), KEEPALIVE_MS);
      const stop = () => {
        clearInterval(keepalive);
        if (flushing) clearImmediate(flushing);
        flushing = undefined;
        pending = [];
        unsubscribe();
        open.delete(close);
      };
      const close = () => {
        flush();
        stop();
        res.end();
      };
      open.add(close);
      req.raw.on('close', stop);
    },
  );
}
