/** Helpers for the ingest tests: a tracked site, reader requests, and an SSE reader. */
import http from 'node:http';
import { and, count, eq } from 'drizzle-orm';
import { events, sightings } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { makeTenant } from './app.factory.js';
import { makeEndpoint, readerBasic, readerHeaders, type TestEndpoint } from './endpoint.factory.js';
import { gate, makeZone } from './zone.factory.js';

export const MINUTE_NS = 60_000_000_000;

/** A tenant with two gated zones (Dock, Store) and a reader for each. */
export async function trackedSite(app: App) {
  const t = await makeTenant(app);
  const { db } = app.ctx;
  const dockReader = await makeEndpoint(db, t.org.id, t.site.id, { name: 'Dock reader' });
  const storeReader = await makeEndpoint(db, t.org.id, t.site.id, { name: 'Store reader' });
  const dock = (await makeZone(db, t.org.id, t.site.id, { name: 'Dock', gates: [gate(dockReader.id)] })).id;
  const store = (await makeZone(db, t.org.id, t.site.id, { name: 'Store', gates: [gate(storeReader.id)] }))
    .id;
  return { ...t, dockReader, storeReader, dock, store };
}

export function postNative(app: App, endpoint: TestEndpoint, sightingList: unknown[], key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/sightings',
    headers: readerHeaders(endpoint, key),
    payload: { sightings: sightingList },
  });
}

export function postReader(
  app: App,
  kind: 'impinj' | 'zebra',
  endpoint: TestEndpoint,
  body: unknown,
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/ingest/${kind}/${endpoint.uuid}`,
    headers: { authorization: readerBasic(endpoint, key), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** How many sightings and events an endpoint has: proof that nothing was stored. */
export async function storedFor(app: App, endpointId: string) {
  const { db } = app.ctx;
  const [s] = await db.select({ n: count() }).from(sightings).where(eq(sightings.endpointId, endpointId));
  const [e] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.endpointId, endpointId)));
  return { sightings: s?.n ?? 0, events: e?.n ?? 0 };
}

interface SseMessage {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Subscribes to GET /api/live on `port` and resolves with the messages received once `done`
 * holds for them (or rejects after `timeoutMs`). `ready` resolves when the stream is open.
 */
export function liveStream(
  port: number,
  cookie: string,
  site: string,
  done: (seen: SseMessage[]) => boolean,
  timeoutMs = 8000,
) {
  const seen: SseMessage[] = [];
  let opened: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const messages = new Promise<SseMessage[]>((resolve, reject) => {
    const req = http.get(
      { port, host: '127.0.0.1', path: `/api/live?site=${site}`, headers: { cookie } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`live stream answered ${res.statusCode}`));
        opened();
        let buffer = '';
        res.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (type && data) seen.push({ type, data: JSON.parse(data) as Record<string, unknown> });
          }
          if (done(seen)) {
            clearTimeout(timer);
            req.destroy();
            resolve(seen);
          }
        });
      },
    );
    req.on('error', reject);
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`live stream: condition not met; got ${JSON.stringify(seen.map((m) => m.type))}`));
    }, timeoutMs);
  });
  return { ready, messages };
}
