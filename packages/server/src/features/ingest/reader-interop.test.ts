/**
 * Every reader payload written by others (tracking/formats/fixtures/interop, copied from the
 * shared interop material) through HTTP and through MQTT (the machine's real Mosquitto,
 * mqtt://127.0.0.1:1883 or MQTT_TEST_URL), with the exact status records and events the API
 * answers afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReader, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp } from '../../../test/factories.js';
import type { App } from '../../platform/context.js';
import impinjNontag from '../../tracking/formats/fixtures/interop/impinj-nontag.json' with { type: 'json' };
import zebraGpiWarning from '../../tracking/formats/fixtures/interop/zebra-gpi-warning.json' with {
  type: 'json',
};
import zebraHeartbeat from '../../tracking/formats/fixtures/interop/zebra-heartbeat.json' with {
  type: 'json',
};

const streamLines = readFileSync(
  new URL('../../tracking/formats/fixtures/interop/impinj-stream.ndjson', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as unknown);

type Site = Awaited<ReturnType<typeof trackedSite>>;
type Status = Record<string, unknown>;

const HEARTBEAT_ANTENNAS = [
  { antenna: 1, state: 'connected' },
  { antenna: 2, state: 'connected' },
  { antenna: 3, state: 'disconnected' },
  { antenna: 4, state: 'disconnected' },
];

/** What GET endpoints/status answers for a record with only these fields set. */
const record = (endpoint: string, ip: string, fields: Status): Status => ({
  endpoint,
  time: expect.any(String),
  kind: 'heartbeat',
  message: '',
  ip,
  version: '',
  uptime: null,
  readerTemp: null,
  cpu: null,
  dropped: null,
  buffered: null,
  antennas: [],
  ...fields,
});

/** The expected records of each sample, oldest first. */
const heartbeatRecords = (id: string, ip: string) => [
  record(id, ip, {
    uptime: 90,
    readerTemp: 38,
    cpu: 17,
    dropped: 0,
    buffered: 0,
    antennas: HEARTBEAT_ANTENNAS,
  }),
];
const gpiWarningRecords = (id: string, ip: string) => [
  record(id, ip, { kind: 'gpi', message: 'GPI 1: HIGH' }),
  record(id, ip, { kind: 'warning', message: 'CPU utilization above threshold' }),
];
const nontagRecords = (id: string, ip: string) => {
  const two = [{ antenna: 2, state: 'connected' }];
  const twoThree = [...two, { antenna: 3, state: 'disconnected' }];
  return [
    record(id, ip, { kind: 'inventory', message: 'Inventory running' }),
    record(id, ip, { kind: 'antenna', message: 'Antenna 2 connected', antennas: two }),
    record(id, ip, { kind: 'antenna', message: 'Antenna 3 disconnected', antennas: twoThree }),
    record(id, ip, {
      kind: 'overflow',
      message: 'Overflow: 1200 events dropped',
      dropped: 1200,
      buffered: 0,
      antennas: twoThree,
    }),
    record(id, ip, { kind: 'gpi', message: 'GPI 1: high-to-low', antennas: twoThree }),
    record(id, ip, { kind: 'inventory', message: 'Inventory idle', antennas: twoThree }),
  ];
};

/** The status records, oldest first (the API answers newest first). */
async function statusOf(s: Site, endpointId: string): Promise<Status[]> {
  const res = await s.viewer.request('GET', `/api/endpoints/status/${endpointId}?limit=100`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Status[]).reverse();
}

async function eventsOf(s: Site) {
  const res = await s.viewer.request('GET', `/api/events?site=${s.site.id}&sort=tag`);
  return (res.json() as Status[]).map((e) => ({
    tag: e.tag,
    antenna: e.antenna,
    time: e.time,
    rssi: e.rssi,
  }));
}

const STREAM_EVENTS = [
  { tag: 'E2801190A5021F80055817CA', antenna: 1, time: '2026-11-27T11:13:12.915Z', rssi: -40 },
  { tag: 'E2801190A5021F800558322B', antenna: 1, time: '2026-11-27T11:13:13.915Z', rssi: -41 },
];

const HANDHELD_DATA = {
  type: 'dataEVT',
  timestamp: '2026-11-27T11:20:00.000+0000',
  data: {
    tagData: [
      { eventNum: 1, epc: 'e28011700000020fb5e6c1f2', peakRssi: -52, antenna: 1 },
      { eventNum: 2, epc: '300833B2DDD9014000000003', rssi: -61 },
    ],
  },
};
const HANDHELD_EVENTS = [
  { tag: '300833B2DDD9014000000003', antenna: 0, time: '2026-11-27T11:20:00.000Z', rssi: -61 },
  { tag: 'E28011700000020FB5E6C1F2', antenna: 1, time: '2026-11-27T11:20:00.000Z', rssi: -52 },
];

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
    expect(await statusOf(s, s.dockReader.id)).toEqual(heartbeatRecords(s.dockReader.id, '127.0.0.1'));
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
    expect(await statusOf(s, s.dockReader.id)).toEqual(gpiWarningRecords(s.dockReader.id, '127.0.0.1'));

    expect((await postReader(app, 'zebra', s.storeReader, zebraHeartbeat)).statusCode).toBe(200);
    expect((await postReader(app, 'zebra', s.storeReader, zebraGpiWarning)).statusCode).toBe(200);
    const [, gpi, warning] = await statusOf(s, s.storeReader.id);
    expect([gpi?.antennas, warning?.antennas]).toEqual([HEARTBEAT_ANTENNAS, HEARTBEAT_ANTENNAS]);
  });

  it('records the Impinj non-tag events (one webhook batch) as status records, in order', async () => {
    const s = await trackedSite(app);
    const res = await postReader(app, 'impinj', s.dockReader, impinjNontag);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 0, duplicates: 0 });
    expect(await statusOf(s, s.dockReader.id)).toEqual(nontagRecords(s.dockReader.id, '127.0.0.1'));
  });

  it("stores the Impinj stream's tag events (each line posted as a webhook event) with their peak RSSI", async () => {
    const s = await trackedSite(app);
    for (const line of streamLines) {
      expect((await postReader(app, 'impinj', s.dockReader, [line])).json()).toEqual({
        accepted: 1,
        duplicates: 0,
      });
    }
    expect(await eventsOf(s)).toEqual(STREAM_EVENTS);
  });

  it("stores a Zebra handheld's dataEVT tag records", async () => {
    const s = await trackedSite(app);
    const res = await postReader(app, 'zebra', s.dockReader, HANDHELD_DATA);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    expect(await eventsOf(s)).toEqual(HANDHELD_EVENTS);
  });
});

const url = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

describe('reader payloads of others over MQTT (real Mosquitto)', () => {
  let app: App;
  let publisher: MqttClient;
  beforeAll(async () => {
    app = await makeApp({ mqttUrl: url, mqttShareGroup: `test-${randomBytes(4).toString('hex')}` });
    await app.ready();
    await app.mqtt?.ready;
    publisher = await mqtt.connectAsync(url, {
      protocolVersion: 5,
      clientId: `sightline-test-${randomBytes(4).toString('hex')}`,
    });
  });
  afterAll(() => publisher?.endAsync());

  const publish = (topic: string, body: unknown) =>
    publisher.publishAsync(topic, JSON.stringify(body), { qos: 1 });

  async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await probe();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('stores the real Zebra heartbeat and the gpi and warning events published on the zebra topic', async () => {
    const s = await trackedSite(app);
    const dropped = app.mqtt?.stats.dropped;
    await publish(`sightline/${s.dockReader.uuid}/zebra`, zebraHeartbeat);
    await publish(`sightline/${s.dockReader.uuid}/zebra`, zebraGpiWarning);
    const records = await until(
      () => statusOf(s, s.dockReader.id),
      (rows) => rows.length >= 3,
    );
    const [beat, ...events] = records;
    expect(beat).toEqual(heartbeatRecords(s.dockReader.id, '')[0]);
    expect(events).toEqual(
      gpiWarningRecords(s.dockReader.id, '').map((r) => ({ ...r, antennas: HEARTBEAT_ANTENNAS })),
    );
    expect(app.mqtt?.stats.dropped).toBe(dropped);
  });

  it('stores each Impinj non-tag event, one a message, as a status record', async () => {
    const s = await trackedSite(app);
    for (const event of impinjNontag) await publish(`sightline/${s.dockReader.uuid}/impinj`, event);
    const records = await until(
      () => statusOf(s, s.dockReader.id),
      (rows) => rows.length >= 6,
    );
    expect(records).toEqual(nontagRecords(s.dockReader.id, ''));
  });

  it("stores the Impinj stream's tag events, one a message, with their peak RSSI", async () => {
    const s = await trackedSite(app);
    for (const line of streamLines) await publish(`sightline/${s.dockReader.uuid}/impinj`, line);
    expect(
      await until(
        () => eventsOf(s),
        (rows) => rows.length >= 2,
      ),
    ).toEqual(STREAM_EVENTS);
  });

  it("stores a Zebra handheld's dataEVT published on the zebra topic", async () => {
    const s = await trackedSite(app);
    await publish(`sightline/${s.dockReader.uuid}/zebra`, HANDHELD_DATA);
    expect(
      await until(
        () => eventsOf(s),
        (rows) => rows.length >= 2,
      ),
    ).toEqual(HANDHELD_EVENTS);
  });
});
