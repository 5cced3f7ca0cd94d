/**
 * Every reader payload written by others (tracking/formats/fixtures/interop, copied from the
 * shared interop material) posted over HTTP, with the exact status records and events the API
 * answers afterwards. The same payloads over MQTT are in mqtt.test.ts, whose one MQTT app keeps
 * two subscribers on one database from each storing a message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { postReader, trackedSite } from '../../../test/factories/ingest.factory.js';
import {
  eventsAnswered,
  gpiWarningRecords,
  HANDHELD_DATA,
  HANDHELD_EVENTS,
  HEARTBEAT_ANTENNAS,
  heartbeatRecords,
  impinjNontag,
  nontagRecords,
  STREAM_EVENTS,
  statusAnswered,
  streamLines,
  zebraGpiWarning,
  zebraHeartbeat,
} from '../../../test/factories/reader-samples.factory.js';
import { makeApp } from '../../../test/factories.js';
import type { App } from '../../platform/context.js';

describe('reader payloads of others over HTTP', () => {
  let app: App;
  beforeAll(async () => {
    app = await makeApp();
  });

  it('stores a real Zebra heartbeat (200, never 400) and shows it in endpoint status and its summary', async () => {
    const s = await trackedSite(app);
    const res = await postReader(app, 'zebra', s.dockReader, zebraHeartbeat);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 0, duplicates: 0 });
    expect(await statusAnswered(s, s.dockReader.id)).toEqual(heartbeatRecords(s.dockReader.id, '127.0.0.1'));
    const summary = (await s.viewer.request('GET', `/api/endpoints/statusfb/${s.dockReader.id}`)).json();
    expect(summary).toEqual({ ...heartbeatRecords(s.dockReader.id, '127.0.0.1')[0], stale: false });
    const listed = (
      await s.viewer.request('GET', `/api/endpoints/status?endpoint=${s.dockReader.id}`)
    ).json();
    expect(listed).toEqual(heartbeatRecords(s.dockReader.id, '127.0.0.1'));
    // Its disconnected antennas raise one open alert each (features/alerts/antenna.ts).
    const alerts = (await s.admin.request('GET', `/api/exceptions?site=${s.site.id}&state=open`)).json() as {
      type: string;
      antenna: number | null;
      endpoint: string | null;
    }[];
    expect(
      alerts
        .filter((a) => a.type === 'antennaDisconnected')
        .map((a) => [a.endpoint, a.antenna])
        .sort(),
    ).toEqual([
      [s.dockReader.id, 3],
      [s.dockReader.id, 4],
    ]);
  });

  it('records Zebra gpi and warning events, keeping the antenna states a heartbeat reported', async () => {
    const s = await trackedSite(app);
    expect((await postReader(app, 'zebra', s.dockReader, zebraGpiWarning)).statusCode).toBe(200);
    expect(await statusAnswered(s, s.dockReader.id)).toEqual(gpiWarningRecords(s.dockReader.id, '127.0.0.1'));

    expect((await postReader(app, 'zebra', s.storeReader, zebraHeartbeat)).statusCode).toBe(200);
    expect((await postReader(app, 'zebra', s.storeReader, zebraGpiWarning)).statusCode).toBe(200);
    const [, gpi, warning] = await statusAnswered(s, s.storeReader.id);
    expect([gpi?.antennas, warning?.antennas]).toEqual([HEARTBEAT_ANTENNAS, HEARTBEAT_ANTENNAS]);
  });

  it('records the Impinj non-tag events (one webhook batch) as status records, in order', async () => {
    const s = await trackedSite(app);
    const res = await postReader(app, 'impinj', s.dockReader, impinjNontag);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 0, duplicates: 0 });
    expect(await statusAnswered(s, s.dockReader.id)).toEqual(nontagRecords(s.dockReader.id, '127.0.0.1'));
  });

  it("stores the Impinj stream's tag events (each line posted as a webhook event) with their peak RSSI", async () => {
    const s = await trackedSite(app);
    for (const line of streamLines) {
      expect((await postReader(app, 'impinj', s.dockReader, [line])).json()).toEqual({
        accepted: 1,
        duplicates: 0,
      });
    }
    expect(await eventsAnswered(s)).toEqual(STREAM_EVENTS);
  });

  it("stores a Zebra handheld's dataEVT tag records", async () => {
    const s = await trackedSite(app);
    const res = await postReader(app, 'zebra', s.dockReader, HANDHELD_DATA);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    expect(await eventsAnswered(s)).toEqual(HANDHELD_EVENTS);
  });
});
