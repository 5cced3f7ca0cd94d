/**
 * Every message the server publishes is a `LiveMessage` of the shared contract (the console
 * parses each frame with it and drops what does not match): tracking (event, zone change, thing
 * state, exception), things saved, deleted and imported through the API, heartbeats and user
 * notifications, each caught on the bus and parsed.
 */
import { LIVE_TYPES, LiveMessage } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { readerHeaders } from '../../../test/factories/endpoint.factory.js';
import { MINUTE_NS, postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { gate, makeApp, makeEndpoint, makeThing, makeZone } from '../../../test/factories.js';
import type { LiveMessage as BusMessage } from '../../platform/live.js';

const app = await makeApp();
const MINUTE = 60_000;

describe('the live contract', () => {
  it('every published message parses as a LiveMessage, of every type', async () => {
    const s = await trackedSite(app);
    const { db } = app.ctx;
    const seen: BusMessage[] = [];
    const stop = app.ctx.live.subscribe((m) => {
      if (m.orgId === s.org.id) seen.push(m);
    });
    try {
      // Tracking: a thing enters a zone whose alert time it then overruns.
      const reader = await makeEndpoint(db, s.org.id, s.site.id, { name: 'Cold reader' });
      await makeZone(db, s.org.id, s.site.id, {
        name: 'Cold Room',
        gates: [gate(reader.id)],
        durationNs: 10 * MINUTE_NS,
      });
      const tag = 'E2801160AA00000000C0DE01';
      await makeThing(db, s.org.id, s.site.id, { tag, name: 'Crate' });
      const entered = Date.now() - 11 * MINUTE;
      const read = await postNative(app, reader, [
        { tag, antenna: 1, time: new Date(entered).toISOString() },
      ]);
      expect(read.statusCode).toBe(200);
      await app.jobs.tick(Date.now(), { orgIds: [s.org.id] });

      const heartbeat = await app.inject({
        method: 'POST',
        url: '/api/ingest/heartbeat',
        headers: readerHeaders(s.dockReader),
        payload: { uptime: 3600, readerTemp: 41.5 },
      });
      expect(heartbeat.statusCode).toBe(204);

      // Things through the API: created, saved, deleted.
      const created = await s.admin.request('POST', '/api/things', { name: 'Pump', site: s.site.id });
      expect(created.statusCode).toBe(200);
      const id = created.json()._id as string;
      const saved = await s.admin.request('PUT', `/api/things/${id}`, { name: 'Pump 2', site: s.site.id });
      expect(saved.statusCode).toBe(200);
      expect((await s.admin.request('DELETE', `/api/things/${id}`)).statusCode).toBeLessThan(300);

      const imported = await s.manager.request('POST', `/api/import/rows?site=${s.site.id}`, {
        mapping: { Asset: 'name', EPC: 'tags1' },
        headers: ['Asset', 'EPC'],
        rows: [{ line: 2, cells: ['Drill', 'B2'] }],
      });
      expect(imported.statusCode).toBe(200);

      const sent = await s.admin.request('POST', '/api/messages/user', {
        user: s.viewer.userId,
        message: 'hi',
      });
      expect(sent.statusCode).toBe(200);

      await app.ctx.live.publishLatest([]);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      stop();
    }

    const failures = seen
      .map((m) => ({ m, parsed: LiveMessage.safeParse({ type: m.type, data: m.data }) }))
      .filter((r) => !r.parsed.success)
      .map((r) => ({ type: r.m.type, data: r.m.data, issues: r.parsed.error?.issues }));
    expect(failures).toEqual([]);
    expect(new Set(seen.map((m) => m.type))).toEqual(new Set(LIVE_TYPES));
    const thingShapes = seen.filter((m) => m.type === 'thing').map((m) => m.data as Record<string, unknown>);
    expect(thingShapes.some((d) => d.change === 'imported')).toBe(true);
    expect(thingShapes.some((d) => 'thing' in d && d.change === 'deleted')).toBe(true);
    expect(thingShapes.some((d) => '_id' in d && 'zone' in d)).toBe(true);
  });
});
