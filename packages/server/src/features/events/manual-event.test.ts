import { ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { anonymous, clientWith, makeApp, makeThing, makeZone } from '../../../test/factories.js';

const app = await makeApp();
const { db } = app.ctx;

describe('POST /api/event (manual move)', () => {
  it('places the thing in the zone as if a gate saw it, closing its stay', async () => {
    const s = await trackedSite(app);
    const pallet = (await makeThing(db, s.org.id, s.site.id, { tag: 'E2801160AA02' })).id;
    await postNative(app, s.dockReader, [{ tag: 'E2801160AA02', time: '2024-05-01T10:00:00Z' }]);
    const res = await s.operator.request('POST', '/api/event', { tag: 'e2801160aa02', zone: s.store });
    expect(res.statusCode).toBe(200);
    const event = res.json();
    expect(event).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      tag: 'E2801160AA02',
      thing: pallet,
      zone: s.store,
      zoneName: 'Store',
      endpoint: null,
      repeatCount: 0,
      matched: true,
    });
    expect(event.time).toBe(event.firstTime);
    const thing = (await s.viewer.request('GET', `/api/things/${pallet}`)).json();
    expect(thing).toMatchObject({ zone: s.store, lastZoneTime: event.time, endpoint: null });
    const stays = (
      await s.viewer.request('GET', `/api/zonedurations?site=${s.site.id}&thing=${pallet}`)
    ).json();
    expect(stays).toEqual([
      expect.objectContaining({ zone: s.dock, timeStart: '2024-05-01T10:00:00.000Z', timeEnd: event.time }),
    ]);
    const list = (await s.viewer.request('GET', `/api/events?site=${s.site.id}&thing=${pallet}`)).json();
    expect(list[0]).toEqual(event);

    // the manual event is never compacted into: the next gate read starts a new event
    await postNative(app, s.dockReader, [{ tag: 'E2801160AA02', time: new Date().toISOString() }]);
    expect(
      (await s.viewer.request('GET', `/api/events?site=${s.site.id}&thing=${pallet}`)).json(),
    ).toHaveLength(3);
  });

  it('works with an API key', async () => {
    const s = await trackedSite(app);
    (await makeThing(db, s.org.id, s.site.id, { tag: 'AB12' })).id;
    const created = await s.admin.request('POST', '/api/apikeys', {
      name: 'Mover',
      roles: [ROLE_IDS.operator],
      securityCtx: { sites: [s.site.id] },
    });
    const bot = clientWith(app, { bearer: created.json().token });
    const res = await bot.request('POST', '/api/event', { tag: 'AB12', zone: s.dock });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tag: 'AB12', zone: s.dock });
  });

  it('refuses an unknown tag (404), a zone elsewhere (404), a viewer (403), bad input (400), no caller (401)', async () => {
    const s = await trackedSite(app);
    (await makeThing(db, s.org.id, s.site.id, { tag: 'CD34' })).id;
    const unknown = await s.operator.request('POST', '/api/event', { tag: 'EEEE', zone: s.dock });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unknown tag');
    const other = await trackedSite(app);
    const foreignZone = (await makeZone(db, other.org.id, other.site.id, { name: 'Theirs' })).id;
    const foreign = await s.operator.request('POST', '/api/event', { tag: 'CD34', zone: foreignZone });
    expect(foreign.statusCode).toBe(404);
    expect((await s.viewer.request('POST', '/api/event', { tag: 'CD34', zone: s.dock })).statusCode).toBe(
      403,
    );
    for (const body of [{ tag: 'CD34' }, { tag: 'not hex', zone: s.dock }, { tag: 'CD34', zone: 'x' }]) {
      expect((await s.operator.request('POST', '/api/event', body)).statusCode).toBe(400);
    }
    expect(
      (await anonymous(app).request('POST', '/api/event', { tag: 'CD34', zone: s.dock })).statusCode,
    ).toBe(401);
    const events = (await s.viewer.request('GET', `/api/events?site=${s.site.id}`)).json();
    expect(events).toEqual([]);
  });
});
