import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { anonymous, login, makeApp, makeSite, makeThing, makeUser } from '../../../test/factories.js';

const app = await makeApp();
const { db } = app.ctx;

/** A site with history: a pallet seen at the dock (3 reads), then in the store, and an unknown tag. */
async function siteWithHistory() {
  const s = await trackedSite(app);
  const pallet = (await makeThing(db, s.org.id, s.site.id, { tag: 'AA01', name: 'Pallet 1' })).id;
  await postNative(app, s.dockReader, [
    { tag: 'AA01', antenna: 2, time: '2024-05-01T10:00:00Z', data: { cFloat0: 4.25 }, rssi: -70 },
    { tag: 'AA01', antenna: 2, time: '2024-05-01T10:00:20Z', rssi: -61.5 },
    // Sent out of order: the batch is applied in time order, so the event's RSSI is its 10:00:20 sighting's.
    { tag: 'AA01', antenna: 2, time: '2024-05-01T10:00:10Z', rssi: -80 },
    { tag: 'FF99', antenna: 1, time: '2024-05-01T10:00:30Z' },
  ]);
  await postNative(app, s.storeReader, [{ tag: 'AA01', time: '2024-05-02T09:00:00Z' }]);
  return { ...s, pallet };
}

describe('GET /api/events', () => {
  it('lists the site events newest first with names, counts and the matched flag', async () => {
    const s = await siteWithHistory();
    const res = await s.viewer.request('GET', `/api/events?site=${s.site.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const list = res.json();
    expect(list.map((e: { tag: string; zoneName: string }) => [e.tag, e.zoneName])).toEqual([
      ['AA01', 'Store'],
      ['FF99', 'Dock'],
      ['AA01', 'Dock'],
    ]);
    expect(list[2]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      tag: 'AA01',
      thing: s.pallet,
      time: '2024-05-01T10:00:20.000Z',
      firstTime: '2024-05-01T10:00:00.000Z',
      repeatCount: 2,
      direction: 'NEAR',
      endpoint: s.dockReader.id,
      endpointName: 'Dock reader',
      antenna: 2,
      zone: s.dock,
      zoneName: 'Dock',
      locationTag: null,
      locationTagName: null,
      alarmTamper: false,
      data: { cFloat0: 4.25 },
      rssi: -61.5,
      edits: [],
      matched: true,
    });
    expect(list[1]).toMatchObject({ thing: '787878787878787878787878', matched: false, rssi: null });
  });

  it('filters by time range, endpoints and thing, and pages', async () => {
    const s = await siteWithHistory();
    const base = `/api/events?site=${s.site.id}`;
    const tags = async (query: string) => {
      const res = await s.viewer.request('GET', `${base}${query}`);
      expect(res.statusCode).toBe(200);
      return { tags: res.json().map((e: { tag: string }) => e.tag), total: res.headers['x-total-count'] };
    };
    expect(await tags('&after=2024-05-02T00:00:00Z')).toEqual({ tags: ['AA01'], total: '1' });
    expect(await tags('&before=2024-05-01T10:00:25Z')).toEqual({ tags: ['AA01'], total: '1' });
    expect(await tags(`&endpoint=${s.storeReader.id},${s.dockReader.id}`)).toMatchObject({ total: '3' });
    expect(await tags(`&endpoint=${s.storeReader.id}`)).toEqual({ tags: ['AA01'], total: '1' });
    expect(await tags(`&thing=${s.pallet}`)).toEqual({ tags: ['AA01', 'AA01'], total: '2' });
    expect(await tags('&limit=1&page=1')).toEqual({ tags: ['FF99'], total: '3' });
    expect(await tags('&limit=10000&sort=repeatCount')).toMatchObject({ total: '3' });
  });

  it('validates the query (400), needs a caller (401) and a site of theirs (404)', async () => {
    const s = await siteWithHistory();
    for (const query of [
      '',
      '?site=nope',
      `?site=${s.site.id}&after=yesterday`,
      `?site=${s.site.id}&limit=10001`,
      `?site=${s.site.id}&endpoint=abc`,
      `?site=${s.site.id}&sort=secret`,
    ]) {
      expect((await s.viewer.request('GET', `/api/events${query}`)).statusCode, query).toBe(400);
    }
    expect((await anonymous(app).request('GET', `/api/events?site=${s.site.id}`)).statusCode).toBe(401);
    const other = await trackedSite(app);
    expect((await other.admin.request('GET', `/api/events?site=${s.site.id}`)).statusCode).toBe(404);
    const elsewhere = await makeSite(app, s.org.id);
    const user = await makeUser(app, s.org.id, { role: 'viewer', sites: [elsewhere.id] });
    const limited = await login(app, user.username);
    expect((await limited.request('GET', `/api/events?site=${s.site.id}`)).statusCode).toBe(404);
    expect((await limited.request('GET', `/api/events?site=${elsewhere.id}`)).json()).toEqual([]);
  });
});

describe('GET /api/eventsources', () => {
  it("lists the site's endpoints by name", async () => {
    const s = await trackedSite(app);
    const res = await s.viewer.request('GET', `/api/eventsources?site=${s.site.id}`);
    expect(res.json()).toEqual([
      { _id: s.dockReader.id, name: 'Dock reader' },
      { _id: s.storeReader.id, name: 'Store reader' },
    ]);
    expect((await s.viewer.request('GET', '/api/eventsources')).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', `/api/eventsources?site=${s.site.id}`)).statusCode).toBe(401);
    const other = await trackedSite(app);
    expect((await other.viewer.request('GET', `/api/eventsources?site=${s.site.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/zonedurations', () => {
  it('lists closed stays with names, filtered by overlap and thing', async () => {
    const s = await siteWithHistory();
    const base = `/api/zonedurations?site=${s.site.id}`;
    const res = await s.viewer.request('GET', base);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        thing: s.pallet,
        thingName: 'Pallet 1',
        zone: s.dock,
        zoneName: 'Dock',
        timeStart: '2024-05-01T10:00:00.000Z',
        timeEnd: '2024-05-02T09:00:00.000Z',
        timeDuration: 23 * 3600 * 1e9,
      },
    ]);
    expect(
      (
        await s.viewer.request('GET', `${base}&after=2024-05-01T12:00:00Z&before=2024-05-01T13:00:00Z`)
      ).json(),
    ).toHaveLength(1);
    expect((await s.viewer.request('GET', `${base}&after=2024-05-03T00:00:00Z`)).json()).toEqual([]);
    expect((await s.viewer.request('GET', `${base}&thing=${s.dockReader.id}`)).json()).toEqual([]);
    expect((await s.viewer.request('GET', `${base}&before=soon`)).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', base)).statusCode).toBe(401);
    const other = await trackedSite(app);
    expect((await other.viewer.request('GET', base)).statusCode).toBe(404);
  });
});
