/**
 * MQTT ingest against the machine's real Mosquitto (mqtt://127.0.0.1:1883, or MQTT_TEST_URL):
 * native, Zebra and Impinj messages published on the reader topics end up as stored events, a
 * heartbeat as an endpoint status record; malformed or unauthenticated messages are dropped
 * without stopping the subscription; the reader payloads written by others arrive as they do over
 * HTTP. Each app subscribes in its own shared-subscription group, so runs on other databases
 * sharing the broker do not take each other's messages; two apps on one database would each store
 * a message, so this is the one test file that subscribes.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackedSite } from '../../../test/factories/ingest.factory.js';
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
import { thingRow } from '../../../test/factories/store.factory.js';
import { makeApp, makeThing } from '../../../test/factories.js';
import { endpointStatus, events } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import { parseTopic } from './mqtt.js';

const url = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const group = () => `test-${randomBytes(4).toString('hex')}`;

async function mqttApp(shareGroup = group()): Promise<App> {
  const app = await makeApp({ mqttUrl: url, mqttShareGroup: shareGroup });
  await app.ready();
  await app.mqtt?.ready;
  return app;
}

async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const eventsOf = (app: App, endpointId: string) =>
  app.ctx.db.select().from(events).where(eq(events.endpointId, endpointId));

let publisher: MqttClient;
beforeAll(async () => {
  publisher = await mqtt.connectAsync(url, { protocolVersion: 5, clientId: `sightline-test-${group()}` });
});
afterAll(() => publisher?.endAsync());

const publish = (topic: string, body: unknown, properties?: mqtt.IClientPublishOptions['properties']) =>
  publisher.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), {
    qos: 1,
    ...(properties ? { properties } : {}),
  });

describe('MQTT topics', () => {
  it.each([
    ['sightline/abc-1/sightings', { uuid: 'abc-1', kind: 'sightings' }],
    ['sightline/abc-1/heartbeat', { uuid: 'abc-1', kind: 'heartbeat' }],
    ['sightline/abc-1/impinj', { uuid: 'abc-1', kind: 'impinj' }],
    ['sightline/abc-1/zebra', { uuid: 'abc-1', kind: 'zebra' }],
    ['sightline/abc-1/other', undefined],
    ['sightline//sightings', undefined],
    ['other/abc-1/sightings', undefined],
    ['sightline/abc-1/sightings/extra', undefined],
  ])('%s', (topic, expected) => {
    expect(parseTopic(topic)).toEqual(expected);
  });
});

describe('MQTT ingest (real Mosquitto)', () => {
  let app: App;
  beforeAll(async () => {
    app = await mqttApp();
  });

  it('stores a native sighting (key in the body) and a Zebra event as events, and moves the thing', async () => {
    const s = await trackedSite(app);
    const tag = 'E28011700000AAAA00000001';
    const crate = (await makeThing(app.ctx.db, s.org.id, s.site.id, { tag })).id;
    await publish(`sightline/${s.dockReader.uuid}/sightings`, {
      key: s.dockReader.key,
      sightings: [{ tag, antenna: 1, time: '2024-05-01T10:00:00Z' }],
    });
    const atDock = await until(
      () => eventsOf(app, s.dockReader.id),
      (rows) => rows.length > 0,
    );
    expect(atDock).toEqual([expect.objectContaining({ tag, thingId: crate, zoneId: s.dock })]);
    expect((await thingRow(app.ctx.db, crate)).zoneId).toBe(s.dock);

    await publish(`sightline/${s.storeReader.uuid}/zebra`, {
      type: 'SIMPLE',
      timestamp: '2024-05-01T10:05:00.000+0000',
      data: { idHex: tag.toLowerCase(), antenna: 1, peakRssi: -58, eventNum: 7 },
    });
    const atStore = await until(
      () => eventsOf(app, s.storeReader.id),
      (rows) => rows.length > 0,
    );
    expect(atStore).toEqual([expect.objectContaining({ tag, thingId: crate, zoneId: s.store })]);
    expect(atStore[0]?.time.toISOString()).toBe('2024-05-01T10:05:00.000Z');
    expect((await thingRow(app.ctx.db, crate)).zoneId).toBe(s.store);
  });

  it('stores an Impinj event (one per message) and a native heartbeat (key as a user property)', async () => {
    const s = await trackedSite(app);
    const epc = Buffer.from('E28011700000BBBB00000002', 'hex').toString('base64');
    await publish(`sightline/${s.dockReader.uuid}/impinj`, {
      timestamp: '2024-05-01T11:00:00.123456789Z',
      eventType: 'tagInventory',
      tagInventoryEvent: { epc, antennaPort: 2, peakRssiCdbm: -6150 },
    });
    const stored = await until(
      () => eventsOf(app, s.dockReader.id),
      (rows) => rows.length > 0,
    );
    expect(stored).toEqual([expect.objectContaining({ tag: 'E28011700000BBBB00000002', antenna: 2 })]);

    await publish(
      `sightline/${s.storeReader.uuid}/heartbeat`,
      { uptime: 3600, readerTemp: 41.5, version: '8.4.1' },
      { userProperties: { key: s.storeReader.key } },
    );
    const beats = await until(
      () => app.ctx.db.select().from(endpointStatus).where(eq(endpointStatus.endpointId, s.storeReader.id)),
      (rows) => rows.length > 0,
    );
    expect(beats).toEqual([expect.objectContaining({ uptime: 3600, readerTemp: 41.5, version: '8.4.1' })]);
  });

  it('drops malformed and unauthenticated messages, and keeps going', async () => {
    const s = await trackedSite(app);
    const before = { ...(app.mqtt?.stats ?? { stored: 0, dropped: 0 }) };
    const topic = `sightline/${s.dockReader.uuid}/sightings`;
    await publish(topic, 'this is not JSON');
    await publish(topic, { key: 'wrong-key', sightings: [{ tag: 'AA01', time: '2024-05-01T10:00:00Z' }] });
    await publish(topic, { sightings: [{ tag: 'AA02', time: '2024-05-01T10:00:00Z' }] });
    await publish(topic, { key: s.dockReader.key, sightings: [{ tag: 'not hex!' }] });
    await publish(`sightline/${s.dockReader.uuid}/zebra`, [{ type: 'SIMPLE', data: {} }]);
    await publish('sightline/no-such-endpoint/zebra', [{ type: 'SIMPLE', data: { idHex: 'AA03' } }]);
    await publish(topic, {
      key: s.dockReader.key,
      sightings: [{ tag: 'AA04', time: '2024-05-01T10:00:00Z' }],
    });
    const stored = await until(
      () => eventsOf(app, s.dockReader.id),
      (rows) => rows.length > 0,
    );
    expect(stored.map((e) => e.tag)).toEqual(['AA04']);
    expect((app.mqtt?.stats.dropped ?? 0) - before.dropped).toBe(6);
  });

  // Two apps subscribed on one database would each store a message: every reader sample sent over
  // MQTT goes through this file's one app.
  describe('reader payloads of others', () => {
    it('stores the real Zebra heartbeat and the gpi and warning events published on the zebra topic', async () => {
      const s = await trackedSite(app);
      const dropped = app.mqtt?.stats.dropped;
      await publish(`sightline/${s.dockReader.uuid}/zebra`, zebraHeartbeat);
      await publish(`sightline/${s.dockReader.uuid}/zebra`, zebraGpiWarning);
      const records = await until(
        () => statusAnswered(s, s.dockReader.id),
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
        () => statusAnswered(s, s.dockReader.id),
        (rows) => rows.length >= 6,
      );
      expect(records).toEqual(nontagRecords(s.dockReader.id, ''));
    });

    it("stores the Impinj stream's tag events, one a message, with their peak RSSI", async () => {
      const s = await trackedSite(app);
      for (const line of streamLines) await publish(`sightline/${s.dockReader.uuid}/impinj`, line);
      expect(
        await until(
          () => eventsAnswered(s),
          (rows) => rows.length >= 2,
        ),
      ).toEqual(STREAM_EVENTS);
    });

    it("stores a Zebra handheld's dataEVT published on the zebra topic", async () => {
      const s = await trackedSite(app);
      await publish(`sightline/${s.dockReader.uuid}/zebra`, HANDHELD_DATA);
      expect(
        await until(
          () => eventsAnswered(s),
          (rows) => rows.length >= 2,
        ),
      ).toEqual(HANDHELD_EVENTS);
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('MQTT with two instances on one PostgreSQL', () => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    const shared = group();
    [a, b] = await Promise.all([mqttApp(shared), mqttApp(shared)]);
  });

  it('a shared subscription hands each message to one instance: every sighting stored once', async () => {
    const s = await trackedSite(a);
    const messages = 20;
    for (let i = 0; i < messages; i++) {
      await publish(`sightline/${s.dockReader.uuid}/sightings`, {
        key: s.dockReader.key,
        sightings: [{ tag: `CC${String(i).padStart(4, '0')}`, antenna: 1, time: '2024-05-01T10:00:00Z' }],
      });
    }
    const total = () =>
      a.ctx.db
        .select({ n: count() })
        .from(events)
        .where(and(eq(events.orgId, s.org.id), eq(events.endpointId, s.dockReader.id)));
    const [row] = await until(total, ([r]) => (r?.n ?? 0) >= messages);
    expect(row?.n).toBe(messages);
    const handled = (app: App) => app.mqtt?.stats.stored ?? 0;
    await until(
      async () => handled(a) + handled(b),
      (n) => n >= messages,
    );
    expect(handled(a) + handled(b)).toBe(messages);
    expect(handled(a)).toBeGreaterThan(0);
    expect(handled(b)).toBeGreaterThan(0);
  });
});
