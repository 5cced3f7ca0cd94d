import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { liveStream, postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeThing, readerBasic } from '../../../test/factories.js';

const app = await makeApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

describe('ingest on the live stream', () => {
  it("delivers the batch's event, zone change and thing update to the site's subscribers", async () => {
    const s = await trackedSite(app);
    const pallet = (await makeThing(app.ctx.db, s.org.id, s.site.id, { tag: 'E2801160AA0000000000CAFE' })).id;
    const stream = liveStream(port, s.viewer.cookie, s.site.id, (seen) =>
      ['event', 'zoneChange', 'thing'].every((type) => seen.some((m) => m.type === type)),
    );
    await stream.ready;
    const res = await postNative(app, s.dockReader, [
      { tag: 'E2801160AA0000000000CAFE', time: '2024-05-01T10:00:00Z' },
    ]);
    expect(res.statusCode).toBe(200);
    const seen = await stream.messages;
    expect(seen.find((m) => m.type === 'event')?.data).toMatchObject({
      tag: 'E2801160AA0000000000CAFE',
      thing: pallet,
      zone: s.dock,
      zoneName: 'Dock',
      endpointName: 'Dock reader',
      matched: true,
      repeatCount: 0,
    });
    expect(seen.find((m) => m.type === 'zoneChange')?.data).toMatchObject({
      thing: pallet,
      from: null,
      to: s.dock,
      toName: 'Dock',
      time: '2024-05-01T10:00:00.000Z',
    });
    expect(seen.find((m) => m.type === 'thing')?.data).toMatchObject({
      _id: pallet,
      change: 'updated',
      zone: s.dock,
    });
  });

  it('delivers heartbeats, and nothing of another organization', async () => {
    const s = await trackedSite(app);
    const other = await trackedSite(app);
    const stream = liveStream(port, s.viewer.cookie, s.site.id, (seen) =>
      seen.some((m) => m.type === 'heartbeat'),
    );
    await stream.ready;
    await postNative(app, other.dockReader, [{ tag: 'AB', time: '2024-05-01T10:00:00Z' }]);
    await app.inject({
      method: 'POST',
      url: `/api/ingest/impinj/${s.dockReader.uuid}`,
      headers: { authorization: readerBasic(s.dockReader), 'content-type': 'application/json' },
      payload: '[]',
    });
    const seen = await stream.messages;
    expect(seen.map((m) => m.type)).toEqual(['heartbeat']);
    expect(seen[0]?.data).toMatchObject({ endpoint: s.dockReader.id, name: 'Dock reader' });
  });
});
