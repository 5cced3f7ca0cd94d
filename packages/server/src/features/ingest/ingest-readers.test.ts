import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postReader, storedFor, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeThing, readerBasic, readerHeaders } from '../../../test/factories.js';
import { endpointStatus, endpoints } from '../../db/schema.js';
import impinjBatch from '../../tracking/formats/fixtures/impinj-batch.json' with { type: 'json' };
import zebraBatch from '../../tracking/formats/fixtures/zebra-batch.json' with { type: 'json' };
import zebraHeartbeat from '../../tracking/formats/fixtures/zebra-heartbeat.json' with { type: 'json' };
import zebraSingle from '../../tracking/formats/fixtures/zebra-single.json' with { type: 'json' };

const app = await makeApp();
const { db } = app.ctx;

const statusOf = (endpointId: string) =>
  db
    .select()
    .from(endpointStatus)
    .where(eq(endpointStatus.endpointId, endpointId))
    .orderBy(desc(endpointStatus.id));

/** A tagInventory event as an R700 sends it by default: base64 `epc`, no `epcHex`. */
const impinjRead = (epc: string, timestamp: string, antennaPort = 1) => ({
  timestamp,
  hostname: 'impinj-13-f8-f5',
  eventType: 'tagInventory',
  tagInventoryEvent: {
    epc,
    antennaPort,
    antennaName: `Antenna ${antennaPort}`,
    peakRssiCdbm: -6150,
    frequency: 920250,
    transmitPowerCdbm: 3000,
  },
});

describe('POST /api/ingest/impinj/:uuid', () => {
  it('stores a webhook batch (base64 epc, epcHex, other event types) and moves the thing', async () => {
    const s = await trackedSite(app);
    const thing = (await makeThing(db, s.org.id, s.site.id, { tag: 'E2801190A5021F80055817CA' })).id;
    const res = await postReader(app, 'impinj', s.dockReader, impinjBatch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    const list = (await s.viewer.request('GET', `/api/events?site=${s.site.id}&sort=tag`)).json();
    expect(
      list.map((e: { tag: string; antenna: number; time: string }) => [e.tag, e.antenna, e.time]),
    ).toEqual([
      ['300833B2DDD9014000000003', 2, '2024-05-01T10:11:12.498Z'],
      ['E2801190A5021F80055817CA', 1, '2024-05-01T10:11:12.123Z'],
    ]);
    const api = (await s.viewer.request('GET', `/api/things/${thing}`)).json();
    expect(api).toMatchObject({ zone: s.dock, lastZoneTime: '2024-05-01T10:11:12.123Z' });

    const retried = await postReader(app, 'impinj', s.dockReader, impinjBatch);
    expect(retried.json()).toEqual({ accepted: 0, duplicates: 2 });
    expect(await storedFor(app, s.dockReader.id)).toEqual({ sightings: 2, events: 2 });
  });

  it('compacts a stream of reads of one tag into one event', async () => {
    const s = await trackedSite(app);
    const reads = Array.from({ length: 10 }, (_, i) =>
      impinjRead('4oARcAAAAg+15sHy', `2024-05-01T10:00:${String(i * 5).padStart(2, '0')}.123456789Z`, 2),
    );
    expect((await postReader(app, 'impinj', s.dockReader, reads)).json()).toEqual({
      accepted: 10,
      duplicates: 0,
    });
    const [event] = (await s.viewer.request('GET', `/api/events?site=${s.site.id}`)).json();
    expect(event).toMatchObject({
      tag: 'E28011700000020FB5E6C1F2',
      repeatCount: 9,
      antenna: 2,
      firstTime: '2024-05-01T10:00:00.123Z',
    });
  });

  it('treats an empty array as a heartbeat from the request ip', async () => {
    const s = await trackedSite(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/ingest/impinj/${s.dockReader.uuid}`,
      headers: { authorization: readerBasic(s.dockReader), 'content-type': 'application/json' },
      payload: '[]',
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 0, duplicates: 0 });
    const [status] = await statusOf(s.dockReader.id);
    expect(status).toMatchObject({ ip: '198.51.100.7', uptime: null });
    const [reader] = await db.select().from(endpoints).where(eq(endpoints.id, s.dockReader.id));
    expect(reader?.lastHeartbeat?.getTime()).toBe(status?.time.getTime());
  });

  it('refuses a malformed batch with 400 naming the event, storing nothing', async () => {
    const s = await trackedSite(app);
    const good = impinjRead('4oARcAAAAg+15sHy', '2024-05-01T10:00:00Z');
    const body = [good, good, good, { ...good, tagInventoryEvent: { antennaPort: 1 } }];
    const res = await postReader(app, 'impinj', s.dockReader, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('event[3].tagInventoryEvent: epc or epcHex is required');
    const badEpc = await postReader(app, 'impinj', s.dockReader, [impinjRead('***', '2024-05-01T10:00:00Z')]);
    expect(badEpc.json().message).toContain('event[0].tagInventoryEvent.epc');
    expect(await storedFor(app, s.dockReader.id)).toEqual({ sightings: 0, events: 0 });
  });

  it('answers 401 for a wrong key, a Basic user naming another endpoint, or no auth', async () => {
    const s = await trackedSite(app);
    const url = `/api/ingest/impinj/${s.dockReader.uuid}`;
    expect((await postReader(app, 'impinj', s.dockReader, [], 'wrong')).statusCode).toBe(401);
    const crossed = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: readerBasic(s.storeReader) },
      payload: [],
    });
    expect(crossed.statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url, payload: [] })).statusCode).toBe(401);
    expect(await statusOf(s.dockReader.id)).toEqual([]);
  });
});

describe('POST /api/ingest/zebra/:uuid', () => {
  it('stores a batched array, parsing +0000 and +0200 offsets', async () => {
    const s = await trackedSite(app);
    const res = await postReader(app, 'zebra', s.dockReader, zebraBatch);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    const list = (await s.viewer.request('GET', `/api/events?site=${s.site.id}&sort=time`)).json();
    expect(list.map((e: { tag: string; time: string }) => [e.tag, e.time])).toEqual([
      ['E28011700000020FB5E6C1F2', '2023-02-24T10:14:42.851Z'],
      ['300833B2DDD9014000000003', '2023-02-24T10:14:43.002Z'],
    ]);
  });

  it('stores a single (unbatched) object, with the native headers as auth', async () => {
    const s = await trackedSite(app);
    const thing = (await makeThing(db, s.org.id, s.site.id, { tag: 'E2801190A5021F80055817CA' })).id;
    const res = await app.inject({
      method: 'POST',
      url: `/api/ingest/zebra/${s.storeReader.uuid}`,
      headers: readerHeaders(s.storeReader),
      payload: zebraSingle,
    });
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0 });
    const api = (await s.viewer.request('GET', `/api/things/${thing}`)).json();
    expect(api).toMatchObject({
      zone: s.store,
      lastZoneTime: '2023-02-24T10:14:42.851Z',
      endpoint: s.storeReader.id,
    });
  });

  it('turns a management heartbeat into a status record, also inside a tag data array', async () => {
    const s = await trackedSite(app);
    const beat = await app.inject({
      method: 'POST',
      url: `/api/ingest/zebra/${s.dockReader.uuid}`,
      headers: { authorization: readerBasic(s.dockReader) },
      payload: zebraHeartbeat,
      remoteAddress: '203.0.113.9',
    });
    expect(beat.json()).toEqual({ accepted: 0, duplicates: 0 });
    expect((await statusOf(s.dockReader.id))[0]).toMatchObject({
      ip: '203.0.113.9',
      uptime: 86400,
      readerTemp: 41,
      version: '3.21.16.0',
    });
    const mixed = await postReader(app, 'zebra', s.dockReader, [
      { ...zebraHeartbeat, eventNum: 13 },
      ...zebraBatch,
    ]);
    expect(mixed.json()).toEqual({ accepted: 2, duplicates: 0 });
    expect(await statusOf(s.dockReader.id)).toHaveLength(2);
  });

  it('refuses malformed events with 400 naming the field, and a wrong key with 401', async () => {
    const s = await trackedSite(app);
    const noId = { type: 'SIMPLE', timestamp: '2023-02-24T10:14:42.851+0000', data: { eventNum: 3 } };
    const res = await postReader(app, 'zebra', s.dockReader, [...zebraBatch, noId]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('event[2].data.idHex: is required');
    const badTime = { ...noId, timestamp: '2023-02-30T10:14:42.851+0000', data: { idHex: 'AB' } };
    expect((await postReader(app, 'zebra', s.dockReader, badTime)).json().message).toContain(
      'event[0].timestamp',
    );
    expect((await postReader(app, 'zebra', s.dockReader, zebraBatch, 'wrong')).statusCode).toBe(401);
    expect(await storedFor(app, s.dockReader.id)).toEqual({ sightings: 0, events: 0 });
  });
});
