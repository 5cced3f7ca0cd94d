/**
 * Long-lived responses (Server-Sent Events). A stream may stay open only while the credential that
 * opened it could still make the same request: every instance rechecks all of its open streams
 * against the database twice a second, in one pass (a few statements however many streams), and
 * ends each one whose session or API key is gone, expired or locked (the last frame says 401) or
 * that lost its site — deleted, or out of the caller's sites and roles (404). The database is the
 * only truth consulted, so a revocation made through any instance reaches every instance's streams.
 *
 * A stream that stays open hears each pass's caller and site (`onRecheck`), so what it presents
 * follows changed roles and site settings.
 *
 * Open streams are also capped per session and per user (or API key) on each instance; a stream
 * frees its slot the moment it ends.
 */
import { LIVE_MSG, LIVE_REVOKED_EVENT, LIVE_STREAM_LIMITS, type LiveRevoked } from '@sightline/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { sites } from '../db/schema.js';
import { callerOf, hasSite } from './access.js';
import { credentialOf, currentCallers } from './authenticate.js';
import type { Caller } from './caller.js';
import { HttpError } from './errors.js';

const EVENT_STREAM = 'text/event-stream';

/** The OpenAPI answer of a stream route: the route table finds stream routes by this content type. */
export const EVENT_STREAM_RESPONSE = {
  200: {
    description: 'Server-Sent Events, until the client leaves or the credential loses the right to them',
    content: { [EVENT_STREAM]: { schema: z.string() } },
  },
};

/** How often every open stream's credential is checked again: a revoked stream ends within this, plus one pass. */
const RECHECK_MS = 500;
const KEEPALIVE_MS = 15_000;

interface EventStream {
  /** Queues a frame; queued frames go out in one write per tick. */
  send(text: string): void;
  /** Runs once when the stream ends, whichever side ends it. */
  onEnd(cleanup: () => void): void;
  /** Runs after each recheck the stream survives, with its credential's caller and site now. */
  onRecheck(listener: (now: StreamRecheck) => void): void;
}

/** What a recheck read: the credential's caller, and the stream's site (with its settings) if it has one. */
interface StreamRecheck {
  caller: Caller;
  site?: { id: string; settings: unknown };
}

export interface EventStreams {
  /**
   * Answers the request with an event stream for the authenticated caller; with a site, the stream
   * also ends when the caller may no longer see it. Throws 429 over a cap (nothing is written then).
   */
  open(request: FastifyRequest, reply: FastifyReply, scope?: { siteId?: string }): EventStream;
  openCount(): number;
  /** Checks every open stream's credential now (a timer does it every RECHECK_MS while any is open). */
  recheck(): Promise<void>;
  /**
   * Runs `load` in each pass, after the credentials are checked and before the streams hear their
   * caller and site, with the organizations of the open streams: what a feature's streams present
   * from (features/live/worker-homes.ts) is as fresh as the caller and site they hear.
   */
  onPass(load: (orgIds: ReadonlySet<string>) => Promise<void>): void;
  /** Ends every stream (shutdown): queued frames are written first. */
  closeAll(): void;
}

interface OpenStream {
  caller: Caller;
  siteId?: string;
  end(revoked?: LiveRevoked): void;
  rechecked(now: StreamRecheck): void;
}

/** A counter per key that forgets keys at zero. */
function tally() {
  const counts = new Map<string, number>();
  return {
    get: (key: string) => counts.get(key) ?? 0,
    add(key: string, delta: number) {
      const n = (counts.get(key) ?? 0) + delta;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    },
  };
}

export function createEventStreams(
  db: Db,
  log: FastifyBaseLogger,
  options: { recheckMs?: number } = {},
): EventStreams {
  const open = new Set<OpenStream>();
  const perSession = tally();
  const perUser = tally();
  const userKey = (caller: Caller) => `${caller.kind}:${caller.id}`;
  // An API key has no sessions: only the user cap applies to it.
  const sessionKey = (caller: Caller) => (caller.kind === 'user' ? credentialOf(caller) : undefined);
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  const passLoads: ((orgIds: ReadonlySet<string>) => Promise<void>)[] = [];

  async function verdicts(
    streams: OpenStream[],
  ): Promise<{ ended: Map<OpenStream, LiveRevoked>; kept: Map<OpenStream, StreamRecheck> }> {
    // Sites before credentials: a deletion that commits between the two reads (an organization's
    // takes its sites and its sessions at once) is then seen as the credential's end (401), never
    // as a missing site of a live credential (404), so the status is the one REST answers after.
    const siteIds = [...new Set(streams.flatMap((s) => (s.siteId ? [s.siteId] : [])))];
    const siteRows = new Map<string, { id: string; orgId: string; settings: unknown }>();
    for (let i = 0; i < siteIds.length; i += 1000) {
      const rows = await db
        .select({ id: sites.id, orgId: sites.orgId, settings: sites.settings })
        .from(sites)
        .where(inArray(sites.id, siteIds.slice(i, i + 1000)));
      for (const row of rows) siteRows.set(row.id, row);
    }
    const callers = await currentCallers(
      db,
      streams.map((s) => credentialOf(s.caller)),
    );
    const ended = new Map<OpenStream, LiveRevoked>();
    const kept = new Map<OpenStream, StreamRecheck>();
    for (const stream of streams) {
      const now = callers.get(credentialOf(stream.caller));
      if (!now || now.orgId !== stream.caller.orgId) {
        const message = stream.caller.kind === 'apiKey' ? 'Invalid API key' : 'Session expired';
        ended.set(stream, { status: 401, message });
      } else if (
        stream.siteId &&
        (siteRows.get(stream.siteId)?.orgId !== now.orgId || !hasSite(now, stream.siteId))
      ) {
        ended.set(stream, { status: 404, message: 'Site not found' });
      } else {
        const site = stream.siteId ? siteRows.get(stream.siteId) : undefined;
        kept.set(stream, { caller: now, site: site && { id: site.id, settings: site.settings } });
      }
    }
    return { ended, kept };
  }

  async function recheckOnce() {
    const streams = [...open];
    if (!streams.length) return;
    try {
      const { ended, kept } = await verdicts(streams);
      for (const [stream, revoked] of ended) if (open.has(stream)) stream.end(revoked);
      const orgIds = new Set([...kept.keys()].map((s) => s.caller.orgId));
      for (const load of passLoads) await load(orgIds);
      for (const [stream, now] of kept) if (open.has(stream)) stream.rechecked(now);
    } catch (err) {
      // The database is unavailable: REST fails too, and the next pass checks again.
      log.warn({ err }, 'live stream recheck failed');
    }
  }

  function recheck(): Promise<void> {
    checking ??= recheckOnce().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  function track(stream: OpenStream, delta: 1 | -1) {
    const session = sessionKey(stream.caller);
    if (session) perSession.add(session, delta);
    perUser.add(userKey(stream.caller), delta);
    if (delta > 0) open.add(stream);
    else open.delete(stream);
    if (open.size && !timer) {
      timer = setInterval(() => void recheck(), options.recheckMs ?? RECHECK_MS);
      timer.unref();
    } else if (!open.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    open(request, reply, scope = {}) {
      const caller = callerOf(request);
      const session = sessionKey(caller);
      if (session && perSession.get(session) >= LIVE_STREAM_LIMITS.perSession)
        throw new HttpError(429, LIVE_MSG.tooManyForSession);
      if (perUser.get(userKey(caller)) >= LIVE_STREAM_LIMITS.perUser)
        throw new HttpError(429, LIVE_MSG.tooManyForUser);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': `${EVENT_STREAM}; charset=utf-8`,
        // Never stored; no-transform keeps proxies from buffering the stream.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 3000\n: connected ${new Date().toISOString()}\n\n`);

      let pending: string[] = [];
      let flushing: NodeJS.Immediate | undefined;
      const cleanups: (() => void)[] = [];
      const recheckListeners: ((now: StreamRecheck) => void)[] = [];
      const flush = () => {
        flushing = undefined;
        const text = pending.join('');
        pending = [];
        if (text && !res.writableEnded) res.write(text);
      };
      const keepalive = setInterval(() => stream.send(': keepalive\n\n'), KEEPALIVE_MS);
      let ended = false;
      const stop = () => {
        if (ended) return;
        ended = true;
        clearInterval(keepalive);
        if (flushing) clearImmediate(flushing);
        pending = [];
        track(entry, -1);
        recheckListeners.length = 0;
        for (const cleanup of cleanups.splice(0)) cleanup();
      };
      const entry: OpenStream = {
        caller,
        siteId: scope.siteId,
        end(revoked) {
          // Nothing queued reaches a revoked credential; at shutdown, what is queued goes out first.
          if (revoked) pending = [];
          else flush();
          stop();
          if (res.writableEnded) return;
          if (revoked) res.end(`event: ${LIVE_REVOKED_EVENT}\ndata: ${JSON.stringify(revoked)}\n\n`);
          else res.end();
        },
        rechecked(now) {
          for (const listener of recheckListeners) listener(now);
        },
      };
      const stream: EventStream = {
        send(text) {
          if (ended) return;
          pending.push(text);
          flushing ??= setImmediate(flush);
        },
        onEnd(cleanup) {
          if (ended) cleanup();
          else cleanups.push(cleanup);
        },
        onRecheck(listener) {
          if (!ended) recheckListeners.push(listener);
        },
      };
      track(entry, 1);
      res.on('close', stop);
      return stream;
    },
    openCount: () => open.size,
    recheck,
    onPass(load) {
      passLoads.push(load);
    },
    closeAll() {
      for (const stream of [...open]) stream.end();
    },
  };
}
