/**
 * The LLRP client against a simulated reader speaking LLRP over TCP on loopback: the session
 * set-up (capabilities, configuration, the ROSpec on the endpoint's antennas), tag reports into
 * events through the ingest path, antenna events into the connection's status, a reader that
 * vanishes and comes back, a reader that refuses, and a clean close on stop.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedFor, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp } from '../../../test/factories.js';
import { endpoints } from '../../db/schema.js';
import { MessageType, ReaderEventType } from '../../tracking/formats/llrp/codec.js';
import { LlrpReaderSimulator } from '../../tracking/simulator/llrp-reader.js';
import { SIGHTLINE_ROSPEC_ID } from './llrp-client.js';
import { liveConnections } from './repository.js';
import { createReaderConnections, type ReaderConnections } from './service.js';

const app = await makeApp();
const { db } = app.ctx;
const fast = { leaseMs: 1_500, keepaliveMs: 300, backoff: { initialMs: 50, maxMs: 200 } };

const started: { stop: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const s of started.splice(0).reverse()) await s.stop();
});

async function readerOn(port = 0) {
  const reader = new LlrpReaderSimulator({ port, antennas: 4 });
  await reader.start();
  started.push(reader);
  return reader;
}

function connections(orgId: string): ReaderConnections {
  const c = createReaderConnections(app.ctx, app.log, { ...fast, orgIds: [orgId] });
  c.start();
  started.push(c);
  return c;
}

async function connectedSite(port: number, antennas: number[] = []) {
  const s = await trackedSite(app);
  await db
    .update(endpoints)
    .set({
      connection: { mode: 'llrp', host: '127.0.0.1', port, tls: false },
      antennas: antennas.map((antenna) => ({ antenna, xycoordinates: [0, 0], map: null })),
    })
    .where(eq(endpoints.id, s.dockReader.id));
  return s;
}

const live = async (endpointId: string) => (await liveConnections(db, [endpointId])).get(endpointId);
const waitState = (endpointId: string, state: string) =>
  vi.waitFor(
    async () => {
      const l = await live(endpointId);
      expect(l?.state).toBe(state);
      return l;
    },
    { timeout: 8_000, interval: 50 },
  );

describe('LLRP client against a simulated reader', () => {
  it('sets the reader up, turns tag reports into events and antenna events into status', async () => {
    const reader = await readerOn();
    const s = await connectedSite(reader.port, [1, 3]);
    connections(s.org.id);
    await waitState(s.dockReader.id, 'connected');

    const types = reader.received.map((m) => m.type);
    expect(types).toEqual([
      MessageType.GET_READER_CAPABILITIES,
      MessageType.SET_READER_CONFIG,
      MessageType.DELETE_ROSPEC,
      MessageType.ADD_ROSPEC,
      MessageType.ENABLE_ROSPEC,
    ]);
    expect(reader.rospec).toMatchObject({
      id: SIGHTLINE_ROSPEC_ID,
      antennaIds: [1, 3],
      startImmediate: true,
    });
    expect(reader.enabled).toBe(true);
    expect(reader.config).toMatchObject({
      keepaliveMs: fast.keepaliveMs,
      events: [
        ReaderEventType.Antenna,
        ReaderEventType.ReportBufferFillWarning,
        ReaderEventType.ReaderException,
      ],
    });

    const firstSeen = Date.UTC(2026, 10, 27, 9, 30, 0) * 1000 + 123;
    // Antenna 2 is not in the ROSpec: the reader does not read it.
    expect(
      reader.readTags([
        {
          epc: '3074257BF7194E4000001A85',
          antennaId: 1,
          peakRssi: -52,
          firstSeenUtc: firstSeen,
          lastSeenUtc: firstSeen + 250_000,
        },
        { epc: '3074257BF7194E4000001A86', antennaId: 2, peakRssi: -60, firstSeenUtc: firstSeen },
      ]),
    ).toBe(1);
    await vi.waitFor(
      async () => expect(await storedFor(app, s.dockReader.id)).toEqual({ sightings: 1, events: 1 }),
      {
        timeout: 5_000,
      },
    );
    const list = (await s.viewer.request('GET', `/api/events?site=${s.site.id}`)).json();
    expect(
      list.map((e: { tag: string; antenna: number; time: string }) => [e.tag, e.antenna, e.time]),
    ).toEqual([['3074257BF7194E4000001A85', 1, '2026-11-27T09:30:00.250Z']]);
    await vi.waitFor(async () => expect((await live(s.dockReader.id))?.reportsReceived).toBe(1));

    const antennaAlerts = async (state: string) =>
      (
        (await s.admin.request('GET', `/api/exceptions?site=${s.site.id}&state=${state}`)).json() as {
          type: string;
          antenna: number | null;
        }[]
      )
        .filter((a) => a.type === 'antennaDisconnected')
        .map((a) => a.antenna);
    reader.antennaEvent(3, false);
    await vi.waitFor(async () => expect((await live(s.dockReader.id))?.antennas).toEqual({ '3': false }));
    // The reader's antenna event is an endpoint status record, and raises the antenna's alert.
    await vi.waitFor(async () => expect(await antennaAlerts('open')).toEqual([3]));
    const status = (await s.viewer.request('GET', `/api/endpoints/statusfb/${s.dockReader.id}`)).json();
    expect(status).toMatchObject({ kind: 'antenna', antennas: [{ antenna: 3, state: 'disconnected' }] });
    reader.antennaEvent(3, true);
    await vi.waitFor(async () => expect((await live(s.dockReader.id))?.antennas).toEqual({ '3': true }));
    await vi.waitFor(async () => expect(await antennaAlerts('resolved')).toEqual([3]));

    // Keepalives are answered.
    await vi.waitFor(() => expect(reader.keepaliveAcks).toBeGreaterThan(0), { timeout: 3_000 });
  });

  it('reads every antenna when the endpoint lists none', async () => {
    const reader = await readerOn();
    const s = await connectedSite(reader.port);
    connections(s.org.id);
    await waitState(s.dockReader.id, 'connected');
    expect(reader.rospec?.antennaIds).toEqual([0]);
  });

  it('a reader that vanishes shows disconnected with why, and is reconnected when it is back', async () => {
    const reader = await readerOn();
    const port = reader.port;
    const s = await connectedSite(port);
    connections(s.org.id);
    await waitState(s.dockReader.id, 'connected');

    await reader.stop();
    const gone = await waitState(s.dockReader.id, 'disconnected');
    expect(gone?.error).toMatch(/closed the connection|reset the connection|refused the connection/);

    const back = await readerOn(port);
    const again = await waitState(s.dockReader.id, 'connected');
    expect(again?.reconnects).toBe(1);
    expect(back.enabled).toBe(true);
    back.readTags([{ epc: 'E28011606000020000000001', antennaId: 2, peakRssi: -40 }]);
    await vi.waitFor(async () => expect((await storedFor(app, s.dockReader.id)).sightings).toBe(1));
  });

  it('a host name that resolves to loopback since it was saved is refused at connect: error, with why', async () => {
    const strict = await makeApp({ readerAllowLoopback: false });
    const reader = await readerOn();
    const s = await trackedSite(strict);
    // Stored as it was saved: a name then, a loopback address now (a DNS record changed since).
    await strict.ctx.db
      .update(endpoints)
      .set({ connection: { mode: 'llrp', host: 'localhost', port: reader.port, tls: false } })
      .where(eq(endpoints.id, s.dockReader.id));
    const c = createReaderConnections(strict.ctx, strict.log, { ...fast, orgIds: [s.org.id] });
    c.start();
    started.push(c);
    const refused = await vi.waitFor(
      async () => {
        const l = (await liveConnections(strict.ctx.db, [s.dockReader.id])).get(s.dockReader.id);
        expect(l?.state).toBe('error');
        return l;
      },
      { timeout: 8_000, interval: 50 },
    );
    expect(refused?.error).toMatch(
      /^refused: localhost resolves to (127\.0\.0\.1|::1) \(a reader connection may not reach/,
    );
    expect(reader.received).toEqual([]);
  });

  it('a reader with another client refuses: error, with why', async () => {
    const reader = await readerOn();
    const s = await connectedSite(reader.port);
    const other = await import('node:net').then((net) =>
      net.connect({ host: '127.0.0.1', port: reader.port }),
    );
    started.push({ stop: async () => void other.destroy() });
    await vi.waitFor(() => expect(reader.connected).toBe(true));
    connections(s.org.id);
    const refused = await waitState(s.dockReader.id, 'error');
    expect(refused?.error).toBe('the reader refused the connection: another client is connected to it');
  });

  it('nothing listening: disconnected, naming the address', async () => {
    const reader = await readerOn();
    const port = reader.port;
    await reader.stop();
    const s = await connectedSite(port);
    connections(s.org.id);
    const down = await waitState(s.dockReader.id, 'disconnected');
    expect(down?.error).toBe(
      `127.0.0.1:${port} refused the connection (nothing listens there: is LLRP enabled on the reader?)`,
    );
  });

  it('stop closes the session with CLOSE_CONNECTION and gives the lease up', async () => {
    const reader = await readerOn();
    const s = await connectedSite(reader.port);
    const c = createReaderConnections(app.ctx, app.log, { ...fast, orgIds: [s.org.id] });
    c.start();
    await waitState(s.dockReader.id, 'connected');
    await c.stop();
    expect(reader.received.at(-1)?.type).toBe(MessageType.CLOSE_CONNECTION);
    await vi.waitFor(() => expect(reader.connected).toBe(false));
    expect((await live(s.dockReader.id))?.state).toBe('disconnected');
  });

  it('an endpoint set back to push is let go', async () => {
    const reader = await readerOn();
    const s = await connectedSite(reader.port);
    const c = connections(s.org.id);
    await waitState(s.dockReader.id, 'connected');
    await db
      .update(endpoints)
      .set({ connection: { mode: 'push' } })
      .where(eq(endpoints.id, s.dockReader.id));
    await c.tick();
    expect(c.running()).not.toContain(s.dockReader.id);
    await vi.waitFor(() => expect(reader.connected).toBe(false));
  });
});
