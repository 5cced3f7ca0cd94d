import { NO_THING_ID } from '@sightline/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postNative, storedFor, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeEndpoint, makeThing, readerHeaders } from '../../../test/factories.js';
import { endpointStatus, endpoints } from '../../db/schema.js';

const app = await makeApp();
const { db } = app.ctx;

const native = (tag: string, time: string, extra: Record<string, unknown> = {}) => ({
  tag,
  antenna: 1,
  time,
  rssi: -61.5,
  ...extra,
});

describe('POST /api/ingest/sightings (native)', () => {
  it('moves things through the zones and shows it in things, events and zone durations', async () => {
    const s = await trackedSite(app);
    const pallet = (await makeThing(db, s.org.id, s.site.id, { tag: 'E2801160600002054B2C1F2A' })).id;
    const res = await postNative(app, s.dockReader, [
      native('e2801160600002054b2c1f2a', '2024-05-01T10:00:00.000Z', { data: { cFloat0: 21.74 } }),
      native('E2801160600002054B2C1F2A', '2024-05-01T10:00:15.000Z'),
      native('E2801160600002054B2C1F2A', '2024-05-01T10:00:30.000Z', { alarmTamper: true }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 3, duplicates: 0 });

    let thing = (await s.viewer.request('GET', `/api/things/${pallet}`)).json();
    expect(thing).toMatchObject({
      zone: s.dock,
      lastZoneTime: '2024-05-01T10:00:00.000Z',
      lastEndpointTime: '2024-05-01T10:00:30.000Z',
      endpoint: s.dockReader.id,
      alarmTamper: true,
      alarmTamperTag: 'E2801160600002054B2C1F2A',
      data: { cFloat0: 21.74 },
    });
    const list = await s.viewer.request('GET', `/api/events?site=${s.site.id}&thing=${pallet}`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({
      tag: 'E2801160600002054B2C1F2A',
      firstTime: '2024-05-01T10:00:00.000Z',
      time: '2024-05-01T10:00:30.000Z',
      repeatCount: 2,
      endpointName: 'Dock reader',
      zoneName: 'Dock',
      alarmTamper: true,
      matched: true,
    });

    await postNative(app, s.storeReader, [native('E2801160600002054B2C1F2A', '2024-05-01T10:45:00.000Z')]);
    thing = (await s.viewer.request('GET', `/api/things/${pallet}`)).json();
    expect(thing).toMatchObject({ zone: s.store, lastZoneTime: '2024-05-01T10:45:00.000Z' });
    const stays = (
      await s.viewer.request('GET', `/api/zonedurations?site=${s.site.id}&thing=${pallet}`)
    ).json();
    expect(stays).toEqual([
      expect.objectContaining({
        zone: s.dock,
        zoneName: 'Dock',
        thingName: 'Thing E2801160600002054B2C1F2A',
        timeStart: '2024-05-01T10:00:00.000Z',
        timeEnd: '2024-05-01T10:45:00.000Z',
        timeDuration: 45 * 60_000_000_000,
      }),
    ]);
  });

  it('records an unknown tag against the no-thing id and auto-enrolls on an enrolling endpoint', async () => {
    const s = await trackedSite(app);
    await postNative(app, s.dockReader, [native('DEADBEEF0001', '2024-05-01T10:00:00Z')]);
    const [unknown] = (await s.viewer.request('GET', `/api/events?site=${s.site.id}`)).json();
    expect(unknown).toMatchObject({ tag: 'DEADBEEF0001', thing: NO_THING_ID, matched: false, zone: s.dock });

    const enroller = await makeEndpoint(db, s.org.id, s.site.id, { autoEnroll: true });
    await postNative(app, enroller, [native('DEADBEEF0002', '2024-05-01T10:00:00Z')]);
    const items = (await s.viewer.request('GET', `/api/things?site=${s.site.id}&class=item`)).json();
    expect(items).toEqual([
      expect.objectContaining({ name: 'DEADBEEF0002', tag1: 'DEADBEEF0002', class: 'item' }),
    ]);
  });

  it('accepts credentials in the body, and a retried batch is a no-op', async () => {
    const s = await trackedSite(app);
    (await makeThing(db, s.org.id, s.site.id, { tag: 'AB01' })).id;
    const body = {
      uuid: s.dockReader.uuid,
      key: s.dockReader.key,
      sightings: [native('AB01', '2024-05-01T10:00:00Z'), native('AB01', '2024-05-01T10:00:05Z')],
    };
    const first = await app.inject({ method: 'POST', url: '/api/ingest/sightings', payload: body });
    expect(first.json()).toEqual({ accepted: 2, duplicates: 0 });
    const again = await app.inject({ method: 'POST', url: '/api/ingest/sightings', payload: body });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 2 });
    const list = (await s.viewer.request('GET', `/api/events?site=${s.site.id}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0].repeatCount).toBe(1);
    expect(await storedFor(app, s.dockReader.id)).toEqual({ sightings: 2, events: 1 });
  });

  it.each([
    ['a tag that is not hex', [native('XYZ', '2024-05-01T10:00:00Z')], 'sightings[0].tag'],
    ['a time without zone', [native('AB', '2024-05-01T10:00:00')], 'sightings[0].time'],
    [
      'a bad direction in the 3rd',
      [
        native('AB', '2024-05-01T10:00:00Z'),
        native('AB', '2024-05-01T10:00:01Z'),
        { tag: 'AB', direction: 'UP' },
      ],
      'sightings[2].direction',
    ],
    [
      'a string cFloat0',
      [native('AB', '2024-05-01T10:00:00Z', { data: { cFloat0: 'warm' } })],
      'sightings[0].data.cFloat0',
    ],
  ])('rejects %s with 400 naming the field, storing nothing', async (_label, list, path) => {
    const s = await trackedSite(app);
    const res = await postNative(app, s.dockReader, list);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(path);
    expect(await storedFor(app, s.dockReader.id)).toEqual({ sightings: 0, events: 0 });
  });

  it('rejects a body without sightings and invalid JSON with 400', async () => {
    const s = await trackedSite(app);
    const headers = { ...readerHeaders(s.dockReader), 'content-type': 'application/json' };
    const missing = await app.inject({
      method: 'POST',
      url: '/api/ingest/sightings',
      headers,
      payload: '{}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('sightings');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/ingest/sightings',
      headers,
      payload: '{"sightings": [',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('answers 401 for a wrong key, an unknown endpoint or no credentials', async () => {
    const s = await trackedSite(app);
    const sightingList = [native('AB', '2024-05-01T10:00:00Z')];
    expect((await postNative(app, s.dockReader, sightingList, 'wrong-key')).statusCode).toBe(401);
    const stranger = { ...s.dockReader, uuid: '00000000-0000-4000-8000-000000000000' };
    expect((await postNative(app, stranger, sightingList)).statusCode).toBe(401);
    const bare = await app.inject({
      method: 'POST',
      url: '/api/ingest/sightings',
      payload: { sightings: sightingList },
    });
    expect(bare.statusCode).toBe(401);
    // a valid key of another endpoint is no key for this one
    expect((await postNative(app, s.dockReader, sightingList, s.storeReader.key)).statusCode).toBe(401);
    expect(await storedFor(app, s.dockReader.id)).toEqual({ sightings: 0, events: 0 });
  });

  it('accepts 5000 sightings in a body over 1 MB, refuses 5001 and bodies over 10 MB', async () => {
    const s = await trackedSite(app);
    const start = Date.parse('2024-05-01T10:00:00Z');
    const many = Array.from({ length: 5000 }, (_, i) => ({
      ...native(
        `E28011700000020F${String(i % 250).padStart(8, '0')}`,
        new Date(start + i * 10).toISOString(),
      ),
      readerNote: 'x'.repeat(200), // unknown fields are ignored; they make the body ~1.6 MB
    }));
    const res = await postNative(app, s.dockReader, many);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 5000, duplicates: 0 });
    expect((await storedFor(app, s.dockReader.id)).sightings).toBe(5000);
    const tooMany = await postNative(app, s.dockReader, [...many, native('AB', '2024-05-01T11:00:00Z')]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 5000');
    const huge = await postNative(app, s.dockReader, [
      { ...native('AB', '2024-05-01T11:00:00Z'), pad: 'x'.repeat(11 * 1024 * 1024) },
    ]);
    expect(huge.statusCode).toBe(413);
  });
});

describe('POST /api/ingest/heartbeat', () => {
  it('creates a status record with the ip of the body, else of the request', async () => {
    const s = await trackedSite(app);
    const body = { uptime: 3600, readerTemp: 41.5, ip: '10.0.0.7', version: '7.1.0' };
    const res = await app.inject({
      method: 'POST',
      url: '/api/ingest/heartbeat',
      headers: readerHeaders(s.dockReader),
      payload: body,
    });
    expect(res.statusCode).toBe(204);
    await app.inject({
      method: 'POST',
      url: '/api/ingest/heartbeat',
      headers: readerHeaders(s.dockReader),
      payload: { uptime: 3700 },
      remoteAddress: '192.0.2.44',
    });
    const rows = await db
      .select()
      .from(endpointStatus)
      .where(eq(endpointStatus.endpointId, s.dockReader.id))
      .orderBy(desc(endpointStatus.id));
    expect(rows.map((r) => [r.ip, r.uptime, r.readerTemp, r.version])).toEqual([
      ['192.0.2.44', 3700, null, ''],
      ['10.0.0.7', 3600, 41.5, '7.1.0'],
    ]);
    const [reader] = await db.select().from(endpoints).where(eq(endpoints.id, s.dockReader.id));
    expect(reader?.lastHeartbeat?.getTime()).toBe(rows[0]?.time.getTime());
  });

  it('rejects a negative uptime (400) and a wrong key (401)', async () => {
    const s = await trackedSite(app);
    const url = '/api/ingest/heartbeat';
    const bad = await app.inject({
      method: 'POST',
      url,
      headers: readerHeaders(s.dockReader),
      payload: { uptime: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('uptime');
    const wrong = await app.inject({
      method: 'POST',
      url,
      headers: readerHeaders(s.dockReader, 'nope'),
      payload: {},
    });
    expect(wrong.statusCode).toBe(401);
    expect(
      await db.select().from(endpointStatus).where(eq(endpointStatus.endpointId, s.dockReader.id)),
    ).toEqual([]);
  });
});
